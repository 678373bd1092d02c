import type { ReactNode } from "react";
import { buttonStyles } from "./button-styles.ts";
import { TitledDialog } from "./dialog.tsx";
import { Spinner } from "./spinner.tsx";

/**
 * A question before an action (DESIGN.md: every destructive action asks first): focus starts on
 * the safe choice, Escape cancels, focus goes back to what opened it (dialog.tsx). `children` adds
 * what the answer needs (a choice of where to move things). The confirming button says what it
 * does and shows a spinner while it works.
 */
export function ConfirmDialog({
  title,
  text,
  confirmLabel,
  cancelLabel,
  danger = false,
  busy = false,
  onConfirm,
  onClose,
  children,
}: {
  title: string;
  text?: string | undefined;
  confirmLabel: string;
  cancelLabel: string;
  danger?: boolean;
  busy?: boolean;
  onConfirm: () => void;
  onClose: () => void;
  children?: ReactNode;
}) {
  return (
    <TitledDialog
      role="alertdialog"
      danger={danger}
      title={title}
      description={text}
      width="w-[min(30rem,calc(100vw-2rem))]"
      onClose={onClose}
    >
      {children && <div className="mt-5">{children}</div>}
      <div className="mt-6 flex flex-wrap justify-end gap-3">
        {/* biome-ignore lint/a11y/noAutofocus: the safe choice takes the focus in a confirmation */}
        <button type="button" autoFocus className={buttonStyles({ variant: "outline" })} onClick={onClose}>
          {cancelLabel}
        </button>
        <button
          type="button"
          disabled={busy}
          className={buttonStyles({ variant: danger ? "danger" : "primary" })}
          onClick={onConfirm}
        >
          {busy && <Spinner className="size-4" />}
          {confirmLabel}
        </button>
      </div>
    </TitledDialog>
  );
}
