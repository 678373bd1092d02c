import { buttonStyles } from "#web/components/ui/button-styles.ts";
import { TitledDialog } from "#web/components/ui/dialog.tsx";
import { historyText } from "#web/i18n/history.ts";

/**
 * The clear-all confirmation (spec §5: 'Êtes-vous sûr de vouloir effacer tout votre historique ?'):
 * focus starts on Annuler (the safe choice), Escape cancels, focus goes back to the button that
 * opened it (components/ui/dialog.tsx).
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
  return (
    <TitledDialog
      role="alertdialog"
      danger
      title={historyText.confirmClear}
      description={historyText.confirmClearText}
      width="w-[min(28rem,calc(100vw-2rem))]"
      onClose={onClose}
    >
      <div className="mt-6 flex flex-wrap justify-end gap-3">
        {/* biome-ignore lint/a11y/noAutofocus: the safe choice takes the focus in a destructive confirmation */}
        <button type="button" autoFocus className={buttonStyles({ variant: "outline" })} onClick={onClose}>
          {historyText.cancel}
        </button>
        <button
          type="button"
          disabled={busy}
          className={buttonStyles({ variant: "danger" })}
          onClick={onConfirm}
        >
          {historyText.confirm}
        </button>
      </div>
    </TitledDialog>
  );
}
