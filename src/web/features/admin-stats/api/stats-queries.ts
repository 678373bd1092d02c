import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { getAdminCharts, getAdminStats, getNowPlaying, getStorage } from "#contract/admin-stats";
import { apiGet } from "#web/lib/api.ts";
import { adminData } from "#web/lib/query-tags.ts";

/** The header cards, « Statistiques » and « En cours » through TanStack Query (one key root). */
export const adminStatsKeys = {
  root: "admin-stats",
  header: ["admin-stats", "header"] as const,
  charts: ["admin-stats", "charts"] as const,
  live: ["admin-stats", "live"] as const,
  storage: (offset: number) => ["admin-stats", "storage", offset] as const,
};

export const headerStatsOptions = queryOptions({
  queryKey: adminStatsKeys.header,
  queryFn: ({ signal }) => apiGet(getAdminStats, { signal }),
  meta: adminData,
  staleTime: 30_000,
});

export const chartsOptions = queryOptions({
  queryKey: adminStatsKeys.charts,
  queryFn: ({ signal }) => apiGet(getAdminCharts, { signal }),
  meta: adminData,
  staleTime: 60_000,
});

/** « En cours » refreshes itself: leases come and go every minute. */
export const liveOptions = queryOptions({
  queryKey: adminStatsKeys.live,
  queryFn: ({ signal }) => apiGet(getNowPlaying, { signal }),
  meta: adminData,
  refetchInterval: 15_000,
});

export const STORAGE_PAGE = 10;
export const storageOptions = (offset: number) =>
  queryOptions({
    queryKey: adminStatsKeys.storage(offset),
    queryFn: ({ signal }) => apiGet(getStorage, { query: { limit: STORAGE_PAGE, offset }, signal }),
    meta: adminData,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
