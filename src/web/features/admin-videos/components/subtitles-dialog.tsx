import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Star, Trash2, Upload } from "lucide-react";
import { type FormEvent, useState } from "react";
import type { AdminSubtitle } from "#contract/admin-subtitles";
import { buttonStyles } from "#web/components/ui/button-styles.ts";
import { ConfirmDialog } from "#web/components/ui/confirm-dialog.tsx";
import { TitledDialog } from "#web/components/ui/dialog.tsx";
import { FileField } from "#web/components/ui/file-field.tsx";
import { FormAlert } from "#web/components/ui/form-alert.tsx";
import { SelectField } from "#web/components/ui/select-field.tsx";
import { Spinner } from "#web/components/ui/spinner.tsx";
import { TextField } from "#web/components/ui/text-field.tsx";
import { adminText, subtitlesText as text } from "#web/i18n/admin.ts";
import { serverMessage } from "#web/lib/api.ts";
import { type FieldErrors, serverFields } from "#web/lib/form-errors.ts";
import { refreshAdminData } from "#web/lib/query-tags.ts";
import { toast } from "#web/lib/toast.ts";
import {
  makeDefaultSubtitle,
  removeSubtitle,
  sendSubtitle,
  subtitlesOptions,
  videoDetailOptions,
} from "../api/admin-video-queries.ts";

/**
 * spec §2 Admin « manage subtitles », §5 Subtitle: the tracks of a film or of each episode of a
 * series, an SRT or WebVTT file sent with its language code and name ('Veuillez remplir tous les
 * champs requis' when one is missing), one default track per film or episode, deletion
 * ('Sous-titre supprimé') after a confirmation.
 */
export function SubtitlesDialog({
  video,
  onClose,
}: {
  video: { id: string; title: string; type: "movie" | "series" };
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const list = useQuery(subtitlesOptions(video.id));
  const detail = useQuery({ ...videoDetailOptions(video.id), enabled: video.type === "series" });
  const episodes = detail.data?.episodes ?? [];
  const [episodeId, setEpisodeId] = useState("");
  const [language, setLanguage] = useState("fr");
  const [languageName, setLanguageName] = useState<string>(text.languageNamePlaceholder);
  // Untouched, « Activer par défaut » is ticked only for the first track of the film or episode:
  // a second language added without a look no longer takes the default from the first.
  const [defaultChoice, setDefaultChoice] = useState<boolean | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<AdminSubtitle | null>(null);
  const [fileKey, setFileKey] = useState(0);

  const tracks = list.data?.items ?? [];
  const isDefault = defaultChoice ?? !tracks.some((s) => (s.episodeId ?? "") === episodeId);
  const refresh = () => refreshAdminData(queryClient);
  const upload = useMutation({
    mutationFn: (f: File) =>
      sendSubtitle(video.id, f, {
        language: language.trim(),
        languageName: languageName.trim(),
        episodeId: episodeId || undefined,
        isDefault,
      }),
    onSuccess: async (track) => {
      toast.success(text.uploaded, track.cues !== null ? text.cues(track.cues) : undefined);
      setFile(null);
      setDefaultChoice(null);
      setFileKey((k) => k + 1);
      setErrors({});
      setAlert(null);
      await refresh();
    },
    onError: (error) => {
      setErrors(serverFields(error));
      setAlert(serverMessage(error, text.addFailed));
      toast.error(adminText.errorTitle, serverMessage(error, text.addFailed));
    },
  });
  const makeDefault = useMutation({
    mutationFn: makeDefaultSubtitle,
    onSuccess: refresh,
    onError: (error) => toast.error(adminText.errorTitle, serverMessage(error, adminText.operationFailed)),
  });
  const remove = useMutation({
    mutationFn: removeSubtitle,
    onSuccess: async (answer) => {
      toast.success(answer.message);
      setDeleting(null);
      await refresh();
    },
    onError: (error) => {
      setDeleting(null);
      toast.error(adminText.errorTitle, serverMessage(error, text.deleteFailed));
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // spec §5 Subtitle: every field is required, said once for the form.
    const missing: FieldErrors = {};
    if (!language.trim()) missing.language = text.fieldsRequired;
    if (!languageName.trim()) missing.languageName = text.fieldsRequired;
    if (!file) missing.file = text.fieldsRequired;
    if (video.type === "series" && !episodeId) missing.episodeId = text.fieldsRequired;
    if (Object.keys(missing).length > 0 || !file) {
      setErrors(missing);
      setAlert(text.fieldsRequired);
      return;
    }
    upload.mutate(file);
  };

  const targetOf = (s: AdminSubtitle) => {
    if (!s.episodeId) return text.film;
    const e = episodes.find((x) => x.id === s.episodeId);
    return e ? text.episode(e.seasonNumber, e.episodeNumber, e.title) : "—";
  };

  return (
    <TitledDialog
      title={text.title(video.title)}
      closeLabel={adminText.close}
      width="w-[min(40rem,calc(100vw-2rem))]"
      onClose={onClose}
    >
      <div className="mt-5">
        {list.isPending ? (
          <Spinner className="mx-auto size-8" />
        ) : tracks.length === 0 ? (
          <p className="text-sm text-muted">{text.empty}</p>
        ) : (
          <ul className="flex flex-col divide-y divide-line rounded-xl border border-line">
            {tracks.map((s) => (
              <li key={s.id} className="flex flex-wrap items-center gap-3 px-3 py-2.5 text-sm">
                <span className="min-w-0 flex-1">
                  <span className="font-semibold">{s.languageName}</span>{" "}
                  <span className="text-muted">({s.language})</span>
                  {/* The target may be cut, never the number of lines: on a phone, each its line. */}
                  <span className="flex flex-col text-xs text-muted sm:flex-row sm:gap-1">
                    <span className="truncate">{targetOf(s)}</span>{" "}
                    {s.cues !== null && (
                      <span className="shrink-0">
                        <span aria-hidden="true" className="max-sm:hidden">
                          ·{" "}
                        </span>
                        {text.cues(s.cues)}
                      </span>
                    )}
                  </span>
                </span>
                {s.isDefault ? (
                  <span className="rounded-full bg-accent/15 px-2 py-0.5 text-xs font-semibold text-accent">
                    {text.defaultBadge}
                  </span>
                ) : (
                  <button
                    type="button"
                    className={buttonStyles({ variant: "ghost", size: "sm" })}
                    aria-label={text.defaultLabel(s.languageName)}
                    onClick={() => makeDefault.mutate(s.id)}
                  >
                    <Star aria-hidden="true" />
                    <span className="max-sm:sr-only">{text.makeDefault}</span>
                  </button>
                )}
                <button
                  type="button"
                  className={buttonStyles({ variant: "ghost", size: "sm" })}
                  aria-label={text.deleteLabel(s.languageName)}
                  onClick={() => setDeleting(s)}
                >
                  <Trash2 aria-hidden="true" />
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>

      <form onSubmit={submit} noValidate className="mt-6 flex flex-col gap-4 border-t border-line pt-5">
        <FormAlert>{alert}</FormAlert>
        {video.type === "series" && (
          <div>
            <SelectField
              look="field"
              label={text.target}
              value={episodeId}
              options={[
                { value: "", label: "—" },
                ...episodes.map((e) => ({
                  value: e.id,
                  label: text.episode(e.seasonNumber, e.episodeNumber, e.title),
                })),
              ]}
              onChange={setEpisodeId}
            />
            {errors.episodeId && <p className="mt-1.5 text-sm text-danger">{errors.episodeId}</p>}
          </div>
        )}
        <div className="grid gap-4 sm:grid-cols-[8rem_1fr]">
          <TextField
            label={text.language}
            value={language}
            maxLength={10}
            required
            hint={text.languageHint}
            error={errors.language}
            onChange={(e) => setLanguage(e.target.value)}
          />
          <TextField
            label={text.languageName}
            value={languageName}
            maxLength={40}
            required
            placeholder={text.languageNamePlaceholder}
            error={errors.languageName}
            onChange={(e) => setLanguageName(e.target.value)}
          />
        </div>
        <FileField
          key={fileKey}
          label={text.file}
          accept=".srt,.vtt,text/vtt,application/x-subrip"
          hint={text.fileHint}
          error={errors.file}
          onFile={setFile}
        />
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            className="size-4 accent-[var(--color-accent)]"
            checked={isDefault}
            onChange={(e) => setDefaultChoice(e.target.checked)}
          />
          {text.isDefault}
        </label>
        <div className="flex justify-end">
          <button type="submit" className={buttonStyles()} disabled={upload.isPending}>
            {upload.isPending ? <Spinner className="size-4" /> : <Upload aria-hidden="true" />}
            {text.upload}
          </button>
        </div>
      </form>

      {deleting && (
        <ConfirmDialog
          danger
          title={text.confirmDelete(deleting.languageName)}
          confirmLabel={adminText.delete}
          cancelLabel={adminText.cancel}
          busy={remove.isPending}
          onClose={() => setDeleting(null)}
          onConfirm={() => remove.mutate(deleting.id)}
        />
      )}
    </TitledDialog>
  );
}
