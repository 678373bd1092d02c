import { Check } from "lucide-react";
import { type ReactNode, useEffect, useId, useRef, useState } from "react";
import type { SubtitleTrack } from "#contract/stream";
import type { EpisodeSummary, VideoDetail } from "#contract/video-detail";
import { CloseButton } from "#web/components/ui/close-button.tsx";
import { playerText } from "#web/i18n/player.ts";
import { infoText } from "#web/i18n/video-info.ts";
import { SPEEDS } from "../lib/player-keys.ts";
import { RateDialog } from "./rate-dialog.tsx";

/** A small menu panel above the bottom bar: a list of choices, one checked; Escape closes it. */
function ChoicePanel<T extends string | number>({
  label,
  choices,
  value,
  onChoose,
  onClose,
}: {
  label: string;
  choices: { value: T; text: string }[];
  value: T;
  onChoose: (value: T) => void;
  onClose: () => void;
}) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.querySelector<HTMLButtonElement>('[aria-checked="true"]')?.focus();
  }, []);
  return (
    <div
      ref={ref}
      role="menu"
      aria-label={label}
      onKeyDown={(event) => {
        if (event.key === "Escape") {
          event.stopPropagation();
          onClose();
        }
        if (event.key === "ArrowDown" || event.key === "ArrowUp") {
          event.preventDefault();
          event.stopPropagation();
          const items = [
            ...(ref.current?.querySelectorAll<HTMLButtonElement>('[role="menuitemradio"]') ?? []),
          ];
          const index = items.indexOf(document.activeElement as HTMLButtonElement);
          const next = items[(index + (event.key === "ArrowDown" ? 1 : items.length - 1)) % items.length];
          next?.focus();
        }
      }}
      className="absolute right-4 bottom-24 z-30 w-60 animate-fade-in rounded-xl border border-white/10 bg-surface/95 p-1.5 shadow-2xl backdrop-blur-md"
    >
      <p className="px-3 pt-2 pb-1.5 text-xs font-bold tracking-[0.14em] text-muted uppercase">{label}</p>
      {choices.map((choice) => (
        <button
          key={String(choice.value)}
          type="button"
          role="menuitemradio"
          aria-checked={choice.value === value}
          onClick={() => onChoose(choice.value)}
          className="flex h-10 w-full items-center justify-between rounded-lg px-3 text-left text-sm font-medium hover:bg-white/8 focus-visible:bg-white/10 focus-visible:outline-none"
        >
          {choice.text}
          {choice.value === value && <Check className="size-4 text-accent" aria-hidden="true" />}
        </button>
      ))}
    </div>
  );
}

export function SpeedPanel({
  value,
  onChoose,
  onClose,
}: {
  value: number;
  onChoose: (speed: number) => void;
  onClose: () => void;
}) {
  return (
    <ChoicePanel
      label={playerText.speed}
      value={value}
      choices={SPEEDS.map((s) => ({ value: s as number, text: playerText.speedValue(s) }))}
      onChoose={onChoose}
      onClose={onClose}
    />
  );
}

/** "off" or a track id. */
export function SubtitlePanel({
  tracks,
  value,
  onChoose,
  onClose,
}: {
  tracks: SubtitleTrack[];
  value: string;
  onChoose: (id: string) => void;
  onClose: () => void;
}) {
  return (
    <ChoicePanel
      label={playerText.subtitles}
      value={value}
      choices={[
        { value: "off", text: playerText.subtitlesOff },
        ...tracks.map((t) => ({ value: t.id, text: t.languageName })),
      ]}
      onChoose={onChoose}
      onClose={onClose}
    />
  );
}

/** spec §2 Player: the episodes side panel, by season; the current episode is marked. */
export function EpisodePanel({
  episodes,
  currentId,
  onChoose,
  onClose,
}: {
  episodes: EpisodeSummary[];
  currentId: string | undefined;
  onChoose: (episode: EpisodeSummary) => void;
  onClose: () => void;
}) {
  const seasons = [...new Set(episodes.map((e) => e.seasonNumber))].sort((a, b) => a - b);
  const current = episodes.find((e) => e.id === currentId);
  const [season, setSeason] = useState(current?.seasonNumber ?? seasons[0] ?? 1);
  const titleId = useId();
  const closeRef = useRef<HTMLButtonElement>(null);
  useEffect(() => closeRef.current?.focus(), []);
  return (
    <aside
      aria-labelledby={titleId}
      onKeyDown={(event) => {
        if (event.key === "Escape") {
          event.stopPropagation();
          onClose();
        }
      }}
      className="absolute inset-y-0 right-0 z-30 flex w-full max-w-md animate-fade-in flex-col border-l border-white/10 bg-surface/97 shadow-2xl backdrop-blur-md"
    >
      <div className="flex items-center justify-between px-5 pt-5 pb-3">
        <h2 id={titleId} className="text-lg font-bold">
          {playerText.episodes}
        </h2>
        <CloseButton
          ref={closeRef}
          label={playerText.closePanel}
          onClick={onClose}
          className="size-10 hover:bg-white/10"
        />
      </div>
      {seasons.length > 1 && (
        <fieldset className="flex flex-wrap gap-2 px-5 pb-3">
          <legend className="sr-only">{infoText.facts.seasons}</legend>
          {seasons.map((n) => (
            <button
              key={n}
              type="button"
              aria-pressed={n === season}
              onClick={() => setSeason(n)}
              className={`h-9 rounded-full px-4 text-sm font-semibold ${n === season ? "bg-fg text-bg" : "bg-white/10 text-fg hover:bg-white/16"}`}
            >
              {playerText.season(n)}
            </button>
          ))}
        </fieldset>
      )}
      <ol className="flex-1 overflow-y-auto px-3 pb-5">
        {episodes
          .filter((e) => e.seasonNumber === season)
          .map((episode) => {
            const isCurrent = episode.id === currentId;
            return (
              <li key={episode.id}>
                <button
                  type="button"
                  aria-current={isCurrent ? "true" : undefined}
                  onClick={() => onChoose(episode)}
                  className={`flex w-full items-start gap-3 rounded-xl px-3 py-3 text-left hover:bg-white/8 ${isCurrent ? "bg-white/10" : ""}`}
                >
                  <span className="w-8 shrink-0 pt-0.5 text-sm font-bold text-muted tabular-nums">
                    {episode.episodeNumber}
                  </span>
                  <span className="min-w-0 flex-1">
                    <span className={`block truncate font-semibold ${isCurrent ? "text-accent" : ""}`}>
                      {episode.title}
                    </span>
                    <span className="mt-0.5 line-clamp-2 text-sm text-muted">{episode.description}</span>
                  </span>
                  <span className="shrink-0 text-xs text-muted tabular-nums">{episode.duration}</span>
                </button>
              </li>
            );
          })}
      </ol>
    </aside>
  );
}

/** Auto (bandwidth-adaptive) and each rung the member's plan allows (decision 025). */
export function QualityPanel({
  heights,
  value,
  playing,
  onChoose,
  onClose,
}: {
  heights: number[];
  value: "auto" | number;
  playing: number | null;
  onChoose: (choice: "auto" | number) => void;
  onClose: () => void;
}) {
  return (
    <ChoicePanel<"auto" | number>
      label={playerText.quality}
      value={value}
      choices={[
        { value: "auto", text: playerText.qualityAuto(value === "auto" ? playing : null) },
        ...[...heights].reverse().map((h) => ({ value: h, text: playerText.qualityValue(h) })),
      ]}
      onChoose={onChoose}
      onClose={onClose}
    />
  );
}

export type Panel = "none" | "episodes" | "speed" | "subtitles" | "quality" | "rate";

/** The one panel or dialog open over the player, if any; choosing in a menu closes it. */
export function OpenPanel({
  panel,
  video,
  episode,
  tracks,
  settings,
  rating,
  quality,
  onEpisodeChange,
  onClose,
}: {
  panel: Panel;
  video: VideoDetail;
  episode: EpisodeSummary | undefined;
  tracks: SubtitleTrack[];
  settings: {
    speed: number;
    subtitle: string;
    setSpeed: (s: number) => void;
    setSubtitle: (id: string) => void;
  };
  /** The 'Noter' dialog's content, from the screen. */
  rating: ReactNode;
  /** The ladder's rungs and the choice (decision 025). */
  quality: {
    heights: number[];
    choice: "auto" | number;
    playingHeight: number | null;
    choose: (choice: "auto" | number) => void;
  };
  onEpisodeChange: (episode: EpisodeSummary) => void;
  onClose: () => void;
}) {
  const then =
    <T,>(act: (value: T) => void) =>
    (value: T) => {
      act(value);
      onClose();
    };
  switch (panel) {
    case "speed":
      return <SpeedPanel value={settings.speed} onChoose={then(settings.setSpeed)} onClose={onClose} />;
    case "subtitles":
      return (
        <SubtitlePanel
          tracks={tracks}
          value={settings.subtitle}
          onChoose={then(settings.setSubtitle)}
          onClose={onClose}
        />
      );
    case "quality":
      return (
        <QualityPanel
          heights={quality.heights}
          value={quality.choice}
          playing={quality.playingHeight}
          onChoose={then(quality.choose)}
          onClose={onClose}
        />
      );
    case "episodes":
      return (
        <EpisodePanel
          episodes={video.episodes}
          currentId={episode?.id}
          onChoose={then((e: EpisodeSummary) => {
            if (e.id !== episode?.id) onEpisodeChange(e);
          })}
          onClose={onClose}
        />
      );
    case "rate":
      return (
        <RateDialog title={video.title} onClose={onClose}>
          {rating}
        </RateDialog>
      );
    default:
      return null;
  }
}
