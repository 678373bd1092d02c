import type { ReactNode } from "react";
import type { VideoSummary } from "#contract/catalogue";
import { Rail } from "#web/components/ui/rail.tsx";
import { VideoCard } from "./video-card.tsx";

/** A titled rail of video cards (spec §2 Home); hidden when it has no video. */
export function VideoRail({
  title,
  videos,
  cardActions,
}: {
  title: string;
  videos: readonly VideoSummary[];
  /** The screen's actions for each card's overlay (VideoCard `actions`). */
  cardActions?: ((video: VideoSummary) => ReactNode) | undefined;
}) {
  return (
    <Rail
      title={title}
      items={videos}
      itemKey={(video) => video.id}
      renderItem={(video) => <VideoCard video={video} actions={cardActions?.(video)} />}
    />
  );
}
