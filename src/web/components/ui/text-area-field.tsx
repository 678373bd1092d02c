import { CircleAlert } from "lucide-react";
import { type TextareaHTMLAttributes, useId } from "react";

const areaClass =
  "min-h-28 w-full rounded-xl border bg-surface-2 px-4 py-3 text-base text-fg placeholder:text-subtle " +
  "outline-none transition-[border-color,box-shadow] duration-150 " +
  "focus-visible:border-accent focus-visible:shadow-[0_0_0_3px_color-mix(in_oklab,var(--color-accent)_28%,transparent)]";

/** A labelled multi-line field, its message tied to it like TextField's. */
export function TextAreaField({
  label,
  error,
  hint,
  ...area
}: Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "id" | "className"> & {
  label: string;
  error?: string | undefined;
  hint?: string | undefined;
}) {
  const id = useId();
  const describedBy = [error ? `${id}-error` : undefined, hint && !error ? `${id}-hint` : undefined]
    .filter(Boolean)
    .join(" ");
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-fg/90">
        {label}
      </label>
      <textarea
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        className={`${areaClass} ${error ? "border-danger/80" : "border-line"}`}
        {...area}
      />
      {hint && !error && (
        <p id={`${id}-hint`} className="text-xs text-muted">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="flex items-start gap-1.5 text-sm text-danger">
          <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <span>{error}</span>
        </p>
      )}
    </div>
  );
}
