import type { ReactNode, Ref } from "react";
import { Link } from "react-router";

/**
 * The frame of the account screens: a card centred on the dark stage, lit from above by the
 * projector's amber. One h1 per screen (DESIGN.md); it takes focus when the step changes.
 */
export function AuthShell({
  title,
  intro,
  icon,
  headingRef,
  children,
  footer,
  backdrop,
  wide = false,
}: {
  title: string;
  intro?: ReactNode;
  icon?: ReactNode;
  headingRef?: Ref<HTMLHeadingElement>;
  children: ReactNode;
  footer?: ReactNode;
  /** A decorative layer behind everything (the screens pass the catalogue's poster wall). */
  backdrop?: ReactNode;
  wide?: boolean;
}) {
  return (
    <section className="relative isolate flex min-h-dvh items-start justify-center overflow-hidden px-4 pt-24 pb-14 sm:items-center sm:px-8 lg:pt-28">
      {backdrop}
      <div aria-hidden="true" className="pointer-events-none absolute inset-0 -z-10">
        <div className="absolute inset-x-0 top-0 h-[75%] bg-[radial-gradient(50%_55%_at_50%_0%,color-mix(in_oklab,var(--color-accent)_16%,transparent),transparent_75%)]" />
        <div className="absolute inset-x-0 bottom-0 h-1/2 bg-[radial-gradient(45%_60%_at_85%_100%,rgb(120_60_200/0.10),transparent_70%)]" />
        <div className="absolute inset-0 bg-[radial-gradient(120%_90%_at_50%_40%,transparent_55%,rgb(0_0_0/0.55))]" />
      </div>

      <div className={`w-full animate-fade-in ${wide ? "max-w-lg" : "max-w-md"}`}>
        <div className="rounded-3xl border border-white/8 bg-surface/85 px-5 py-7 shadow-[0_30px_80px_-30px_rgb(0_0_0/0.9)] backdrop-blur-xl sm:px-9 sm:py-9">
          {icon && (
            <span className="mb-5 grid size-12 place-items-center rounded-2xl border border-line bg-surface-2 text-accent">
              {icon}
            </span>
          )}
          <h1
            ref={headingRef}
            tabIndex={-1}
            className="text-[1.75rem] leading-tight font-extrabold tracking-tight text-balance sm:text-3xl"
          >
            {title}
          </h1>
          {intro && <div className="mt-2 text-[0.95rem] text-pretty text-muted">{intro}</div>}
          <div className="mt-7">{children}</div>
        </div>
        {footer && <div className="mt-6 text-center text-sm text-muted">{footer}</div>}
      </div>
    </section>
  );
}

/** Under the card: a question and the link to the other account screen (« Pas encore de compte ? »). */
export function AuthFooterLink({ question, to, label }: { question: string; to: string; label: string }) {
  return (
    <>
      {question}{" "}
      <Link to={to} className="rounded-md font-semibold text-accent underline-offset-4 hover:underline">
        {label}
      </Link>
    </>
  );
}
