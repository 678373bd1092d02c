import type { ReactNode, Ref } from "react";

/**
 * The top of a member's list (Ma liste, Historique): its h1 (focusable, so focus can land there
 * when the card that had it leaves), the count read politely as it changes, and the list's tools.
 * `count` undefined while it loads: a placeholder keeps the line's height.
 */
export function ListHeading({
  title,
  count,
  headingRef,
  children,
}: {
  title: string;
  count: string | undefined;
  headingRef: Ref<HTMLHeadingElement>;
  children?: ReactNode;
}) {
  return (
    <div className="flex flex-wrap items-end justify-between gap-4">
      <div>
        <h1
          ref={headingRef}
          tabIndex={-1}
          className="text-3xl font-extrabold tracking-tight outline-none sm:text-4xl"
        >
          {title}
        </h1>
        <p className="mt-2 h-6 text-muted tabular-nums" aria-live="polite">
          {count ?? <span aria-hidden="true" className="skeleton inline-block h-4 w-20 rounded" />}
        </p>
      </div>
      {children}
    </div>
  );
}
