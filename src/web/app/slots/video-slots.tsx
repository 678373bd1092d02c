import type { ReactNode } from "react";
import type { VideoSummary } from "#contract/catalogue";
import type { PosterGridLayout } from "#web/components/ui/poster-grid.tsx";
import { videoCardActionClass } from "#web/features/catalogue/components/video-card.tsx";
import { VideoGrid } from "#web/features/catalogue/components/video-grid.tsx";
import { FavoriteButton, LikeButton, RatingStars } from "#web/features/library/components/video-actions.tsx";
import type { InfoSlots } from "#web/features/video-info/components/info-view.tsx";

/**
 * What the screens put in the features' slots (docs/decisions/010-web-boundaries.md): the
 * library's actions on the catalogue's cards and in the info view, and the catalogue's grid in the
 * search and categories results. Features never import one another; the screens compose them here.
 */

/** spec §2 card overlay: Ma liste (members) and J'aime, between Lecture and Plus d'infos. */
export function libraryCardActions(video: VideoSummary): ReactNode {
  return (
    <>
      <FavoriteButton video={video} variant="icon" className={videoCardActionClass} />
      <LikeButton video={video} variant="icon" className={videoCardActionClass} />
    </>
  );
}

/** spec §2 Info modal: favourite and J'aime after Lecture, the member's stars under the text. */
export const infoSlots: InfoSlots = {
  actions: (video) => (
    <>
      <FavoriteButton video={video} variant="labelled" />
      <LikeButton video={video} variant="round" />
    </>
  ),
  rating: (video) => <RatingStars video={video} />,
};

/** The catalogue's grid of cards with the library's actions, for results drawn by other features. */
export function renderVideoGrid(
  videos: readonly VideoSummary[],
  options: { eagerCount?: number; layout?: PosterGridLayout; deferred?: boolean } = {},
): ReactNode {
  return <VideoGrid videos={videos} cardActions={libraryCardActions} {...options} />;
}
