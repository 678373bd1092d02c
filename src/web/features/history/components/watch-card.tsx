import { Play } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import type { VideoSummary } from "#contract/catalogue";
import type { HistoryEpisode } from "#contract/history";
import { PosterFrame } from "#web/components/ui/poster-frame.tsx";
import { historyText } from "#web/i18n/history.ts";
import { isDesktopApp } from "#web/lib/desktop.ts";
import { watchLink } from "../lib/history-params.ts";
import { WatchProgressBar } from "./watch-progress-bar.tsx";

/**
 * A poster card of something the member watched, in the catalogue cards' look (2:3 poster with its
 * box reserved, alt = title, SÉRIE/FILM badge) with the progress bar along the poster's foot. The
 * whole card is one link, on the title, to the player at that video (and episode, for a series):
 * spec §2 History "Card links to /video/{videoId}". `children` are the lines under the title.
 */
export function WatchCard({
  video,
  episode,
  progress,
  eager = false,
  children,
}: {
  video: VideoSummary;
  episode: HistoryEpisode | null;
  progress: number;
  eager?: boolean;
  children?: ReactNode;
}) {
  return (
    <article className="group relative">
      <PosterFrame video={video} eager={eager} fallbackPadding="p-3 pb-4">
        {!isDesktopApp && (
          <span
            aria-hidden="true"
            className="absolute inset-0 grid place-items-center opacity-0 transition-opacity duration-200 group-hover:opacity-100 group-has-[:focus-visible]:opacity-100"
          >
            <span className="grid size-12 place-items-center rounded-full bg-fg/90 text-bg shadow-lg">
              <Play className="size-5 translate-x-px fill-current" />
            </span>
          </span>
        )}
        {/* Along the poster's foot, as wide as the poster: the poster itself stays whole. */}
        <WatchProgressBar progress={progress} flush />
      </PosterFrame>

      <div className="mt-3 px-0.5">
        <h3 className="truncate text-[0.95rem] leading-snug font-semibold text-fg">
          <Link
            to={watchLink(video.id, episode?.id)}
            aria-label={
              episode
                ? `${historyText.resumeLink(video.title)}, ${historyText.episodeFull(episode.seasonNumber, episode.episodeNumber, episode.title)}`
                : historyText.resumeLink(video.title)
            }
            className="after:absolute after:inset-0 after:rounded-xl focus-visible:outline-none"
          >
            {video.title}
          </Link>
        </h3>
        {episode && (
          <p className="mt-1 truncate text-sm text-muted" title={episode.title}>
            <span className="font-semibold text-fg/90 tabular-nums">
              {historyText.episode(episode.seasonNumber, episode.episodeNumber)}
            </span>{" "}
            {episode.title}
          </p>
        )}
        {children}
      </div>
    </article>
  );
}
