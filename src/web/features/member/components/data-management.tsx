import { Download, History, Trash2, TriangleAlert, Upload, UserX } from "lucide-react";
import { type FormEvent, type ReactNode, useRef, useState } from "react";
import { type MemberSettings, memberMessages } from "#contract/member";
import { buttonStyles } from "#web/components/ui/button-styles.ts";
import { TitledDialog } from "#web/components/ui/dialog.tsx";
import { FormAlert } from "#web/components/ui/form-alert.tsx";
import { PasswordField } from "#web/components/ui/password-field.tsx";
import { SettingRow } from "#web/components/ui/setting-row.tsx";
import { memberText } from "#web/i18n/member.ts";
import { isApiRequestError, serverMessage } from "#web/lib/api.ts";
import { toast } from "#web/lib/toast.ts";
import { parseSettingsFile } from "../lib/settings-file.ts";

const dangerButton = `${buttonStyles({ variant: "outline" })} border-danger/50 text-danger hover:border-danger hover:bg-danger/10`;

/** One action of the data card: what it does, and its button. */
function Action({
  icon,
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
    <SettingRow
      icon={icon}
      title={<h3 className="font-medium">{title}</h3>}
      hint={text}
      control={<div className="shrink-0 self-start sm:self-center">{children}</div>}
    />
  );
}

/**
 * spec §2 Settings « data management » and « Vos données » (README): export, import of settings,
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
  const d = memberText.data;

  const pickFile = async (file: File | undefined) => {
    if (!file) return;
    const result = parseSettingsFile(await file.text());
    if (fileRef.current) fileRef.current.value = "";
    if (!result.ok) {
      setImportError(result.error);
      // The title says the file is invalid; the text says why (not the same words twice).
      toast.error(memberMessages.importInvalid, result.detail);
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
        <TitledDialog
          role="alertdialog"
          danger
          title={memberMessages.confirmEraseAll}
          description={d.eraseConfirmText}
          onClose={() => setDialog(null)}
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
              className={buttonStyles({ variant: "danger" })}
              onClick={() => void onErase().finally(() => setDialog(null))}
            >
              {d.confirm}
            </button>
          </div>
        </TitledDialog>
      )}
      {dialog === "delete" && (
        <DeleteAccountDialog busy={deleting} onDelete={onDelete} onClose={() => setDialog(null)} />
      )}
    </>
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
  const d = memberText.data;
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
          : serverMessage(err, memberText.toasts.deleteFailed),
      );
    }
  };
  return (
    <TitledDialog
      role="alertdialog"
      danger
      title={d.deleteConfirmTitle}
      description={d.deleteConfirmText}
      onClose={onClose}
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
          <button type="submit" disabled={busy} className={buttonStyles({ variant: "danger" })}>
            {d.deleteAction}
          </button>
        </div>
      </form>
    </TitledDialog>
  );
}
