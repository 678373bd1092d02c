import { ChevronDown, Eye, Play, Star } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import type { VideoSummary } from "#contract/catalogue";
import { FavoriteButton, LikeButton } from "#web/features/video-info/components/video-actions.tsx";
import { useInfoLink } from "#web/features/video-info/info-link.ts";
import { fr } from "#web/i18n/fr.ts";
import { isDesktopApp } from "#web/lib/desktop.ts";
import { formatMatch, formatRating } from "#web/lib/format.ts";
import { formatCompactViews } from "../lib/format-views.ts";
import { TypeBadge } from "./type-badge.tsx";

/**
 * A poster card: 2:3 poster with its box reserved (no layout shift), alt = title, SÉRIE/FILM
 * badge, title, year, average rating, views as K or M, percent match (averageRating × 20) and main
 * category (spec §2 video card). The whole card is one link to the info modal (`?info={id}` over
 * the current screen); the link sits on the title so screen readers hear the title once. On hover
 * or keyboard focus an overlay offers Lecture, Ma liste (members), J'aime and Plus d'infos. The
 * desktop app (spec §1) has neither the overlay nor the growth: its cards are plain links.
 */
export function VideoCard({ video, eager = false }: { video: VideoSummary; eager?: boolean }) {
  const [imageFailed, setImageFailed] = useState(false);
  const info = useInfoLink(video.id);
  const showImage = video.thumbnail !== null && !imageFailed;
  const grow = isDesktopApp
    ? ""
    : "motion-safe:group-hover:-translate-y-1 motion-safe:group-hover:scale-[1.03] motion-safe:group-has-[:focus-visible]:-translate-y-1 motion-safe:group-has-[:focus-visible]:scale-[1.03]";

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
          <PosterFallback title={video.title} />
        )}
        <div
          aria-hidden="true"
          className="pointer-events-none absolute inset-x-0 bottom-0 h-1/3 bg-gradient-to-t from-black/55 to-transparent opacity-0 transition-opacity duration-300 group-hover:opacity-100"
        />
        <TypeBadge type={video.type} className="absolute top-2 left-2" />
      </div>

      <div className="mt-3 px-0.5">
        <h3 className="truncate text-[0.95rem] leading-snug font-semibold text-fg">
          <Link
            {...info}
            className="after:absolute after:inset-0 after:rounded-xl focus-visible:outline-none"
          >
            {video.title}
          </Link>
        </h3>
        <p className="mt-1 flex items-center gap-2 overflow-hidden text-sm whitespace-nowrap text-muted tabular-nums">
          <span>{video.year}</span>
          {video.type === "movie" && video.duration && (
            <>
              <span aria-hidden="true" className="size-1 rounded-full bg-muted/50" />
              <span className="shrink-0">{video.duration}</span>
            </>
          )}
          <span aria-hidden="true" className="size-1 rounded-full bg-muted/50" />
          <RatingValue video={video} />
        </p>
        <p className="mt-0.5 flex items-center gap-2 overflow-hidden text-xs whitespace-nowrap text-muted tabular-nums">
          {video.totalRatings > 0 && <MatchValue averageRating={video.averageRating} />}
          <ViewsValue views={video.views} />
          {video.category[0] && <span className="truncate">{video.category[0]}</span>}
        </p>
      </div>
      {!isDesktopApp && <CardOverlay video={video} infoLink={info} grow={grow} />}
    </article>
  );
}

/**
 * The hover overlay (spec §2), shown while the pointer is over the card or focus is inside it, so
 * keyboard users reach the same actions (after the title, in reading order).
 */
function CardOverlay({
  video,
  infoLink,
  grow,
}: {
  video: VideoSummary;
  infoLink: ReturnType<typeof useInfoLink>;
  grow: string;
}) {
  const round =
    "grid size-9 place-items-center rounded-full border border-white/40 bg-black/60 text-fg backdrop-blur-md transition-colors hover:border-white hover:bg-black/80";
  return (
    // After the title in the DOM and above its stretched link, in a box the poster's size that
    // grows with it; only the buttons take the pointer, the rest of the poster still opens the info. Screens
    // without hover (touch) get no overlay: no invisible button under a finger; the info has them all.
    <div
      className={`pointer-events-none absolute inset-x-0 top-0 z-10 flex aspect-[2/3] items-end [@media(hover:none)]:hidden transition-transform duration-300 ease-out-soft ${grow}`}
    >
      <div className="w-full bg-gradient-to-t from-black from-55% via-black/85 to-transparent p-2.5 pt-16 opacity-0 transition-opacity duration-200 group-focus-within:opacity-100 group-hover:opacity-100">
        {video.description && (
          <p className="mb-2.5 line-clamp-3 text-xs leading-snug text-fg/90">{video.description}</p>
        )}
        <div className="flex items-center gap-1.5 [&>*]:pointer-events-auto">
          <Link
            to={`/video/${video.id}`}
            aria-label={fr.info.playTitle(video.title)}
            title={fr.info.play}
            className="grid size-9 place-items-center rounded-full bg-fg text-bg transition-transform hover:scale-105"
          >
            <Play className="size-4 fill-current" aria-hidden="true" />
          </Link>
          <FavoriteButton video={video} variant="icon" className={round} />
          <LikeButton video={video} variant="icon" className={round} />
          <Link
            {...infoLink}
            aria-label={fr.info.moreInfo(video.title)}
            title={fr.home.moreInfo}
            className={`${round} ml-auto`}
          >
            <ChevronDown className="size-4" aria-hidden="true" />
          </Link>
        </div>
      </div>
    </div>
  );
}

function RatingValue({ video }: { video: VideoSummary }) {
  if (video.totalRatings === 0) return <span className="truncate">{fr.video.unrated}</span>;
  const value = formatRating(video.averageRating);
  return (
    <span className="inline-flex items-center gap-1" title={fr.video.rating(value)}>
      <Star className="size-3.5 fill-accent text-accent" aria-hidden="true" />
      <span aria-hidden="true" className="font-medium text-fg/90">
        {value}
      </span>
      <span className="sr-only">{fr.video.rating(value)}</span>
    </span>
  );
}

/** Views as K or M next to an eye ("1,2 K"), read in full ("1,2 K vues") by screen readers. */
function ViewsValue({ views }: { views: number }) {
  const full = fr.video.views(views, formatCompactViews(views));
  return (
    <span className="inline-flex shrink-0 items-center gap-1" title={full}>
      <Eye className="size-3 shrink-0" aria-hidden="true" />
      <span aria-hidden="true">{formatCompactViews(views)}</span>
      <span className="sr-only">{full}</span>
    </span>
  );
}

/** "86 %" on the card, read in full ("86 % de correspondance") by screen readers and as a tooltip. */
function MatchValue({ averageRating }: { averageRating: number }) {
  const percent = formatMatch(averageRating);
  return (
    <span className="shrink-0 font-semibold text-accent" title={fr.video.match(percent)}>
      <span aria-hidden="true">{percent}</span>
      <span className="sr-only">{fr.video.match(percent)}</span>
    </span>
  );
}

/** Stands in for a missing or broken poster, still named by the title. */
function PosterFallback({ title }: { title: string }) {
  return (
    <div
      role="img"
      aria-label={title}
      className="flex size-full items-end bg-[linear-gradient(160deg,var(--color-surface-3),var(--color-surface)_70%)] p-3"
    >
      <span aria-hidden="true" className="line-clamp-4 text-lg leading-tight font-bold text-fg/85">
        {title}
      </span>
    </div>
  );
}

export function VideoCardSkeleton() {
  return (
    <div aria-hidden="true">
      <div className="skeleton aspect-[2/3] rounded-xl" />
      <div className="skeleton mt-3 h-4 w-4/5 rounded" />
      <div className="skeleton mt-2 h-3.5 w-1/2 rounded" />
      <div className="skeleton mt-1.5 h-3 w-2/5 rounded" />
    </div>
  );
}
