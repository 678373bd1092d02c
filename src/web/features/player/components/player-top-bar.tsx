import { ArrowLeft, ListVideo, Star } from "lucide-react";
import type { ReactNode } from "react";
import type { EpisodeSummary } from "#contract/video-detail";
import { playerText } from "#web/i18n/player.ts";
import { IconButton } from "./icon-button.tsx";

/**
 * spec §2 Player top bar: back, the title and the season/episode label, the episodes panel (a
 * series), the screen's `actions` (Ma liste), and 'Noter'. It fades with the controls.
 */
export function PlayerTopBar({
  title,
  episode,
  visible,
  hasEpisodes,
  panel,
  onBack,
  onEpisodes,
  onRate,
  actions,
}: {
  title: string;
  /** The episode playing, for a series. */
  episode: EpisodeSummary | undefined;
  visible: boolean;
  hasEpisodes: boolean;
  panel: string;
  onBack: () => void;
  onEpisodes: () => void;
  onRate: () => void;
  actions?: ReactNode;
}) {
  return (
    <div
      className={`absolute inset-x-0 top-0 z-10 flex items-center gap-3 bg-gradient-to-b from-black/85 to-transparent px-4 pt-4 pb-10 transition-opacity duration-300 sm:px-6 ${visible ? "opacity-100" : "pointer-events-none opacity-0"}`}
    >
      <IconButton label={playerText.back} onClick={onBack}>
        <ArrowLeft />
      </IconButton>
      <div className="min-w-0 flex-1">
        {/* A phone's bar has room for a few letters on one line: two lines each there. */}
        <h1 className="line-clamp-2 text-base leading-tight font-bold wrap-anywhere sm:truncate sm:text-xl">
          {title}
        </h1>
        {episode && (
          <p className="mt-0.5 line-clamp-2 text-sm leading-snug text-fg/75 sm:truncate">
            {playerText.episodeLabel(episode.seasonNumber, episode.episodeNumber)} · {episode.title}
          </p>
        )}
      </div>
      {hasEpisodes && (
        <IconButton label={playerText.episodes} expanded={panel === "episodes"} onClick={onEpisodes}>
          <ListVideo />
        </IconButton>
      )}
      {actions}
      <IconButton label={playerText.rate} expanded={panel === "rate"} onClick={onRate}>
        <Star />
      </IconButton>
    </div>
  );
}
