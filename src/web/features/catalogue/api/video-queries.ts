import { queryOptions } from "@tanstack/react-query";
import type { z } from "zod";
import {
  getHome,
  getLanding,
  listVideos,
  unpackHome,
  type VideoType,
  type videoListQuery,
} from "#contract/catalogue";
import { apiGet } from "#web/lib/api.ts";

export type VideoListQuery = z.input<typeof videoListQuery>;

/** GET /api/videos through TanStack Query (cached 5 min: app/query-client.ts). */
export const videoListOptions = (query: VideoListQuery) =>
  queryOptions({
    queryKey: ["videos", "list", query] as const,
    queryFn: ({ signal }) => apiGet(listVideos, { query, signal }),
  });

/** GET /api/home: every rail of the home in one response. */
export const homeOptions = () =>
  queryOptions({
    queryKey: ["videos", "home"] as const,
    queryFn: async ({ signal }) => unpackHome(await apiGet(getHome, { signal })),
  });

/** GET /api/landing: the Films or Séries page. */
export const landingOptions = (type: VideoType) =>
  queryOptions({
    queryKey: ["videos", "landing", type] as const,
    queryFn: ({ signal }) => apiGet(getLanding, { query: { type }, signal }),
  });
