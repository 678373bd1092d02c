import { infiniteQueryOptions, queryOptions } from "@tanstack/react-query";
import { listVideos } from "#contract/catalogue";
import { getCatalogueSummary, getTopRated, TOP_RATED_DEFAULT } from "#contract/catalogue-pages";
import { apiGet } from "#web/lib/api.ts";

/** The Categories and Top-rated pages' cached answers (their one key factory: docs/decisions/010). */
export const cataloguePagesKeys = {
  all: ["catalogue-pages"] as const,
  summary: () => ["catalogue-pages", "summary"] as const,
  genre: (genre: string | null) => ["catalogue-pages", "genre", genre] as const,
  topRated: (limit: number) => ["catalogue-pages", "top-rated", limit] as const,
};

/** The Categories grid loads this many at a time (4 rows of 6), then 'Voir plus'. */
export const CATEGORY_PAGE_SIZE = 24;

/** spec §7: "top-rated list refreshes every 30 s". */
export const TOP_RATED_REFRESH_MS = 30_000;

export const catalogueSummaryOptions = () =>
  queryOptions({
    queryKey: cataloguePagesKeys.summary(),
    queryFn: ({ signal }) => apiGet(getCatalogueSummary, { signal }),
  });

/** The grid of one genre (or of the whole catalogue), newest first, page by page. */
export const genreVideosOptions = (genre: string | null) =>
  infiniteQueryOptions({
    queryKey: cataloguePagesKeys.genre(genre),
    queryFn: ({ signal, pageParam }) =>
      apiGet(listVideos, {
        query: {
          sort: "recent",
          limit: CATEGORY_PAGE_SIZE,
          ...(pageParam ? { cursor: pageParam } : {}),
          ...(genre === null ? {} : { categories: genre }),
        },
        signal,
      }),
    // Keyset pages (docs/decisions/031-keyset-paging.md): each answer names where the next starts.
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

export const topRatedOptions = () =>
  queryOptions({
    queryKey: cataloguePagesKeys.topRated(TOP_RATED_DEFAULT),
    queryFn: ({ signal }) => apiGet(getTopRated, { query: { limit: TOP_RATED_DEFAULT }, signal }),
    refetchInterval: TOP_RATED_REFRESH_MS,
    // The refresh is the point of this screen: never serve a list older than the interval.
    staleTime: TOP_RATED_REFRESH_MS,
  });
