import { Download, History, Trash2, TriangleAlert, Upload, UserX } from "lucide-react";
import { type FormEvent, type ReactNode, useRef, useState } from "react";
import { type MemberSettings, memberMessages } from "#contract/member";
import { buttonStyles } from "#web/components/ui/button-styles.ts";
import { FormAlert } from "#web/components/ui/form-alert.tsx";
import { PasswordField } from "#web/components/ui/password-field.tsx";
import { fr } from "#web/i18n/fr.ts";
import { isApiRequestError, serverMessage } from "#web/lib/api.ts";
import { toast } from "#web/lib/toast.ts";
import { parseSettingsFile } from "../lib/settings-file.ts";
import { ModalDialog } from "./modal-dialog.tsx";

const dangerButton = `${buttonStyles({ variant: "outline" })} border-danger/50 text-red-200 hover:border-danger hover:bg-danger/10`;

function Action({
  icon: Icon,
  title,
  text,
  children,
}: {
  icon: typeof Download;
  title: string;
  text: string;
  children: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-3 py-4 first:pt-1 last:pb-0 sm:flex-row sm:items-center sm:justify-between">
      <div className="flex min-w-0 gap-3">
        <Icon className="mt-0.5 size-5 shrink-0 text-muted" aria-hidden="true" />
        <div className="min-w-0">
          <h3 className="font-medium">{title}</h3>
          <p className="mt-0.5 text-sm text-muted">{text}</p>
        </div>
      </div>
      <div className="shrink-0 self-start sm:self-center">{children}</div>
    </div>
  );
}

/**
 * spec §2 Settings « data management » and issue 6 « Your data »: export, import of settings,
 * clear history (its own confirmation, spec §5), erase everything (spec §5's confirmation) and
 * account deletion (password typed again).
 */
export function DataManagement({
  exporting,
  onExport,
  onImport,
  onClearHistory,
  erasing,
  onErase,
  deleting,
  onDelete,
}: {
  exporting: boolean;
  onExport: () => void;
  onImport: (settings: MemberSettings) => void;
  onClearHistory: () => void;
  erasing: boolean;
  onErase: () => Promise<unknown>;
  deleting: boolean;
  onDelete: (password: string) => Promise<unknown>;
}) {
  const fileRef = useRef<HTMLInputElement>(null);
  const [dialog, setDialog] = useState<"erase" | "delete" | null>(null);
  const [importError, setImportError] = useState<string | undefined>();
  const d = fr.member.data;

  const pickFile = async (file: File | undefined) => {
    if (!file) return;
    const result = parseSettingsFile(await file.text());
    if (fileRef.current) fileRef.current.value = "";
    if (!result.ok) {
      setImportError(result.error);
      toast.error(memberMessages.importInvalid, result.error);
      return;
    }
    setImportError(undefined);
    onImport(result.settings);
  };

  return (
    <>
      <Action icon={Download} title={d.exportTitle} text={d.exportText}>
        <button
          type="button"
          className={buttonStyles({ variant: "secondary", size: "sm" })}
          disabled={exporting}
          onClick={onExport}
        >
          <Download aria-hidden="true" />
          {d.exportAction}
        </button>
      </Action>
      <Action icon={Upload} title={d.importTitle} text={d.importText}>
        <input
          ref={fileRef}
          type="file"
          accept="application/json,.json"
          className="sr-only"
          tabIndex={-1}
          aria-hidden="true"
          data-testid="settings-import-file"
          onChange={(e) => void pickFile(e.target.files?.[0])}
        />
        <button
          type="button"
          className={buttonStyles({ variant: "secondary", size: "sm" })}
          onClick={() => fileRef.current?.click()}
        >
          <Upload aria-hidden="true" />
          {d.importAction}
        </button>
      </Action>
      {importError && (
        <div className="pb-3">
          <FormAlert>{importError}</FormAlert>
        </div>
      )}
      <Action icon={History} title={d.clearHistoryTitle} text={d.clearHistoryText}>
        <button type="button" className={dangerButton} onClick={onClearHistory}>
          <Trash2 aria-hidden="true" />
          {d.clearHistoryAction}
        </button>
      </Action>
      <Action icon={TriangleAlert} title={d.eraseTitle} text={d.eraseText}>
        <button type="button" className={dangerButton} onClick={() => setDialog("erase")}>
          <Trash2 aria-hidden="true" />
          {d.eraseAction}
        </button>
      </Action>
      <Action icon={UserX} title={d.deleteTitle} text={d.deleteText}>
        <button type="button" className={dangerButton} onClick={() => setDialog("delete")}>
          <UserX aria-hidden="true" />
          {d.deleteAction}
        </button>
      </Action>
      {dialog === "erase" && (
        <ModalDialog
          role="alertdialog"
          title={memberMessages.confirmEraseAll}
          description={d.eraseConfirmText}
          onClose={() => setDialog(null)}
          icon={<DangerIcon />}
        >
          {/* The native dialog focuses its first control: Annuler, the safe choice. */}
          <div className="mt-6 flex flex-wrap justify-end gap-3">
            <button
              type="button"
              className={buttonStyles({ variant: "outline" })}
              onClick={() => setDialog(null)}
            >
              {d.cancel}
            </button>
            <button
              type="button"
              disabled={erasing}
              className={`${buttonStyles()} bg-danger text-bg hover:bg-danger/85`}
              onClick={() => void onErase().finally(() => setDialog(null))}
            >
              {d.confirm}
            </button>
          </div>
        </ModalDialog>
      )}
      {dialog === "delete" && (
        <DeleteAccountDialog busy={deleting} onDelete={onDelete} onClose={() => setDialog(null)} />
      )}
    </>
  );
}

function DangerIcon() {
  return (
    <span className="grid size-11 place-items-center rounded-xl bg-danger/15 text-danger">
      <TriangleAlert className="size-5" aria-hidden="true" />
    </span>
  );
}

function DeleteAccountDialog({
  busy,
  onDelete,
  onClose,
}: {
  busy: boolean;
  onDelete: (password: string) => Promise<unknown>;
  onClose: () => void;
}) {
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | undefined>();
  const d = fr.member.data;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!password) return setError(memberMessages.passwordRequired);
    setError(undefined);
    try {
      await onDelete(password);
    } catch (err) {
      setError(
        isApiRequestError(err) && err.fields?.password
          ? err.fields.password
          : serverMessage(err, fr.member.toasts.deleteFailed),
      );
    }
  };
  return (
    <ModalDialog
      role="alertdialog"
      title={d.deleteConfirmTitle}
      description={d.deleteConfirmText}
      onClose={onClose}
      icon={<DangerIcon />}
    >
      <form className="mt-5 flex flex-col gap-5" onSubmit={submit} noValidate>
        <PasswordField
          label={d.password}
          value={password}
          autoComplete="current-password"
          onChange={(e) => setPassword(e.target.value)}
          error={error}
        />
        <div className="flex flex-wrap justify-end gap-3">
          <button type="button" className={buttonStyles({ variant: "outline" })} onClick={onClose}>
            {d.cancel}
          </button>
          <button
            type="submit"
            disabled={busy}
            className={`${buttonStyles()} bg-danger text-bg hover:bg-danger/85`}
          >
            {d.deleteAction}
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}
