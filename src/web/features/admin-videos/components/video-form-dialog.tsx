import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { RefreshCw } from "lucide-react";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import {
  type AdminVideo,
  adminVideoMessages,
  filmLacksMedia,
  maturityLevels,
  VIDEO_LANGUAGES,
  type VideoLanguage,
  videoInput,
  videoUpdateInput,
} from "#contract/admin-videos";
import { buttonStyles } from "#web/components/ui/button-styles.ts";
import { CloseButton } from "#web/components/ui/close-button.tsx";
import { ConfirmDialog } from "#web/components/ui/confirm-dialog.tsx";
import { Dialog, sheetDialogClass } from "#web/components/ui/dialog.tsx";
import { FormAlert } from "#web/components/ui/form-alert.tsx";
import { SelectField } from "#web/components/ui/select-field.tsx";
import { Spinner } from "#web/components/ui/spinner.tsx";
import { TextAreaField } from "#web/components/ui/text-area-field.tsx";
import { TextField } from "#web/components/ui/text-field.tsx";
import { adminText, adminVideosText, videoFormText as text } from "#web/i18n/admin.ts";
import { isApiRequestError, serverMessage } from "#web/lib/api.ts";
import { checkForm, type FieldErrors, serverFields } from "#web/lib/form-errors.ts";
import { refreshAdminData } from "#web/lib/query-tags.ts";
import { toast } from "#web/lib/toast.ts";
import {
  adminVideoKeys,
  postVideo,
  putVideo,
  removeEpisode,
  videoCategoriesOptions,
  videoDetailOptions,
} from "../api/admin-video-queries.ts";
import {
  draftOf,
  type EpisodeDraft,
  emptyDraft,
  inputOf,
  newEpisode,
  type VideoDraft,
} from "../lib/video-draft.ts";
import { DraftBadge } from "./draft-badge.tsx";
import { EpisodesEditor } from "./episodes-editor.tsx";
import { ImageField } from "./image-field.tsx";
import { type MediaFieldSlot, MediaReferenceField } from "./media-field.tsx";

/**
 * spec §2 Admin « add/edit video » modal, §4 and §5 Video form. Adding opens an empty form; editing
 * loads the video (with its media, version and episodes) first. Closing throws the form away (it
 * lives in this component only: spec §2 "Closing resets forms"). A new video saved as a draft
 * (decision 052) stays open, now editing it, so that its file can be sent at once.
 */
export function VideoFormDialog({
  videoId,
  mediaField = MediaReferenceField,
  onClose,
}: {
  videoId: string | null;
  mediaField?: MediaFieldSlot | undefined;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const [currentId, setCurrentId] = useState(videoId);
  const detail = useQuery({ ...videoDetailOptions(currentId ?? ""), enabled: currentId !== null });
  const titleId = useId();
  const loading = currentId !== null && !detail.data;
  // Nothing typed is thrown away unasked: Escape, × or « Annuler » on a changed form asks first.
  const dirty = useRef(false);
  const [askDiscard, setAskDiscard] = useState(false);
  const requestClose = () => (dirty.current ? setAskDiscard(true) : onClose());
  return (
    <Dialog
      labelledBy={titleId}
      onClose={requestClose}
      lockScroll
      className={`${sheetDialogClass} sm:w-[min(58rem,calc(100vw-2rem))] sm:rounded-2xl`}
    >
      {loading ? (
        <div className="flex flex-col items-center gap-4 p-10">
          <h2 id={titleId} className="sr-only">
            {text.loading}
          </h2>
          {detail.isError ? (
            <>
              <p role="alert">{serverMessage(detail.error, adminText.loadFailed)}</p>
              <button type="button" className={buttonStyles()} onClick={() => void detail.refetch()}>
                {adminText.retry}
              </button>
            </>
          ) : (
            <Spinner />
          )}
        </div>
      ) : (
        <VideoForm
          // A reload (after a conflict) starts the form again from the video's new version.
          key={detail.data ? `${detail.data.id}:${detail.data.version}` : "new"}
          titleId={titleId}
          video={detail.data ?? null}
          mediaField={mediaField}
          onReload={() => void detail.refetch()}
          onDraftCreated={(saved) => {
            queryClient.setQueryData(adminVideoKeys.detail(saved.id), saved);
            setCurrentId(saved.id);
          }}
          dirtyRef={dirty}
          onClose={requestClose}
          onDone={onClose}
        />
      )}
      {askDiscard && (
        <ConfirmDialog
          danger
          title={text.discardTitle}
          text={text.discardText}
          confirmLabel={text.discardConfirm}
          cancelLabel={text.keepEditing}
          onClose={() => setAskDiscard(false)}
          onConfirm={onClose}
        />
      )}
    </Dialog>
  );
}

function VideoForm({
  titleId,
  video,
  mediaField,
  onReload,
  onDraftCreated,
  dirtyRef,
  onClose,
  onDone,
}: {
  titleId: string;
  video: AdminVideo | null;
  mediaField: MediaFieldSlot;
  onReload: () => void;
  onDraftCreated: (saved: AdminVideo) => void;
  /** Set after each change: whether the form differs from what it opened with. */
  dirtyRef: { current: boolean };
  /** Asked to close (asks first when something changed). */
  onClose: () => void;
  /** Saved: closes at once. */
  onDone: () => void;
}) {
  const queryClient = useQueryClient();
  const categories = useQuery(videoCategoriesOptions);
  const [draft, setDraft] = useState<VideoDraft>(() => (video ? draftOf(video) : emptyDraft()));
  const [opened] = useState(() => JSON.stringify(draft));
  useEffect(() => {
    dirtyRef.current = JSON.stringify(draft) !== opened;
  }, [draft, opened, dirtyRef]);
  const [version, setVersion] = useState(video?.version ?? 1);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [conflict, setConflict] = useState(false);
  const [askMovie, setAskMovie] = useState(false);
  const [removing, setRemoving] = useState<{ episode: EpisodeDraft; index: number } | null>(null);
  const editing = video !== null;
  // What Enter (the form's submit) does: a draft stays a draft, anything else is published.
  const publishedNow = video?.published ?? true;

  const update = (patch: Partial<VideoDraft>) => setDraft((d) => ({ ...d, ...patch }));
  const updateEpisode = (index: number, patch: Partial<EpisodeDraft>) =>
    setDraft((d) => ({ ...d, episodes: d.episodes.map((e, i) => (i === index ? { ...e, ...patch } : e)) }));

  const save = useMutation({
    mutationFn: (published: boolean) => {
      const input = { ...inputOf(draft), published };
      return video ? putVideo(video.id, { ...input, version }) : postVideo(input);
    },
    onSuccess: async (saved, published) => {
      if (!editing && !published) {
        toast.success(adminVideosText.draftSaved, adminVideosText.draftSavedText);
        await refreshAdminData(queryClient);
        onDraftCreated(saved);
        return;
      }
      if (editing && published !== publishedNow) {
        toast.success(published ? adminVideosText.published : adminVideosText.unpublished, saved.title);
      } else if (!editing) {
        toast.success(
          saved.type === "series"
            ? adminVideosText.seriesCreated(saved.totalEpisodes)
            : adminVideosText.movieAdded,
        );
      } else {
        toast.success(adminVideosText.updated, saved.title);
      }
      await refreshAdminData(queryClient);
      onDone();
    },
    onError: (error) => {
      const failed = editing ? adminVideosText.updateFailed : adminVideosText.addFailed;
      if (isApiRequestError(error) && error.code === "CONFLICT") {
        setConflict(true);
        setAlert(error.message);
        toast.error(adminVideosText.conflictTitle, error.message);
        return;
      }
      const fields = serverFields(error);
      setErrors(fields);
      setAlert(Object.keys(fields).length > 0 ? text.fixErrors : serverMessage(error, failed));
      toast.error(adminText.errorTitle, serverMessage(error, failed));
    },
  });

  const dropEpisode = useMutation({
    mutationFn: (id: string) => removeEpisode(id),
    onSuccess: async (answer, id) => {
      setVersion(answer.version);
      setDraft((d) => ({ ...d, episodes: d.episodes.filter((e) => e.id !== id) }));
      setErrors({});
      setRemoving(null);
      toast.success(text.episodeRemoved);
      await refreshAdminData(queryClient);
    },
    onError: (error) => {
      setRemoving(null);
      toast.error(adminText.errorTitle, serverMessage(error, adminVideosText.episodeDeleteFailed));
    },
  });

  /** Sends the form, published or kept (made) a draft; the server judges a film's video once saved. */
  const send = (published: boolean) => {
    setAlert(null);
    const input = { ...inputOf(draft), published };
    const checked = editing
      ? checkForm(videoUpdateInput, { ...input, version })
      : checkForm(videoInput, input);
    // A new film has no file yet: published, it needs its address (a draft takes its file once saved).
    const lacksMedia = !editing && filmLacksMedia({ ...input, videoUrl: input.videoUrl ?? null }, false);
    if (!checked.ok || lacksMedia) {
      setErrors({
        ...(checked.ok ? {} : checked.fields),
        ...(lacksMedia ? { videoUrl: adminVideoMessages.videoUrlRequired } : {}),
      });
      setAlert(text.fixErrors);
      return;
    }
    setErrors({});
    save.mutate(published);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    send(publishedNow);
  };

  const setType = (type: "movie" | "series") => {
    if (type === draft.type) return;
    // spec §4: switching to movie clears episodes; saved ones are deleted on save, so ask first.
    if (type === "movie" && draft.episodes.some((e) => e.id)) return setAskMovie(true);
    update(type === "movie" ? { type, episodes: [], totalSeasons: "1" } : { type });
  };

  const toggleCategory = (id: string) =>
    update({
      categoryIds: draft.categoryIds.includes(id)
        ? draft.categoryIds.filter((c) => c !== id)
        : [...draft.categoryIds, id],
    });

  const err = (field: string) => errors[field];
  const formRef = useRef<HTMLFormElement>(null);
  // After a refusal, the first faulty field takes the focus (and scrolls into view).
  useEffect(() => {
    if (Object.keys(errors).length === 0) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [errors]);
  const section = "flex min-w-0 flex-col gap-4";

  return (
    <form ref={formRef} onSubmit={submit} noValidate className="flex min-h-full flex-col">
      <header className="sticky top-0 z-10 flex items-start justify-between gap-4 border-b border-line bg-surface px-5 py-4 sm:px-7">
        <div className="flex min-w-0 flex-col gap-1.5">
          <h2 id={titleId} className="min-w-0 text-lg font-bold text-balance wrap-anywhere sm:text-xl">
            {video ? text.editTitle(video.title) : text.addTitle}
            {video && !video.published && <DraftBadge className="ml-2 align-middle" />}
          </h2>
          {video && !video.published && (
            <p className="text-sm text-muted">
              {video.type === "movie" ? text.draftNotice : text.draftNoticeSeries}
            </p>
          )}
        </div>
        <CloseButton
          label={adminText.close}
          onClick={onClose}
          className="size-9 shrink-0 hover:bg-white/10"
        />
      </header>

      <div className="flex flex-1 flex-col gap-8 px-5 py-6 sm:px-7">
        <FormAlert>
          {alert && (
            <span className="flex flex-col items-start gap-2">
              {alert}
              {conflict && (
                <button
                  type="button"
                  className={buttonStyles({ variant: "outline", size: "sm" })}
                  onClick={onReload}
                >
                  <RefreshCw aria-hidden="true" />
                  {adminVideosText.reload}
                </button>
              )}
            </span>
          )}
        </FormAlert>

        <fieldset className={section}>
          <legend className="mb-2 text-base font-bold">{text.sections.main}</legend>
          <div role="radiogroup" aria-label={text.type} className="flex gap-2">
            {(["movie", "series"] as const).map((type) => (
              <label
                key={type}
                className={`flex cursor-pointer items-center gap-2 rounded-full border px-4 py-2 text-sm font-semibold has-focus-visible:outline-2 has-focus-visible:outline-accent ${
                  draft.type === type ? "border-accent bg-accent/15 text-fg" : "border-line text-muted"
                }`}
              >
                <input
                  type="radio"
                  name="type"
                  className="sr-only"
                  checked={draft.type === type}
                  onChange={() => setType(type)}
                />
                {type === "movie" ? text.movie : text.series}
              </label>
            ))}
          </div>
          <TextField
            label={text.title}
            value={draft.title}
            maxLength={200}
            required
            error={err("title")}
            onChange={(e) => update({ title: e.target.value })}
          />
          <fieldset className="min-w-0">
            <legend className="text-sm font-medium text-fg/90">{text.categories}</legend>
            <p className="mt-1 text-xs text-muted">{text.categoriesHint}</p>
            <div className="mt-2 flex flex-wrap gap-2">
              {(categories.data?.items ?? []).map((c) => {
                const position = draft.categoryIds.indexOf(c.id);
                return (
                  <label
                    key={c.id}
                    className={`flex max-w-full min-w-0 cursor-pointer items-center gap-2 rounded-full border px-3 py-1.5 text-sm wrap-anywhere has-focus-visible:outline-2 has-focus-visible:outline-accent ${
                      position >= 0 ? "border-accent bg-accent/10" : "border-line"
                    }`}
                  >
                    <input
                      type="checkbox"
                      className="size-4 shrink-0 accent-[var(--color-accent)]"
                      checked={position >= 0}
                      onChange={() => toggleCategory(c.id)}
                    />
                    <span
                      className="size-2.5 shrink-0 rounded-full"
                      style={{ backgroundColor: c.color }}
                      aria-hidden="true"
                    />
                    {c.name}
                    {position === 0 && <span className="text-xs text-accent">({text.mainCategory})</span>}
                  </label>
                );
              })}
            </div>
            {err("categoryIds") && <p className="mt-1.5 text-sm text-danger">{err("categoryIds")}</p>}
          </fieldset>
          <TextAreaField
            label={text.description}
            value={draft.description}
            maxLength={5000}
            rows={4}
            required
            error={err("description")}
            onChange={(e) => update({ description: e.target.value })}
          />
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            <TextField
              label={text.year}
              type="number"
              inputMode="numeric"
              value={draft.year}
              required
              error={err("year")}
              onChange={(e) => update({ year: e.target.value })}
            />
            <TextField
              label={text.duration}
              value={draft.duration}
              maxLength={20}
              required
              placeholder="120min"
              hint={text.durationHint}
              error={err("duration")}
              onChange={(e) => update({ duration: e.target.value })}
            />
            <div>
              <SelectField
                look="field"
                label={text.language}
                value={draft.language || VIDEO_LANGUAGES[0]}
                options={VIDEO_LANGUAGES.map((l) => ({ value: l, label: l }))}
                onChange={(language: VideoLanguage) => update({ language })}
              />
              {err("language") && <p className="mt-1.5 text-sm text-danger">{err("language")}</p>}
            </div>
            <SelectField
              look="field"
              label={text.maturity}
              value={draft.maturity}
              options={maturityLevels.map((m) => ({ value: m, label: text.maturities[m] }))}
              onChange={(maturity) => update({ maturity })}
            />
          </div>
        </fieldset>

        <fieldset className={section}>
          <legend className="mb-2 text-base font-bold">{text.sections.media}</legend>
          {draft.type === "movie" &&
            mediaField({
              label: text.videoUrl,
              value: draft.videoUrl,
              onChange: (videoUrl) => update({ videoUrl }),
              error: err("videoUrl"),
              target: "movie",
              videoId: video?.type === "movie" ? video.id : undefined,
            })}
          <div className="grid gap-5 lg:grid-cols-2">
            <ImageField
              label={text.thumbnail}
              kind="poster"
              value={draft.thumbnail}
              error={err("thumbnail")}
              onChange={(thumbnail) => update({ thumbnail })}
            />
            <ImageField
              label={text.backdrop}
              kind="backdrop"
              value={draft.backdrop}
              error={err("backdrop")}
              onChange={(backdrop) => update({ backdrop })}
            />
          </div>
        </fieldset>

        {draft.type === "series" && (
          <fieldset className={section}>
            <legend className="mb-2 text-base font-bold">{text.sections.episodes}</legend>
            <div className="max-w-48">
              <TextField
                label={text.totalSeasons}
                type="number"
                inputMode="numeric"
                min={1}
                max={100}
                value={draft.totalSeasons}
                error={err("totalSeasons")}
                onChange={(e) => update({ totalSeasons: e.target.value })}
              />
            </div>
            <EpisodesEditor
              videoId={video?.type === "series" ? video.id : undefined}
              draft={draft}
              errors={errors}
              mediaField={mediaField}
              onChange={updateEpisode}
              onAdd={(season) =>
                setDraft((d) => ({ ...d, episodes: [...d.episodes, newEpisode(d, season)] }))
              }
              onRemove={(episode, index) => {
                if (episode.id) setRemoving({ episode, index });
                else setDraft((d) => ({ ...d, episodes: d.episodes.filter((_, i) => i !== index) }));
              }}
            />
          </fieldset>
        )}
      </div>

      {/* On a phone: the draft/withdraw choice on its own row, then « Annuler » beside the main action. */}
      <footer className="sticky bottom-0 grid grid-cols-2 gap-3 border-t border-line bg-surface px-5 py-4 sm:flex sm:flex-wrap sm:justify-end sm:px-7">
        <button type="button" className={buttonStyles({ variant: "outline" })} onClick={onClose}>
          {adminText.cancel}
        </button>
        {(!editing || publishedNow) && (
          <button
            type="button"
            className={`${buttonStyles({ variant: "outline" })} order-first col-span-2 sm:order-none`}
            disabled={save.isPending}
            onClick={() => send(false)}
          >
            {save.isPending && save.variables === false && <Spinner className="size-4" />}
            {editing ? text.unpublish : text.saveDraft}
          </button>
        )}
        <button
          type="submit"
          className={
            publishedNow
              ? buttonStyles()
              : `${buttonStyles({ variant: "outline" })} order-first col-span-2 sm:order-none`
          }
          disabled={save.isPending}
        >
          {save.isPending && save.variables === publishedNow && <Spinner className="size-4" />}
          {!editing ? text.create : publishedNow ? text.save : text.saveAsDraft}
        </button>
        {editing && !publishedNow && (
          <button
            type="button"
            className={buttonStyles()}
            disabled={save.isPending}
            onClick={() => send(true)}
          >
            {save.isPending && save.variables === true && <Spinner className="size-4" />}
            {text.publish}
          </button>
        )}
      </footer>

      {askMovie && (
        <ConfirmDialog
          danger
          title={text.switchToMovie}
          text={text.switchToMovieText}
          confirmLabel={adminText.confirm}
          cancelLabel={adminText.cancel}
          onClose={() => setAskMovie(false)}
          onConfirm={() => {
            update({ type: "movie", episodes: [], totalSeasons: "1" });
            setAskMovie(false);
          }}
        />
      )}
      {removing?.episode.id && (
        <ConfirmDialog
          danger
          title={text.confirmRemoveEpisode(
            text.episodeLabel(Number(removing.episode.seasonNumber), Number(removing.episode.episodeNumber)),
          )}
          text={text.confirmRemoveEpisodeText}
          confirmLabel={adminText.delete}
          cancelLabel={adminText.cancel}
          busy={dropEpisode.isPending}
          onClose={() => setRemoving(null)}
          onConfirm={() => dropEpisode.mutate(removing.episode.id as string)}
        />
      )}
    </form>
  );
}
