import type { ReactNode } from "react";
import type { VideoSummary } from "#contract/catalogue";
import { type PosterGridLayout, usePosterGridClass } from "#web/components/ui/poster-grid.tsx";
import { VideoCard } from "./video-card.tsx";

/** Video cards in a grid (components/ui/poster-grid.tsx says how it grows with the screen). */
export function VideoGrid({
  videos,
  eagerCount = 0,
  layout = "chosen",
  cardActions,
}: {
  videos: readonly VideoSummary[];
  eagerCount?: number;
  layout?: PosterGridLayout;
  /** The screen's actions for each card's overlay (VideoCard `actions`). */
  cardActions?: ((video: VideoSummary) => ReactNode) | undefined;
}) {
  return (
    <ul className={usePosterGridClass(layout)}>
      {videos.map((video, index) => (
        <li key={video.id}>
          <VideoCard video={video} eager={index < eagerCount} actions={cardActions?.(video)} />
        </li>
      ))}
    </ul>
  );
}
