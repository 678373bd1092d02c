import { type ReactNode, useRef } from "react";
import type { VideoSummary } from "#contract/catalogue";
import { PosterCardSkeleton } from "#web/components/ui/poster-frame.tsx";
import { type PosterGridLayout, usePosterGridClass } from "#web/components/ui/poster-grid.tsx";
import { useNearViewport } from "#web/lib/use-near-viewport.ts";
import { VideoCard } from "./video-card.tsx";

/**
 * Video cards in a grid (components/ui/poster-grid.tsx says how it grows with the screen).
 * `deferred`: far below the fold, the grid draws its cards' boxes (no layout shift) and the cards
 * when the reader gets near it (issue 14).
 */
export function VideoGrid({
  videos,
  eagerCount = 0,
  layout = "chosen",
  cardActions,
  deferred = false,
}: {
  videos: readonly VideoSummary[];
  eagerCount?: number;
  layout?: PosterGridLayout;
  /** The screen's actions for each card's overlay (VideoCard `actions`). */
  cardActions?: ((video: VideoSummary) => ReactNode) | undefined;
  deferred?: boolean;
}) {
  const ref = useRef<HTMLUListElement>(null);
  const near = useNearViewport(ref, deferred);
  return (
    <ul ref={ref} className={usePosterGridClass(layout)}>
      {videos.map((video, index) => (
        <li key={video.id} aria-hidden={near ? undefined : true}>
          {near ? (
            <VideoCard video={video} eager={index < eagerCount} actions={cardActions?.(video)} />
          ) : (
            <PosterCardSkeleton still />
          )}
        </li>
      ))}
    </ul>
  );
}
