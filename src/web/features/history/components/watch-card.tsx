import { Play } from "lucide-react";
import { type ReactNode, useState } from "react";
import { Link } from "react-router";
import type { VideoSummary } from "#contract/catalogue";
import type { HistoryEpisode } from "#contract/history";
import { fr } from "#web/i18n/fr.ts";
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
  const [imageFailed, setImageFailed] = useState(false);
  const showImage = video.thumbnail !== null && !imageFailed;
  const grow = isDesktopApp
    ? ""
    : "motion-safe:group-hover:-translate-y-1 motion-safe:group-hover:scale-[1.03] motion-safe:group-has-[:focus-visible]:-translate-y-1 motion-safe:group-has-[:focus-visible]:scale-[1.03]";
  const typeTone =
    video.type === "series"
      ? "bg-accent text-on-accent"
      : "bg-black/55 text-fg ring-1 ring-white/15 backdrop-blur-sm";

  return (
    <article className="group relative">
      <div
        className={`relative aspect-[2/3] overflow-hidden rounded-xl bg-surface-2 shadow-poster ring-1 ring-white/8 transition-[transform,box-shadow] duration-300 ease-out-soft group-hover:ring-white/25 group-has-[:focus-visible]:outline-2 group-has-[:focus-visible]:outline-offset-3 group-has-[:focus-visible]:outline-accent ${grow}`}
      >
        {showImage ? (
          <img
            src={video.thumbnail ?? undefined}
            alt={video.title}
            width={400}
            height={600}
            loading={eager ? "eager" : "lazy"}
            decoding="async"
            onError={() => setImageFailed(true)}
            className="size-full object-cover"
          />
        ) : (
          <div
            role="img"
            aria-label={video.title}
            className="flex size-full items-end bg-[linear-gradient(160deg,var(--color-surface-3),var(--color-surface)_70%)] p-3 pb-4"
          >
            <span aria-hidden="true" className="line-clamp-4 text-lg leading-tight font-bold text-fg/85">
              {video.title}
            </span>
          </div>
        )}
        <span
          className={`absolute top-2 left-2 inline-flex h-5 items-center rounded px-1.5 text-[0.65rem] leading-none font-extrabold tracking-[0.08em] ${typeTone}`}
        >
          {fr.video.badge[video.type]}
        </span>
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
      </div>

      <div className="mt-3 px-0.5">
        <h3 className="truncate text-[0.95rem] leading-snug font-semibold text-fg">
          <Link
            to={watchLink(video.id, episode?.id)}
            aria-label={
              episode
                ? `${fr.history.resumeLink(video.title)}, ${fr.history.episodeFull(episode.seasonNumber, episode.episodeNumber, episode.title)}`
                : fr.history.resumeLink(video.title)
            }
            className="after:absolute after:inset-0 after:rounded-xl focus-visible:outline-none"
          >
            {video.title}
          </Link>
        </h3>
        {episode && (
          <p className="mt-1 truncate text-sm text-muted" title={episode.title}>
            <span className="font-semibold text-fg/90 tabular-nums">
              {fr.history.episode(episode.seasonNumber, episode.episodeNumber)}
            </span>{" "}
            {episode.title}
          </p>
        )}
        {children}
      </div>
    </article>
  );
}
