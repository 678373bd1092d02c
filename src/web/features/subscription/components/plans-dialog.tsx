import { CircleCheck } from "lucide-react";
import { useId } from "react";
import { buttonStyles } from "#web/components/ui/button-styles.ts";
import { CloseButton } from "#web/components/ui/close-button.tsx";
import { Dialog, sheetDialogClass } from "#web/components/ui/dialog.tsx";
import { plansText } from "#web/i18n/subscription.ts";
import { PlansPanel } from "./plans-panel.tsx";

/**
 * spec §2 Register: "After verification and account creation a plans modal is shown; closing it
 * goes to /" (components/ui/dialog.tsx: inert page, focus kept inside and given back, Escape closes).
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
  const titleId = useId();
  const introId = useId();

  return (
    <Dialog
      labelledBy={titleId}
      describedBy={introId}
      onClose={onClose}
      lockScroll
      className={`${sheetDialogClass} max-h-[calc(100dvh-2rem)] w-[min(68rem,calc(100vw-2rem))] rounded-3xl`}
    >
      <div className="relative px-5 pt-7 pb-6 sm:px-10 sm:pt-10 sm:pb-9">
        <div
          aria-hidden="true"
          className="pointer-events-none absolute inset-x-0 top-0 h-64 bg-[radial-gradient(55%_100%_at_50%_0%,color-mix(in_oklab,var(--color-accent)_13%,transparent),transparent_75%)]"
        />
        <CloseButton
          label={plansText.close}
          onClick={onClose}
          className="absolute top-4 right-4 z-10 size-10 text-muted transition-colors hover:bg-white/10 hover:text-fg sm:top-5 sm:right-5"
        />
        <header className="relative max-w-2xl pr-10">
          {notice && (
            <p className="mb-4 inline-flex items-center gap-2 rounded-full border border-emerald-400/30 bg-emerald-400/10 py-1 pr-3.5 pl-2 text-sm font-medium text-emerald-100">
              <CircleCheck className="size-4 text-emerald-300" aria-hidden="true" />
              {notice}
            </p>
          )}
          {eyebrow && <p className="mb-2 text-sm font-semibold text-accent">{eyebrow}</p>}
          <h2 id={titleId} className="text-2xl font-extrabold tracking-tight text-balance sm:text-4xl">
            {plansText.title}
          </h2>
          <p id={introId} className="mt-2 text-pretty text-muted sm:text-lg">
            {notice && <span className="sr-only">{notice}. </span>}
            {plansText.intro}
          </p>
        </header>
        <div className="relative mt-8">
          <PlansPanel />
        </div>
        <div className="relative mt-8 flex justify-end border-t border-white/8 pt-6">
          <button type="button" className={buttonStyles({ variant: "outline" })} onClick={onClose}>
            {plansText.later}
          </button>
        </div>
      </div>
    </Dialog>
  );
}
