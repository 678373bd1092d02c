import type { ReactNode } from "react";
import type { VideoSummary } from "#contract/catalogue";
import { Rail } from "#web/components/ui/rail.tsx";
import { VideoCard } from "./video-card.tsx";

/** A titled rail of video cards (spec §2 Home); hidden when it has no video. */
export function VideoRail({
  title,
  videos,
  cardActions,
  eagerCount = 0,
  deferred = false,
}: {
  title: string;
  videos: readonly VideoSummary[];
  /** The screen's actions for each card's overlay (VideoCard `actions`). */
  cardActions?: ((video: VideoSummary) => ReactNode) | undefined;
  /** The first posters load at once (the rail at the top of a screen: its largest paint). */
  eagerCount?: number;
  /** Far below the fold: cards drawn when the reader gets near (Rail `deferred`). */
  deferred?: boolean;
}) {
  return (
    <Rail
      title={title}
      items={videos}
      itemKey={(video) => video.id}
      deferred={deferred}
      renderItem={(video, index) => (
        <VideoCard video={video} eager={index < eagerCount} actions={cardActions?.(video)} />
      )}
    />
  );
}
