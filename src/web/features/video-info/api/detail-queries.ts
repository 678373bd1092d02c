import { queryOptions } from "@tanstack/react-query";
import { getSimilarVideos, getVideo, SIMILAR_DEFAULT } from "#contract/video-detail";
import { apiGet } from "#web/lib/api.ts";

/** GET /api/videos/:id — the info view's video, creator and episodes. */
export const videoDetailOptions = (id: string) =>
  queryOptions({
    queryKey: ["videos", "detail", id] as const,
    queryFn: ({ signal }) => apiGet(getVideo, { params: { id }, signal }),
  });

/** GET /api/videos/:id/similar — spec §2: up to 6 fetched, 3 shown. */
export const similarVideosOptions = (id: string) =>
  queryOptions({
    queryKey: ["videos", "similar", id] as const,
    queryFn: ({ signal }) =>
      apiGet(getSimilarVideos, { params: { id }, query: { limit: SIMILAR_DEFAULT }, signal }),
  });
