import { queryOptions } from "@tanstack/react-query";
import { getSimilarVideos, getVideo, SIMILAR_DEFAULT } from "#contract/video-detail";
import { apiGet } from "#web/lib/api.ts";
import { aboutVideo } from "#web/lib/query-tags.ts";

/** The info view's cached answers (its one key factory: docs/decisions/010). */
export const videoInfoKeys = {
  all: ["video-info"] as const,
  detail: (id: string) => ["video-info", "detail", id] as const,
  similar: (id: string) => ["video-info", "similar", id] as const,
};

/** GET /api/videos/:id — the info view's video, creator and episodes. */
export const videoDetailOptions = (id: string) =>
  queryOptions({
    queryKey: videoInfoKeys.detail(id),
    queryFn: ({ signal }) => apiGet(getVideo, { params: { id }, signal }),
    // Its average and count of ratings change when the member rates it (library).
    meta: aboutVideo(id),
  });

/** GET /api/videos/:id/similar — spec §2: up to 6 fetched, 3 shown. */
export const similarVideosOptions = (id: string) =>
  queryOptions({
    queryKey: videoInfoKeys.similar(id),
    queryFn: ({ signal }) =>
      apiGet(getSimilarVideos, { params: { id }, query: { limit: SIMILAR_DEFAULT }, signal }),
  });
