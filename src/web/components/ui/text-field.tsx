import { CircleAlert } from "lucide-react";
import { type InputHTMLAttributes, type ReactNode, type Ref, useId } from "react";

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "className"> {
  label: string;
  /** The field's own message, shown under it and read with it. */
  error?: string | undefined;
  /** Marks the field invalid when the message is elsewhere (a form-level alert, by id). */
  invalid?: boolean | undefined;
  errorRef?: string | undefined;
  /** A short help text under the field. */
  hint?: string | undefined;
  /** A control drawn inside the field, on the right (the password toggle). */
  trailing?: ReactNode;
  ref?: Ref<HTMLInputElement>;
  /** The input's id when the caller needs it (aria-controls); generated otherwise. */
  inputId?: string | undefined;
}

export const inputClass =
  "h-12 w-full rounded-xl border bg-surface-2 px-4 text-base text-fg placeholder:text-subtle " +
  "transition-[border-color,box-shadow] duration-150 outline-none " +
  "focus-visible:border-accent focus-visible:shadow-[0_0_0_3px_color-mix(in_oklab,var(--color-accent)_28%,transparent)] " +
  "disabled:opacity-60 aria-[invalid=true]:border-danger/80";

/**
 * A labelled input (DESIGN.md accessibility): the label is a real <label>, the error and the hint
 * are tied to the input with aria-describedby, aria-invalid marks a refused value, and an error
 * that appears is announced.
 */
export function TextField({
  label,
  error,
  invalid,
  errorRef,
  hint,
  trailing,
  ref,
  inputId,
  ...input
}: TextFieldProps) {
  const generated = useId();
  const id = inputId ?? generated;
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy =
    [error ? errorId : errorRef && invalid ? errorRef : undefined, hint ? hintId : undefined]
      .filter(Boolean)
      .join(" ") || undefined;

  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-fg/90">
        {label}
      </label>
      <div className="relative">
        <input
          ref={ref}
          id={id}
          aria-invalid={error || invalid ? true : undefined}
          aria-describedby={describedBy}
          className={`${inputClass} ${trailing ? "pr-13" : ""} ${error || invalid ? "border-danger/80" : "border-line"}`}
          {...input}
        />
        {trailing && <div className="absolute inset-y-0 right-1 flex items-center">{trailing}</div>}
      </div>
      {hint && !error && (
        <p id={hintId} className="text-xs text-muted">
          {hint}
        </p>
      )}
      {/* A live region always there (no height while empty: its margin takes back the gap), so an
          error that appears is read even when the focus does not move (Enter in the field). */}
      <div aria-live="polite" className="-mt-1.5">
        {error && (
          <p id={errorId} className="mt-1.5 flex items-start gap-1.5 text-sm text-danger">
            <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            <span>{error}</span>
          </p>
        )}
      </div>
    </div>
  );
}
