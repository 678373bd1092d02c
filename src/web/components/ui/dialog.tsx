import { TriangleAlert } from "lucide-react";
import { type ReactNode, useEffect, useId, useRef } from "react";
import { whenUsable } from "#web/lib/first-screen.ts";
import { offerToastLayer } from "#web/lib/toast-layer.ts";
import { CloseButton } from "./close-button.tsx";

/** The look every dialog shares: a card over a dimmed, blurred page. */
const surface =
  "m-auto animate-fade-in border border-white/10 bg-surface text-fg shadow-[0_40px_120px_-30px_rgb(0_0_0/0.95)] backdrop:backdrop-blur-sm";

/** A large dialog that scrolls inside and takes the whole screen on a phone (the info view, the plans). */
export const sheetDialogClass = `${surface} overflow-y-auto overscroll-contain p-0 backdrop:bg-black/75 max-sm:h-dvh max-sm:max-h-none max-sm:w-screen max-sm:max-w-none max-sm:rounded-none max-sm:border-0`;

/** A small dialog: a question, a form, a few choices. */
export const cardDialogClass = `${surface} rounded-2xl p-6 backdrop:bg-black/70 sm:p-7`;

/**
 * The one modal dialog of the app (DESIGN.md: dialogs trap focus and return it): a native modal
 * <dialog>, so the page behind is inert and focus stays inside; Escape closes (through
 * `onClose`); unmounting closes it and gives focus back to what had it when it opened.
 * `closeOnBackdrop` closes on a click outside its content; `lockScroll` keeps the page behind
 * still; `resetScrollOn` scrolls back to the top when it changes (another title in the same
 * dialog). `drawnOpen`: the dialog is in the markup the server drew (decision 061), open, so the
 * page shows it before the app's scripts run (styles.css draws it as the modal one looks); the app
 * makes it the modal one once it has taken the page over.
 */
export function Dialog({
  labelledBy,
  describedBy,
  role = "dialog",
  onClose,
  closeOnBackdrop = false,
  lockScroll = false,
  resetScrollOn,
  drawnOpen = false,
  className,
  children,
}: {
  drawnOpen?: boolean;
  labelledBy: string;
  describedBy?: string | undefined;
  role?: "dialog" | "alertdialog";
  onClose: () => void;
  closeOnBackdrop?: boolean;
  lockScroll?: boolean;
  resetScrollOn?: unknown;
  className: string;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const toastLayer = useRef<HTMLDivElement>(null);
  const drawn = useRef(drawnOpen);

  useEffect(() => {
    const dialog = ref.current;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    let cancelModal = () => {};
    if (dialog && drawn.current && dialog.open && !dialog.matches(":modal")) {
      // Drawn open: made modal (page behind inert, focus inside, Escape) once the page is usable.
      cancelModal = whenUsable(dialog, () => {
        // Already shown: it does not fade in a second time when it becomes the modal one.
        dialog.style.animation = "none";
        dialog.close();
        dialog.showModal();
      });
    } else if (dialog && !dialog.open) dialog.showModal();
    // Toasts raised while the dialog is open are drawn inside it, above its backdrop.
    const takeToastsBack = toastLayer.current ? offerToastLayer(toastLayer.current) : undefined;
    const root = document.documentElement;
    const overflow = root.style.overflow;
    if (lockScroll) root.style.overflow = "hidden";
    return () => {
      cancelModal();
      takeToastsBack?.();
      if (lockScroll) root.style.overflow = overflow;
      if (dialog?.open) dialog.close();
      if (opener?.isConnected) opener.focus({ preventScroll: true });
    };
  }, [lockScroll]);

  // Not when it opens: it opens at its top, and one the server drew may have been scrolled already.
  const shown = useRef(resetScrollOn);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the content changes, on purpose
  useEffect(() => {
    if (shown.current === resetScrollOn) return;
    shown.current = resetScrollOn;
    const dialog = ref.current;
    dialog?.scrollTo?.({ top: 0 });
    // The focus left with what had it (the similar title's link, replaced by the new content): it
    // goes to the dialog's title, so that a screen reader says where it is and Tab goes on inside.
    const active = document.activeElement;
    if (!dialog || (active && active !== document.body && dialog.contains(active))) return;
    const title = document.getElementById(labelledBy);
    const target = title && dialog.contains(title) ? title : dialog;
    if (!target.hasAttribute("tabindex")) {
      target.tabIndex = -1;
      target.dataset.pageFocus = "";
    }
    target.focus({ preventScroll: true });
  }, [resetScrollOn]);

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the click is on the backdrop; Escape closes through onCancel
    <dialog
      ref={ref}
      open={drawn.current || undefined}
      role={role === "alertdialog" ? "alertdialog" : undefined}
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        // A click on the backdrop is a click on the dialog element itself, outside its content.
        if (closeOnBackdrop && event.target === event.currentTarget) onClose();
      }}
      className={className}
    >
      {children}
      <div ref={toastLayer} className="contents" />
    </dialog>
  );
}

/**
 * A small dialog with its title (and a text, an icon): the confirmations, the forms. `danger`
 * shows the warning icon of destructive confirmations; `closeLabel` adds a close button beside
 * the title.
 */
export function TitledDialog({
  title,
  description,
  role = "dialog",
  danger = false,
  closeLabel,
  width = "w-[min(30rem,calc(100vw-2rem))]",
  onClose,
  children,
}: {
  title: string;
  description?: string | undefined;
  role?: "dialog" | "alertdialog";
  danger?: boolean;
  closeLabel?: string | undefined;
  width?: string;
  onClose: () => void;
  children: ReactNode;
}) {
  const titleId = useId();
  const textId = useId();
  const heading = (
    <h2
      id={titleId}
      className={`${danger ? "mt-4 " : ""}text-lg leading-snug font-bold text-balance wrap-anywhere`}
    >
      {title}
    </h2>
  );
  return (
    <Dialog
      role={role}
      labelledBy={titleId}
      describedBy={description ? textId : undefined}
      onClose={onClose}
      className={`${cardDialogClass} ${width}`}
    >
      {danger && (
        <span className="grid size-11 place-items-center rounded-xl bg-danger/15 text-danger">
          <TriangleAlert className="size-5" aria-hidden="true" />
        </span>
      )}
      {closeLabel ? (
        <div className="flex items-start justify-between gap-4">
          {heading}
          <CloseButton label={closeLabel} onClick={onClose} className="size-9 shrink-0 hover:bg-white/10" />
        </div>
      ) : (
        heading
      )}
      {description && (
        <p id={textId} className="mt-2 text-sm text-pretty text-muted">
          {description}
        </p>
      )}
      {children}
    </Dialog>
  );
}
