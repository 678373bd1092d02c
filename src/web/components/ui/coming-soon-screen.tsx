import { Clapperboard, House } from "lucide-react";
import { Link } from "react-router";
import { commonText } from "#web/i18n/common.ts";
import { useDocumentTitle } from "#web/lib/use-document-title.ts";
import { buttonStyles } from "./button-styles.ts";

/** Stand-in for a screen not built yet: its title, 'Bientôt disponible' and a way home. */
export function ComingSoonScreen({ title }: { title: string }) {
  useDocumentTitle(title);
  return (
    <section className="relative isolate flex min-h-dvh items-center justify-center overflow-hidden px-6 pt-24 pb-16">
      <div
        aria-hidden="true"
        className="absolute inset-x-0 top-0 -z-10 h-[70%] bg-[radial-gradient(60%_60%_at_50%_0%,color-mix(in_oklab,var(--color-accent)_14%,transparent),transparent_70%)]"
      />
      <div className="flex max-w-lg animate-fade-in flex-col items-center text-center">
        <span className="mb-6 grid size-16 place-items-center rounded-2xl border border-line bg-surface text-accent shadow-poster">
          <Clapperboard className="size-7" aria-hidden="true" />
        </span>
        <p className="mb-3 rounded-full border border-accent/30 bg-accent/10 px-3 py-1 text-xs font-semibold tracking-[0.14em] text-accent uppercase">
          {commonText.comingSoon}
        </p>
        <h1 className="text-4xl font-extrabold tracking-tight text-balance sm:text-5xl">{title}</h1>
        <p className="mt-4 text-base text-pretty text-muted sm:text-lg">{commonText.comingSoonText}</p>
        <Link to="/" className={`${buttonStyles({ variant: "outline" })} mt-8`}>
          <House aria-hidden="true" />
          {commonText.backHome}
        </Link>
      </div>
    </section>
  );
}
