import type { VideoSummary } from "#contract/catalogue";
import { VideoCard, VideoCardSkeleton } from "./video-card.tsx";

/** DESIGN.md: 2 columns on a 360 px phone up to 6 on wide screens. */
const columns =
  "grid grid-cols-2 gap-x-4 gap-y-8 sm:grid-cols-3 md:grid-cols-4 lg:grid-cols-5 xl:grid-cols-6 xl:gap-x-5";

export function VideoGrid({
  videos,
  eagerCount = 0,
}: {
  videos: readonly VideoSummary[];
  eagerCount?: number;
}) {
  return (
    <ul className={columns}>
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
    <div aria-hidden="true" className={columns}>
      {Array.from({ length: count }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <VideoCardSkeleton key={index} />
      ))}
    </div>
  );
}
