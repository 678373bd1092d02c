import { type ReactNode, useState } from "react";
import type { VideoSummary } from "#contract/catalogue";
import { isDesktopApp } from "#web/lib/desktop.ts";
import { TypeBadge } from "./type-badge.tsx";

/**
 * A card's growth on hover or keyboard focus (DESIGN.md); none in the desktop app (spec §1). An
 * overlay that must stay on the poster grows with the same classes.
 */
export const posterGrowClass = isDesktopApp
  ? ""
  : "motion-safe:group-hover:-translate-y-1 motion-safe:group-hover:scale-[1.03] motion-safe:group-has-[:focus-visible]:-translate-y-1 motion-safe:group-has-[:focus-visible]:scale-[1.03]";

/**
 * The 2:3 poster of a card (DESIGN.md: box reserved, no layout shift; alt = the title), with its
 * SÉRIE/FILM badge, a titled stand-in for a missing or broken image, the focus ring of the card
 * (`group` on the card) and `children` drawn over the poster. Shared by the catalogue's and the
 * history's cards.
 */
export function PosterFrame({
  video,
  eager = false,
  fallbackPadding = "p-3",
  children,
}: {
  video: Pick<VideoSummary, "title" | "thumbnail" | "type">;
  eager?: boolean;
  /** Room under the stand-in's title (a progress bar along the foot takes some). */
  fallbackPadding?: string;
  children?: ReactNode;
}) {
  const [imageFailed, setImageFailed] = useState(false);
  const showImage = video.thumbnail !== null && !imageFailed;
  return (
    <div
      className={`relative aspect-[2/3] overflow-hidden rounded-xl bg-surface-2 shadow-poster ring-1 ring-white/8 transition-[transform,box-shadow] duration-300 ease-out-soft group-hover:ring-white/25 group-has-[:focus-visible]:outline-2 group-has-[:focus-visible]:outline-offset-3 group-has-[:focus-visible]:outline-accent ${posterGrowClass}`}
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
          className={`flex size-full items-end bg-[linear-gradient(160deg,var(--color-surface-3),var(--color-surface)_70%)] ${fallbackPadding}`}
        >
          <span aria-hidden="true" className="line-clamp-4 text-lg leading-tight font-bold text-fg/85">
            {video.title}
          </span>
        </div>
      )}
      {children}
      <TypeBadge type={video.type} className="absolute top-2 left-2" />
    </div>
  );
}

/** A card's box while it loads: the poster and `lines` of text under it. */
export function PosterCardSkeleton({ lines = 3, still = false }: { lines?: 2 | 3; still?: boolean }) {
  // `still`: a box waiting for its card far below the fold (deferred rails and grids) does not
  // shimmer — a hundred animated boxes would repaint the page at every frame.
  const box = still ? "bg-surface-2/60" : "skeleton";
  if (lines === 2)
    return (
      <div aria-hidden="true">
        <div className={`${box} aspect-[2/3] rounded-xl`} />
        <div className={`${box} mt-3 h-4 w-4/5 rounded`} />
        <div className={`${box} mt-2 h-3.5 w-1/2 rounded`} />
      </div>
    );
  // The three lines of a video card (video-card.tsx), each as tall as the card's own line (the
  // title, 0.95rem leading-snug; a line of text-sm, 20 px; one of text-xs, 16 px) with its bar
  // drawn in the middle of it (the background kept inside the padding): rows of other heights grew
  // every deferred rail by 7 px when its cards came (issue 14: no layout shift). One element a
  // line: a phone's home and Explorer draw a hundred of these boxes. No text in them: a rail of
  // boxes is not a region to reach by keyboard (axe).
  const line = `${box} mx-0.5 rounded-md bg-clip-content`;
  return (
    <div aria-hidden="true">
      <div className={`${box} aspect-[2/3] rounded-xl`} />
      <div className={`${line} mt-3 h-[calc(0.95rem*1.375)] w-4/5 py-[calc((0.95rem*1.375-1rem)/2)]`} />
      <div className={`${line} mt-1 h-5 w-1/2 py-[0.1875rem]`} />
      <div className={`${line} mt-0.5 h-4 w-2/5 py-0.5`} />
    </div>
  );
}
