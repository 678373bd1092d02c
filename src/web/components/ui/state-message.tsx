import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { buttonStyles } from "./button-styles.ts";

/** A message's way forward when it is a page to go to. */
export interface StateLink {
  to: string;
  label: string;
  icon?: LucideIcon | undefined;
}

/**
 * An in-page message for empty and failed states (DESIGN.md: a sentence and a way forward: an
 * `action`, or a `link` drawn as the main button). `alert` announces it at once, for failures.
 */
export function StateMessage({
  icon,
  title,
  text,
  action,
  link,
  alert = false,
  headingLevel = 2,
  headingId,
}: {
  icon: LucideIcon;
  title: string;
  text: string;
  action?: ReactNode;
  link?: StateLink | undefined;
  alert?: boolean;
  /** 1 when the message is the whole screen (its title is the page's h1). */
  headingLevel?: 1 | 2;
  headingId?: string;
}) {
  return (
    <div
      role={alert ? "alert" : undefined}
      className="flex flex-col items-center rounded-2xl border border-line bg-surface/70 px-6 py-14 text-center"
    >
      <MessageLines
        icon={icon}
        title={title}
        text={text}
        heading={headingLevel === 1 ? "h1" : "h2"}
        headingId={headingId}
        titleClassName="text-xl"
      />
      {link && (
        <div className="mt-6">
          <Link to={link.to} className={buttonStyles()}>
            {link.icon && <link.icon aria-hidden="true" />}
            {link.label}
          </Link>
        </div>
      )}
      {action && <div className="mt-6">{action}</div>}
    </div>
  );
}

/**
 * The icon, title and sentence of a message: in a page (StateMessage) and on the player's
 * full-screen states, each with its own frame and title size.
 */
export function MessageLines({
  icon: Icon,
  title,
  text,
  heading: Heading,
  headingId,
  titleClassName,
}: {
  icon: LucideIcon;
  title: string;
  text?: string | undefined;
  heading: "h1" | "h2";
  headingId?: string | undefined;
  titleClassName: string;
}) {
  return (
    <>
      <span className="grid size-14 place-items-center rounded-2xl bg-surface-2 text-accent">
        <Icon className="size-6" aria-hidden="true" />
      </span>
      <Heading id={headingId} className={`mt-5 font-bold tracking-tight ${titleClassName}`}>
        {title}
      </Heading>
      {text && <p className="mt-2 max-w-md text-pretty text-muted">{text}</p>}
    </>
  );
}
