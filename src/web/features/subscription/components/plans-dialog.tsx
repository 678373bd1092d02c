import { CircleCheck, X } from "lucide-react";
import { useEffect, useId, useRef } from "react";
import { buttonStyles } from "#web/components/ui/button-styles.ts";
import { fr } from "#web/i18n/fr.ts";
import { PlansPanel } from "./plans-panel.tsx";

/**
 * spec §2 Register: "After verification and account creation a plans modal is shown; closing it
 * goes to /". A native modal <dialog>: the page behind is inert, focus stays inside, Escape closes.
 * The modal sits above the toasts, so what just happened (`notice`) is said in the modal itself.
 */
export function PlansDialog({
  notice,
  eyebrow,
  onClose,
}: {
  notice?: string | undefined;
  eyebrow?: string | undefined;
  onClose: () => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const introId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    // The page behind does not scroll under the modal.
    const root = document.documentElement;
    const previous = root.style.overflow;
    root.style.overflow = "hidden";
    return () => {
      root.style.overflow = previous;
    };
  }, []);

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={introId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      className="m-auto max-h-[calc(100dvh-2rem)] w-[min(68rem,calc(100vw-2rem))] animate-fade-in overflow-y-auto overscroll-contain rounded-3xl border border-white/10 bg-surface p-0 text-fg shadow-[0_40px_120px_-30px_rgb(0_0_0/0.95)] backdrop:bg-black/75 backdrop:backdrop-blur-sm max-sm:h-dvh max-sm:max-h-none max-sm:w-screen max-sm:max-w-none max-sm:rounded-none max-sm:border-0"
    >
      <div className="relative px-5 pt-7 pb-6 sm:px-10 sm:pt-10 sm:pb-9">
        <div
          aria-hidden="true"
          className="pointer-events-none absolute inset-x-0 top-0 h-64 bg-[radial-gradient(55%_100%_at_50%_0%,color-mix(in_oklab,var(--color-accent)_13%,transparent),transparent_75%)]"
        />
        <button
          type="button"
          onClick={onClose}
          aria-label={fr.plans.close}
          className="absolute top-4 right-4 z-10 grid size-10 place-items-center rounded-full text-muted transition-colors hover:bg-white/10 hover:text-fg sm:top-5 sm:right-5"
        >
          <X className="size-5" aria-hidden="true" />
        </button>
        <header className="relative max-w-2xl pr-10">
          {notice && (
            <p className="mb-4 inline-flex items-center gap-2 rounded-full border border-emerald-400/30 bg-emerald-400/10 py-1 pr-3.5 pl-2 text-sm font-medium text-emerald-100">
              <CircleCheck className="size-4 text-emerald-300" aria-hidden="true" />
              {notice}
            </p>
          )}
          {eyebrow && <p className="mb-2 text-sm font-semibold text-accent">{eyebrow}</p>}
          <h2 id={titleId} className="text-2xl font-extrabold tracking-tight text-balance sm:text-4xl">
            {fr.plans.title}
          </h2>
          <p id={introId} className="mt-2 text-pretty text-muted sm:text-lg">
            {notice && <span className="sr-only">{notice}. </span>}
            {fr.plans.intro}
          </p>
        </header>
        <div className="relative mt-8">
          <PlansPanel />
        </div>
        <div className="relative mt-8 flex justify-end border-t border-white/8 pt-6">
          <button type="button" className={buttonStyles({ variant: "outline" })} onClick={onClose}>
            {fr.plans.later}
          </button>
        </div>
      </div>
    </dialog>
  );
}
