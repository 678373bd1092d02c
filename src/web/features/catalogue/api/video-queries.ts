import { queryOptions } from "@tanstack/react-query";
import type { z } from "zod";
import { listVideos, type videoListQuery } from "#contract/catalogue";
import { apiGet } from "#web/lib/api.ts";

export type VideoListQuery = z.input<typeof videoListQuery>;

/** GET /api/videos through TanStack Query (cached 5 min: app/query-client.ts). */
export const videoListOptions = (query: VideoListQuery) =>
  queryOptions({
    queryKey: ["videos", "list", query] as const,
    queryFn: ({ signal }) => apiGet(listVideos, { query, signal }),
  });
