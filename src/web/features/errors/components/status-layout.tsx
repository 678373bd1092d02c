import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";

/** The frame shared by the error and not-found screens: icon, code badge, title, text, actions. */
export function StatusLayout({
  icon: Icon,
  badge,
  badgeLabel,
  title,
  description,
  children,
  footer,
}: {
  icon: LucideIcon;
  badge: string;
  badgeLabel: string;
  title: string;
  description: string;
  children?: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <section className="relative isolate flex min-h-dvh items-center justify-center overflow-hidden px-5 pt-24 pb-14 sm:px-8">
      {/* The code, huge and faint, sized to its length so that it always fits. */}
      <div aria-hidden="true" className="pointer-events-none absolute inset-0 -z-10">
        <div className="absolute inset-x-0 top-0 h-[65%] bg-[radial-gradient(55%_60%_at_50%_0%,color-mix(in_oklab,var(--color-accent)_12%,transparent),transparent_72%)]" />
        <p
          style={{ fontSize: `min(26rem, ${Math.round(110 / Math.max(badge.length, 3))}vw)` }}
          className="absolute top-1/2 left-1/2 -translate-x-1/2 -translate-y-1/2 leading-none font-black tracking-tighter whitespace-nowrap text-white/[0.025] select-none"
        >
          {badge}
        </p>
      </div>

      <div className="flex w-full max-w-xl animate-fade-in flex-col items-center text-center">
        <span className="grid size-16 place-items-center rounded-2xl border border-line bg-surface text-accent shadow-poster">
          <Icon className="size-7" aria-hidden="true" />
        </span>
        <p className="mt-6 inline-flex items-center gap-2 rounded-full border border-white/12 bg-white/5 px-3 py-1 font-mono text-xs font-semibold tracking-wider text-muted">
          <span className="font-sans font-medium tracking-normal">{badgeLabel}</span>
          <span className="text-fg">{badge}</span>
        </p>
        <h1 className="mt-4 text-4xl font-extrabold tracking-tight text-balance sm:text-5xl">{title}</h1>
        <p className="mt-4 max-w-lg text-base text-pretty text-muted sm:text-lg">{description}</p>
        {children}
        {footer}
      </div>
    </section>
  );
}
