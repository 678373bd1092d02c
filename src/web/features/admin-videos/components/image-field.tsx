import { useMutation } from "@tanstack/react-query";
import { ImageUp, X } from "lucide-react";
import { useId, useRef, useState } from "react";
import type { ImageKind } from "#contract/admin-videos";
import { buttonStyles } from "#web/components/ui/button-styles.ts";
import { Spinner } from "#web/components/ui/spinner.tsx";
import { TextField } from "#web/components/ui/text-field.tsx";
import { adminText, videoFormText as text } from "#web/i18n/admin.ts";
import { serverMessage } from "#web/lib/api.ts";
import { serverFields } from "#web/lib/form-errors.ts";
import { toast } from "#web/lib/toast.ts";
import { sendImage } from "../api/admin-video-queries.ts";

/**
 * A poster, a backdrop or an episode's thumbnail (decision 015): an image sent to Bobine (checked,
 * re-encoded and kept by the server; its address fills the field) or the address of a public
 * image, with a preview. A failed preview shows a placeholder, not a broken image.
 */
export function ImageField({
  label,
  kind,
  value,
  onChange,
  error,
}: {
  label: string;
  kind: ImageKind;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
}) {
  const fileRef = useRef<HTMLInputElement>(null);
  const [uploadError, setUploadError] = useState<string | undefined>();
  const [broken, setBroken] = useState<string | null>(null);
  const inputId = useId();
  const upload = useMutation({
    mutationFn: (file: File) => sendImage(kind, file),
    onSuccess: (answer) => {
      setUploadError(undefined);
      onChange(answer.url);
      toast.success(text.uploaded);
    },
    onError: (failure) => {
      const message = serverFields(failure).file ?? serverMessage(failure, adminText.operationFailed);
      setUploadError(message);
      toast.error(adminText.errorTitle, message);
    },
  });
  const aspect = kind === "poster" ? "aspect-[2/3] w-16" : "aspect-video w-24";
  const showPreview = value.trim() !== "" && broken !== value;
  return (
    <div className="flex items-start gap-3">
      <div
        className={`${aspect} mt-7 shrink-0 overflow-hidden rounded-lg border border-line bg-surface-2`}
        aria-hidden={!showPreview}
      >
        {showPreview && (
          <img
            src={value}
            alt={text.preview(label)}
            className="size-full object-cover"
            onError={() => setBroken(value)}
          />
        )}
      </div>
      <div className="min-w-0 flex-1">
        <TextField
          label={label}
          inputId={inputId}
          value={value}
          inputMode="url"
          spellCheck={false}
          maxLength={2048}
          placeholder="https://…"
          hint={text.imageHint}
          error={uploadError ?? error}
          onChange={(e) => {
            setUploadError(undefined);
            onChange(e.target.value);
          }}
        />
        <div className="mt-2 flex flex-wrap gap-2">
          <input
            ref={fileRef}
            type="file"
            accept="image/jpeg,image/png,image/webp,image/gif,image/avif"
            className="sr-only"
            tabIndex={-1}
            // The visible button below opens it: read once, by that button.
            aria-hidden="true"
            aria-label={text.upload(label)}
            onChange={(e) => {
              const file = e.target.files?.[0];
              if (file) upload.mutate(file);
              e.target.value = "";
            }}
          />
          <button
            type="button"
            className={buttonStyles({ variant: "outline", size: "sm" })}
            disabled={upload.isPending}
            aria-label={text.upload(label)}
            onClick={() => fileRef.current?.click()}
          >
            {upload.isPending ? <Spinner className="size-4" /> : <ImageUp aria-hidden="true" />}
            {upload.isPending ? text.uploading : text.uploadShort}
          </button>
          {value && (
            <button
              type="button"
              className={buttonStyles({ variant: "ghost", size: "sm" })}
              aria-label={text.removeImage(label)}
              onClick={() => onChange("")}
            >
              <X aria-hidden="true" />
              {text.removeShort}
            </button>
          )}
        </div>
      </div>
    </div>
  );
}
