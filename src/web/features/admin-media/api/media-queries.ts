import { queryOptions } from "@tanstack/react-query";
import { listMediaAssets, type MediaAsset, retryMediaAsset } from "#contract/media";
import { apiGet, apiSend } from "#web/lib/api.ts";
import { adminData } from "#web/lib/query-tags.ts";

/** The transcoding queue (GET /api/admin/media/assets), whole or for one video. */
export const mediaKeys = {
  root: "admin-media",
  assets: (videoId?: string) => ["admin-media", "assets", videoId ?? "all"] as const,
};

const busy = (items: readonly MediaAsset[]) =>
  items.some((a) => a.status === "queued" || a.status === "transcoding");

/** Every 3 s while something is transcoding (the percentages move), every 20 s otherwise. */
export const assetsOptions = (videoId?: string) =>
  queryOptions({
    queryKey: mediaKeys.assets(videoId),
    queryFn: ({ signal }) => apiGet(listMediaAssets, { query: videoId ? { videoId } : {}, signal }),
    meta: adminData,
    refetchInterval: (query) => (busy(query.state.data?.items ?? []) ? 3_000 : 20_000),
  });

export const retryAsset = (assetId: string) => apiSend(retryMediaAsset, { params: { assetId } });
