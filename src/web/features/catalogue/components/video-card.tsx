import { Eye, Star } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import type { VideoSummary } from "#contract/catalogue";
import { fr } from "#web/i18n/fr.ts";
import { isDesktopApp } from "#web/lib/desktop.ts";
import { formatMatch, formatRating } from "#web/lib/format.ts";
import { formatCompactViews } from "../lib/format-views.ts";
import { TypeBadge } from "./type-badge.tsx";

/**
 * A poster card: 2:3 poster with its box reserved (no layout shift), alt = title, SÉRIE/FILM
 * badge, title, year, average rating, views as K or M, percent match (averageRating × 20) and main
 * category (spec §2 video card). The whole card is one link to the more-info view; the
 * link sits on the title so screen readers hear the title once. Cards grow on hover or focus,
 * except in the desktop app (spec §1).
 */
export function VideoCard({ video, eager = false }: { video: VideoSummary; eager?: boolean }) {
  const [imageFailed, setImageFailed] = useState(false);
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
            to={`/info/${video.id}`}
            className="after:absolute after:inset-0 after:rounded-xl focus-visible:outline-none"
          >
            {video.title}
          </Link>
        </h3>
        <p className="mt-1 flex items-center gap-2 overflow-hidden text-sm whitespace-nowrap text-muted tabular-nums">
          <span>{video.year}</span>
          <span aria-hidden="true" className="size-1 rounded-full bg-muted/50" />
          <RatingValue video={video} />
        </p>
        <p className="mt-0.5 flex items-center gap-2 overflow-hidden text-xs whitespace-nowrap text-muted tabular-nums">
          {video.totalRatings > 0 && <MatchValue averageRating={video.averageRating} />}
          <ViewsValue views={video.views} />
          {video.category[0] && <span className="truncate">{video.category[0]}</span>}
        </p>
      </div>
    </article>
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
