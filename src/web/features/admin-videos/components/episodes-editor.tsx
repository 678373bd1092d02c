import { Plus, Trash2 } from "lucide-react";
import { buttonStyles } from "#web/components/ui/button-styles.ts";
import { TextAreaField } from "#web/components/ui/text-area-field.tsx";
import { TextField } from "#web/components/ui/text-field.tsx";
import { videoFormText as text } from "#web/i18n/admin.ts";
import type { FieldErrors } from "#web/lib/form-errors.ts";
import { bySeason, type EpisodeDraft, type VideoDraft } from "../lib/video-draft.ts";
import { ImageField } from "./image-field.tsx";
import type { MediaFieldSlot } from "./media-field.tsx";

/**
 * A series' episodes grouped by season (spec §2 Admin, §4 Video form, §5): a season per
 * `totalSeasons`, each with its episodes by number and « Ajouter un épisode » (number = the
 * season's count plus 1, duration '45min'). Each field shows the contract's or the server's
 * message for its place in the list. Removing asks the dialog (a saved episode is deleted on the
 * server after a confirmation; an unsaved one is dropped here).
 */
export function EpisodesEditor({
  videoId,
  draft,
  errors,
  mediaField,
  onChange,
  onAdd,
  onRemove,
}: {
  /** The saved series' id: its saved episodes may get a file. */
  videoId?: string | undefined;
  draft: VideoDraft;
  errors: FieldErrors;
  mediaField: MediaFieldSlot;
  onChange: (index: number, patch: Partial<EpisodeDraft>) => void;
  onAdd: (season: number) => void;
  onRemove: (episode: EpisodeDraft, index: number) => void;
}) {
  const seasons = bySeason(draft);
  return (
    <div className="flex flex-col gap-6">
      {errors.episodes && <p className="text-sm text-danger">{errors.episodes}</p>}
      {seasons.map(({ season, episodes }) => (
        <section
          key={season}
          aria-labelledby={`season-${season}`}
          className="rounded-2xl border border-line p-4"
        >
          <div className="flex flex-wrap items-center justify-between gap-3">
            <h4 id={`season-${season}`} className="text-base font-bold">
              {text.season(season)}
            </h4>
            <button
              type="button"
              className={buttonStyles({ variant: "outline", size: "sm" })}
              onClick={() => onAdd(season)}
              aria-label={text.addEpisodeTo(season)}
            >
              <Plus aria-hidden="true" />
              {text.addEpisode}
            </button>
          </div>
          {episodes.length === 0 ? (
            <p className="mt-3 text-sm text-muted">{text.episodesEmpty}</p>
          ) : (
            <ol className="mt-4 flex flex-col gap-4">
              {episodes.map(({ episode, index }) => {
                const at = (field: string) => errors[`episodes.${index}.${field}`];
                const label = text.episodeLabel(
                  Number(episode.seasonNumber) || season,
                  Number(episode.episodeNumber) || 0,
                );
                return (
                  <li key={episode.key} className="rounded-xl bg-surface-2/60 p-3 sm:p-4">
                    {/* A group named « S1 É2 »: the same field names in every episode are told
                        apart by a screen reader. */}
                    <fieldset aria-label={label} className="min-w-0">
                      <div className="flex items-center justify-between gap-3">
                        <p className="text-sm font-semibold tabular-nums">
                          {label}
                          {!episode.id && (
                            <span className="ml-2 rounded-full bg-accent/15 px-2 py-0.5 text-xs text-accent">
                              {text.unsaved}
                            </span>
                          )}
                        </p>
                        <button
                          type="button"
                          className={buttonStyles({ variant: "ghost", size: "sm" })}
                          onClick={() => onRemove(episode, index)}
                          aria-label={text.removeEpisode(label)}
                        >
                          <Trash2 aria-hidden="true" />
                        </button>
                      </div>
                      <div className="mt-3 grid gap-3 sm:grid-cols-[1fr_6rem_6rem_7rem]">
                        <TextField
                          label={text.episodeTitle}
                          value={episode.title}
                          maxLength={200}
                          required
                          error={at("title")}
                          onChange={(e) => onChange(index, { title: e.target.value })}
                        />
                        <TextField
                          label={text.seasonNumber}
                          type="number"
                          inputMode="numeric"
                          min={1}
                          max={Number(draft.totalSeasons) || 1}
                          value={episode.seasonNumber}
                          error={at("seasonNumber")}
                          onChange={(e) => onChange(index, { seasonNumber: e.target.value })}
                        />
                        <TextField
                          label={text.episodeNumber}
                          type="number"
                          inputMode="numeric"
                          min={1}
                          value={episode.episodeNumber}
                          error={at("episodeNumber") ?? at("id")}
                          onChange={(e) => onChange(index, { episodeNumber: e.target.value })}
                        />
                        <TextField
                          label={text.episodeDuration}
                          value={episode.duration}
                          maxLength={20}
                          error={at("duration")}
                          onChange={(e) => onChange(index, { duration: e.target.value })}
                        />
                      </div>
                      <div className="mt-3">
                        {mediaField({
                          label: text.episodeVideo,
                          value: episode.videoUrl,
                          onChange: (videoUrl) => onChange(index, { videoUrl }),
                          error: at("videoUrl"),
                          target: "episode",
                          videoId,
                          episodeId: episode.id,
                        })}
                      </div>
                      <details className="mt-3 group">
                        <summary className="cursor-pointer text-sm font-medium text-muted hover:text-fg">
                          {text.episodeDescription} · {text.episodeThumbnail}
                        </summary>
                        <div className="mt-3 flex flex-col gap-3">
                          <TextAreaField
                            label={text.episodeDescription}
                            value={episode.description}
                            maxLength={5000}
                            rows={3}
                            error={at("description")}
                            onChange={(e) => onChange(index, { description: e.target.value })}
                          />
                          <ImageField
                            label={text.episodeThumbnail}
                            kind="thumbnail"
                            value={episode.thumbnail}
                            error={at("thumbnail")}
                            onChange={(thumbnail) => onChange(index, { thumbnail })}
                          />
                        </div>
                      </details>
                    </fieldset>
                  </li>
                );
              })}
            </ol>
          )}
        </section>
      ))}
    </div>
  );
}
