import type { ButtonHTMLAttributes, ReactNode } from "react";

/**
 * A round button in a card's top-right corner, above the card's full-size link (Ma liste's heart,
 * Historique's remove). `tone` colours its icon; other attributes (data-*) go to the button.
 */
export function CardBadgeButton({
  label,
  tone = "plain",
  children,
  ...button
}: {
  label: string;
  tone?: "accent" | "plain";
  children: ReactNode;
} & Omit<ButtonHTMLAttributes<HTMLButtonElement>, "className" | "type" | "aria-label" | "title">) {
  return (
    <button
      {...button}
      type="button"
      aria-label={label}
      title={label}
      className={`scheme-dark absolute top-2 right-2 z-20 grid size-9 place-items-center pointer-coarse:size-11 rounded-full bg-black/65 shadow-lg ring-1 ring-white/15 backdrop-blur-md transition-[background-color,transform] hover:bg-black/85 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent motion-safe:active:scale-90 ${tone === "accent" ? "text-accent" : "text-fg hover:text-danger"}`}
    >
      {children}
    </button>
  );
}
