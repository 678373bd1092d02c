import { ChevronDown, Play, Star } from "lucide-react";
import { type PointerEvent, type ReactNode, useState } from "react";
import { Link } from "react-router";
import type { VideoSummary } from "#contract/catalogue";
import { PosterFrame, posterGrowClass } from "#web/components/ui/poster-frame.tsx";
import { ViewsCount } from "#web/components/ui/views-count.tsx";
import { homeText } from "#web/i18n/catalogue.ts";
import { videoText } from "#web/i18n/common.ts";
import { infoText } from "#web/i18n/video-info.ts";
import { isDesktopApp } from "#web/lib/desktop.ts";
import { formatMatch, formatRating } from "#web/lib/format.ts";
import { useInfoLink } from "#web/lib/info-link.ts";

/**
 * A poster card: 2:3 poster with its box reserved (no layout shift), alt = title, SÉRIE/FILM
 * badge, title, year, average rating, views as K or M, percent match (averageRating × 20) and main
 * category (spec §2 video card). The whole card is one link to the info modal (`?info={id}` over
 * the current screen); the link sits on the title so screen readers hear the title once. On hover
 * or keyboard focus an overlay offers Lecture, the screen's `actions` (Ma liste and J'aime: a slot the
 * screen fills, docs/decisions/010) and Plus d'infos. The overlay is built the first time a mouse
 * or a pen comes over the card or focus enters it, not before: a home of 150 cards would otherwise
 * draw 150 hidden overlays and their actions on load (most of its blocking time on a phone, issue
 * 14). The desktop app (spec §1) has neither the overlay nor the growth: its cards are plain links.
 */
export function VideoCard({
  video,
  eager = false,
  actions,
}: {
  video: VideoSummary;
  eager?: boolean;
  /** Round buttons for the overlay, between Lecture and Plus d'infos (style: videoCardActionClass). */
  actions?: ReactNode;
}) {
  const info = useInfoLink(video.id);
  const [overlay, setOverlay] = useState(false);
  // Touch screens never show the overlay (CSS hides it): only a mouse or a pen builds it.
  const wake = (event: PointerEvent) => {
    if (!overlay && event.pointerType !== "touch") setOverlay(true);
  };

  return (
    <article
      className="group @container relative"
      onPointerEnter={overlay ? undefined : wake}
      onFocus={overlay ? undefined : () => setOverlay(true)}
    >
      <PosterFrame video={video} eager={eager}>
        <div
          aria-hidden="true"
          className="pointer-events-none absolute inset-x-0 bottom-0 h-1/3 bg-gradient-to-t from-black/55 to-transparent opacity-0 transition-opacity duration-300 group-hover:opacity-100"
        />
      </PosterFrame>

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
          {/* Only on a card wide enough for it: on a narrow one (a phone's rail, a grid of six
              columns) it pushed the rating (spec §2's card) out of sight; the info view gives it. */}
          {video.type === "movie" && video.duration && (
            <>
              <span aria-hidden="true" className="hidden size-1 rounded-full bg-muted/50 @[11.5rem]:block" />
              <span className="hidden shrink-0 @[11.5rem]:inline">{video.duration}</span>
            </>
          )}
          <span aria-hidden="true" className="size-1 rounded-full bg-muted/50" />
          <RatingValue video={video} />
        </p>
        <p className="mt-0.5 flex items-center gap-2 overflow-hidden text-xs whitespace-nowrap text-muted tabular-nums">
          {video.totalRatings > 0 && <MatchValue averageRating={video.averageRating} />}
          <ViewsCount views={video.views} className="shrink-0" />
          {video.category[0] && <span className="truncate">{video.category[0]}</span>}
        </p>
      </div>
      {overlay && !isDesktopApp && <CardOverlay video={video} infoLink={info} actions={actions} />}
    </article>
  );
}

/** The look of the overlay's round buttons, for the actions a screen puts in the card. */
export const videoCardActionClass =
  "scheme-dark grid size-9 place-items-center rounded-full border border-white/40 bg-black/60 text-fg backdrop-blur-md transition-colors hover:border-white hover:bg-black/80";

/**
 * The hover overlay (spec §2), shown while the pointer is over the card or focus is inside it, so
 * keyboard users reach the same actions (after the title, in reading order).
 */
function CardOverlay({
  video,
  infoLink,
  actions,
}: {
  video: VideoSummary;
  infoLink: ReturnType<typeof useInfoLink>;
  actions: ReactNode;
}) {
  return (
    // After the title in the DOM and above its stretched link, in a box the poster's size that
    // grows with it; only the buttons take the pointer, the rest of the poster still opens the info. Screens
    // without hover (touch) get no overlay: no invisible button under a finger; the info has them all.
    <div
      className={`pointer-events-none absolute inset-x-0 top-0 z-10 flex aspect-[2/3] items-end [@media(hover:none)]:hidden transition-transform duration-300 ease-out-soft ${posterGrowClass}`}
    >
      <div className="scheme-dark w-full bg-gradient-to-t from-black from-55% via-black/85 to-transparent p-2.5 pt-16 opacity-0 transition-opacity duration-200 group-focus-within:opacity-100 group-hover:opacity-100">
        {video.description && (
          <p className="mb-2.5 line-clamp-3 text-xs leading-snug text-fg/90">{video.description}</p>
        )}
        <div className="flex items-center gap-1.5 [&>*]:pointer-events-auto">
          <Link
            to={`/video/${video.id}`}
            aria-label={infoText.playTitle(video.title)}
            title={infoText.play}
            className="grid size-9 place-items-center rounded-full bg-fg text-bg transition-transform hover:scale-105"
          >
            <Play className="size-4 fill-current" aria-hidden="true" />
          </Link>
          {actions}
          <Link
            {...infoLink}
            aria-label={infoText.moreInfo(video.title)}
            title={homeText.moreInfo}
            className={`${videoCardActionClass} ml-auto`}
          >
            <ChevronDown className="size-4" aria-hidden="true" />
          </Link>
        </div>
      </div>
    </div>
  );
}

function RatingValue({ video }: { video: VideoSummary }) {
  if (video.totalRatings === 0) return <span className="truncate">{videoText.unrated}</span>;
  const value = formatRating(video.averageRating);
  return (
    <span className="inline-flex items-center gap-1" title={videoText.rating(value)}>
      <Star className="size-3.5 fill-accent text-accent" aria-hidden="true" />
      <span aria-hidden="true" className="font-medium text-fg/90">
        {value}
      </span>
      <span className="sr-only">{videoText.rating(value)}</span>
    </span>
  );
}

/** "86 %" on the card, read in full ("86 % de correspondance") by screen readers and as a tooltip. */
function MatchValue({ averageRating }: { averageRating: number }) {
  const percent = formatMatch(averageRating);
  return (
    <span className="shrink-0 font-semibold text-accent" title={videoText.match(percent)}>
      <span aria-hidden="true">{percent}</span>
      <span className="sr-only">{videoText.match(percent)}</span>
    </span>
  );
}
