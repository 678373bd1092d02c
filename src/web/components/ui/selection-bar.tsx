import type { ReactNode } from "react";
import { buttonStyles } from "./button-styles.ts";

/**
 * The actions on the rows chosen in a list (decision 015: the admin's bulk actions). Sticky under
 * the admin's tab strip, since on a phone the selection is chosen far down the list; there it
 * keeps to two short lines (the count, then the actions side by side with their short names), so
 * that it hides as little of the list as it can.
 */
export function SelectionBar({
  label,
  count,
  children,
}: {
  label: string;
  count: string;
  children: ReactNode;
}) {
  return (
    <section
      aria-label={label}
      data-sticky-selection
      className="sticky top-[7.5rem] z-[5] mt-4 grid grid-cols-2 gap-2 rounded-2xl border border-accent/40 bg-[color-mix(in_oklab,var(--color-accent)_10%,var(--color-bg))] px-3 py-2.5 sm:flex sm:flex-wrap sm:items-center sm:gap-3 sm:px-4 sm:py-3"
    >
      <p role="status" className="col-span-2 text-sm font-semibold">
        {count}
      </p>
      {children}
    </section>
  );
}

/** One action of the bar: its full name from a tablet up, its short one on a phone (which is then its name). */
export function SelectionAction({
  icon,
  label,
  short,
  danger = false,
  disabled = false,
  hint,
  onClick,
}: {
  icon: ReactNode;
  label: string;
  short: string;
  danger?: boolean;
  /** Nothing ticked that this action can take (`hint` says why). */
  disabled?: boolean;
  hint?: string | undefined;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      className={`${buttonStyles({ variant: danger ? "danger" : "outline", size: "sm" })} max-sm:px-3`}
      disabled={disabled}
      title={disabled ? hint : undefined}
      onClick={onClick}
    >
      {icon}
      <span className="sm:hidden">{short}</span>
      <span className="max-sm:hidden">{label}</span>
    </button>
  );
}
