/**
 * Button looks shared by <button> and <Link>: one place for sizes, colours and focus, so an action
 * looks the same whatever element carries it.
 */
type Variant = "primary" | "secondary" | "ghost" | "outline" | "danger";
type Size = "sm" | "md" | "lg";

const base =
  "inline-flex shrink-0 items-center justify-center gap-2 rounded-full font-semibold whitespace-nowrap " +
  "select-none transition-[background-color,color,border-color,transform] duration-150 ease-out " +
  "motion-safe:active:scale-[0.97] disabled:pointer-events-none disabled:opacity-50 [&_svg]:shrink-0";

const variants: Record<Variant, string> = {
  primary: "bg-accent text-on-accent hover:bg-accent-hover",
  secondary: "bg-white/14 text-fg backdrop-blur-md hover:bg-white/22",
  ghost: "text-fg/90 hover:bg-white/8 hover:text-fg",
  outline: "border border-white/20 text-fg hover:border-white/40 hover:bg-white/6",
  /** The confirming button of a destructive action. */
  danger: "bg-danger text-on-accent hover:bg-danger/85",
};

const sizes: Record<Size, string> = {
  sm: "h-9 px-4 text-sm [&_svg]:size-4",
  md: "h-11 px-5 text-[0.95rem] [&_svg]:size-[1.1rem]",
  lg: "h-12 px-4 text-[0.95rem] sm:h-13 sm:px-7 sm:text-[1.05rem] [&_svg]:size-5",
};

export function buttonStyles({ variant = "primary", size = "md" }: { variant?: Variant; size?: Size } = {}) {
  return `${base} ${variants[variant]} ${sizes[size]}`;
}
