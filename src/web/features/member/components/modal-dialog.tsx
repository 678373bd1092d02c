import { type ReactNode, useEffect, useId, useRef } from "react";

/**
 * A native modal <dialog> (as the history's confirmation): the page behind is inert, focus stays
 * inside, Escape closes, and the browser gives focus back to the button that opened it.
 */
export function ModalDialog({
  title,
  description,
  role = "dialog",
  onClose,
  children,
  icon,
}: {
  title: string;
  description?: string;
  role?: "dialog" | "alertdialog";
  onClose: () => void;
  children: ReactNode;
  icon?: ReactNode;
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
      role={role}
      aria-labelledby={titleId}
      aria-describedby={description ? textId : undefined}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      className="m-auto w-[min(30rem,calc(100vw-2rem))] animate-fade-in rounded-2xl border border-white/10 bg-surface p-6 text-fg shadow-[0_40px_120px_-30px_rgb(0_0_0/0.95)] backdrop:bg-black/70 backdrop:backdrop-blur-sm sm:p-7"
    >
      {icon}
      <h2 id={titleId} className={`${icon ? "mt-4 " : ""}text-lg leading-snug font-bold text-balance`}>
        {title}
      </h2>
      {description && (
        <p id={textId} className="mt-2 text-sm text-pretty text-muted">
          {description}
        </p>
      )}
      {children}
    </dialog>
  );
}
