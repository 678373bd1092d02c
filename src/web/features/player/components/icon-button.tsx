import type { ReactNode } from "react";

/** The look of the player's round buttons, also for the actions a screen puts in its top bar. */
export const playerIconButtonClass =
  "grid size-11 shrink-0 place-items-center rounded-full text-fg transition-colors hover:bg-white/12 aria-expanded:bg-white/16 aria-pressed:bg-white/16 [&_svg]:size-5 sm:[&_svg]:size-6";

/**
 * A player control: an icon named by its French label (aria-label and tooltip); `expanded` for a
 * button that opens a panel (announced as open or closed).
 */
export function IconButton({
  label,
  expanded,
  onClick,
  children,
}: {
  label: string;
  expanded?: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      aria-expanded={expanded}
      onClick={onClick}
      className={playerIconButtonClass}
    >
      {children}
    </button>
  );
}
