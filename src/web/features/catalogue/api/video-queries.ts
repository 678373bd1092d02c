import { queryOptions } from "@tanstack/react-query";
import type { z } from "zod";
import {
  getHome,
  getLanding,
  listCategories,
  listVideos,
  unpackHome,
  type VideoType,
  type videoListQuery,
} from "#contract/catalogue";
import { apiGet } from "#web/lib/api.ts";

export type VideoListQuery = z.input<typeof videoListQuery>;

/** The catalogue's cached answers (its one key factory: docs/decisions/010). */
export const catalogueKeys = {
  all: ["catalogue"] as const,
  list: (query: VideoListQuery) => ["catalogue", "list", query] as const,
  home: () => ["catalogue", "home"] as const,
  landing: (type: VideoType) => ["catalogue", "landing", type] as const,
  categories: () => ["catalogue", "categories"] as const,
};

/** GET /api/videos through TanStack Query (cached 5 min: app/query-client.ts). */
export const videoListOptions = (query: VideoListQuery) =>
  queryOptions({
    queryKey: catalogueKeys.list(query),
    queryFn: ({ signal }) => apiGet(listVideos, { query, signal }),
  });

/** GET /api/home: every rail of the home in one response. */
export const homeOptions = () =>
  queryOptions({
    queryKey: catalogueKeys.home(),
    queryFn: async ({ signal }) => unpackHome(await apiGet(getHome, { signal })),
  });

/** GET /api/landing: the Films or Séries page. */
export const landingOptions = (type: VideoType) =>
  queryOptions({
    queryKey: catalogueKeys.landing(type),
    queryFn: ({ signal }) => apiGet(getLanding, { query: { type }, signal }),
  });

/** GET /api/categories: every category with its count (the Explorer's filters, the Categories page). */
export const categoriesOptions = () =>
  queryOptions({
    queryKey: catalogueKeys.categories(),
    queryFn: ({ signal }) => apiGet(listCategories, { signal }),
  });
