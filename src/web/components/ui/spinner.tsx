/** A short-action spinner (DESIGN.md: skeletons for first loads, a spinner only for short work). */
export function Spinner({ className = "size-10" }: { className?: string }) {
  return (
    <svg viewBox="0 0 40 40" className={`animate-spin ${className}`} aria-hidden="true" focusable="false">
      <circle
        cx="20"
        cy="20"
        r="16"
        fill="none"
        stroke="currentColor"
        strokeOpacity="0.14"
        strokeWidth="3.5"
      />
      <path
        d="M20 4a16 16 0 0 1 16 16"
        fill="none"
        stroke="var(--color-accent)"
        strokeWidth="3.5"
        strokeLinecap="round"
      />
    </svg>
  );
}
