import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";

/**
 * An in-page message for empty and failed states (DESIGN.md: a sentence and a way forward).
 * `alert` announces it at once, for failures.
 */
export function StateMessage({
  icon: Icon,
  title,
  text,
  action,
  alert = false,
  headingLevel = 2,
  headingId,
}: {
  icon: LucideIcon;
  title: string;
  text: string;
  action?: ReactNode;
  alert?: boolean;
  /** 1 when the message is the whole screen (its title is the page's h1). */
  headingLevel?: 1 | 2;
  headingId?: string;
}) {
  const Heading = headingLevel === 1 ? "h1" : "h2";
  return (
    <div
      role={alert ? "alert" : undefined}
      className="flex flex-col items-center rounded-2xl border border-line bg-surface/70 px-6 py-14 text-center"
    >
      <span className="grid size-14 place-items-center rounded-2xl bg-surface-2 text-accent">
        <Icon className="size-6" aria-hidden="true" />
      </span>
      <Heading id={headingId} className="mt-5 text-xl font-bold tracking-tight">
        {title}
      </Heading>
      <p className="mt-2 max-w-md text-pretty text-muted">{text}</p>
      {action && <div className="mt-6">{action}</div>}
    </div>
  );
}
