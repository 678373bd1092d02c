import { TriangleAlert } from "lucide-react";
import { useEffect, useId, useRef } from "react";
import { buttonStyles } from "#web/components/ui/button-styles.ts";
import { fr } from "#web/i18n/fr.ts";

/**
 * The clear-all confirmation (spec §5: 'Êtes-vous sûr de vouloir effacer tout votre historique ?').
 * A native modal <dialog>: the page behind is inert, focus starts on Annuler (the safe choice),
 * Escape cancels, and the browser gives focus back to the button that opened it.
 */
export function ClearHistoryDialog({
  busy,
  onConfirm,
  onClose,
}: {
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const textId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);

  return (
    <dialog
      ref={ref}
      role="alertdialog"
      aria-labelledby={titleId}
      aria-describedby={textId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      className="m-auto w-[min(28rem,calc(100vw-2rem))] animate-fade-in rounded-2xl border border-white/10 bg-surface p-6 text-fg shadow-[0_40px_120px_-30px_rgb(0_0_0/0.95)] backdrop:bg-black/70 backdrop:backdrop-blur-sm sm:p-7"
    >
      <span className="grid size-11 place-items-center rounded-xl bg-danger/15 text-danger">
        <TriangleAlert className="size-5" aria-hidden="true" />
      </span>
      <h2 id={titleId} className="mt-4 text-lg leading-snug font-bold text-balance">
        {fr.history.confirmClear}
      </h2>
      <p id={textId} className="mt-2 text-sm text-pretty text-muted">
        {fr.history.confirmClearText}
      </p>
      <div className="mt-6 flex flex-wrap justify-end gap-3">
        {/* biome-ignore lint/a11y/noAutofocus: the safe choice takes the focus in a destructive confirmation */}
        <button type="button" autoFocus className={buttonStyles({ variant: "outline" })} onClick={onClose}>
          {fr.history.cancel}
        </button>
        <button
          type="button"
          disabled={busy}
          className={`${buttonStyles()} bg-danger text-bg hover:bg-danger/85`}
          onClick={onConfirm}
        >
          {fr.history.confirm}
        </button>
      </div>
    </dialog>
  );
}
