import { queryOptions } from "@tanstack/react-query";
import { listMediaAssets, type MediaAsset, retryMediaAsset } from "#contract/media";
import { apiGet, apiSend } from "#web/lib/api.ts";
import { adminData, mediaData } from "#web/lib/query-tags.ts";

/** The transcoding queue (GET /api/admin/media/assets), whole or for one video. */
export const mediaKeys = {
  root: "admin-media",
  assets: (videoId?: string) => ["admin-media", "assets", videoId ?? "all"] as const,
};

const busy = (items: readonly MediaAsset[]) =>
  items.some((a) => a.status === "queued" || a.status === "transcoding");

/**
 * Read again as soon as the administrator's event stream says the assets changed (a worker's
 * progress, a task done, an upload accepted: `mediaData`); polled as well, every 15 s while
 * something is transcoding and every 60 s otherwise, should the stream be down.
 */
export const assetsOptions = (videoId?: string) =>
  queryOptions({
    queryKey: mediaKeys.assets(videoId),
    queryFn: ({ signal }) => apiGet(listMediaAssets, { query: videoId ? { videoId } : {}, signal }),
    meta: { ...adminData, ...mediaData },
    refetchInterval: (query) => (busy(query.state.data?.items ?? []) ? 15_000 : 60_000),
  });

export const retryAsset = (assetId: string) => apiSend(retryMediaAsset, { params: { assetId } });
