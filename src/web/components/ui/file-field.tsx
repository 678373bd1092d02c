import { CircleAlert, FileUp } from "lucide-react";
import { type ChangeEvent, useId, useState } from "react";
import { fileFieldText } from "#web/i18n/common.ts";
import { buttonStyles } from "./button-styles.ts";

/**
 * A labelled file input drawn in French: the browser's own button says « Choose File » in the
 * browser's language, whatever the page's. The real input stays (keyboard, screen readers and
 * tests reach it by its label) but is visually replaced by a button-looking label and the chosen
 * file's name.
 */
export function FileField({
  label,
  accept,
  hint,
  error,
  onFile,
}: {
  label: string;
  accept: string;
  hint?: string | undefined;
  error?: string | undefined;
  onFile: (file: File | null) => void;
}) {
  const id = useId();
  const [name, setName] = useState<string | null>(null);
  const describedBy =
    [error ? `${id}-error` : undefined, hint ? `${id}-hint` : undefined].filter(Boolean).join(" ") ||
    undefined;
  const change = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0] ?? null;
    setName(file?.name ?? null);
    onFile(file);
  };
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-fg/90">
        {label}
      </label>
      <div className="flex min-w-0 flex-wrap items-center gap-3">
        <input
          id={id}
          type="file"
          accept={accept}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className="peer sr-only"
          onChange={change}
        />
        <label
          htmlFor={id}
          aria-hidden="true"
          className={`${buttonStyles({ variant: "outline", size: "sm" })} cursor-pointer peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-accent`}
        >
          <FileUp aria-hidden="true" />
          {fileFieldText.choose}
        </label>
        <span className="min-w-0 truncate text-sm text-muted">{name ?? fileFieldText.none}</span>
      </div>
      {hint && (
        <span id={`${id}-hint`} className="text-xs text-muted">
          {hint}
        </span>
      )}
      {error && (
        <span id={`${id}-error`} className="flex items-center gap-1.5 text-sm text-danger">
          <CircleAlert className="size-4 shrink-0" aria-hidden="true" />
          {error}
        </span>
      )}
    </div>
  );
}
