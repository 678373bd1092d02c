import type { VideoSummary } from "#contract/catalogue";
import { gridColumnClasses, useGridColumns } from "../hooks/use-grid-columns.ts";
import { VideoCard, VideoCardSkeleton } from "./video-card.tsx";

/** DESIGN.md: 2 columns on a 360 px phone up to the member's choice (2 to 6, spec §2) on wide screens. */
function useGridClass() {
  return `grid ${gridColumnClasses(useGridColumns())} gap-x-4 gap-y-8 xl:gap-x-5`;
}

export function VideoGrid({
  videos,
  eagerCount = 0,
}: {
  videos: readonly VideoSummary[];
  eagerCount?: number;
}) {
  return (
    <ul className={useGridClass()}>
      {videos.map((video, index) => (
        <li key={video.id}>
          <VideoCard video={video} eager={index < eagerCount} />
        </li>
      ))}
    </ul>
  );
}

export function VideoGridSkeleton({ count = 12 }: { count?: number }) {
  return (
    <div aria-hidden="true" className={useGridClass()}>
      {Array.from({ length: count }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <VideoCardSkeleton key={index} />
      ))}
    </div>
  );
}
