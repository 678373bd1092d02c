import { infiniteQueryOptions, queryOptions } from "@tanstack/react-query";
import { listCategories, listVideos } from "#contract/catalogue";
import { getCatalogueSummary, getTopRated, TOP_RATED_DEFAULT } from "#contract/catalogue-pages";
import { apiGet } from "#web/lib/api.ts";

/** The Categories grid loads this many at a time (4 rows of 6), then 'Voir plus'. */
export const CATEGORY_PAGE_SIZE = 24;

/** spec §7: "top-rated list refreshes every 30 s". */
export const TOP_RATED_REFRESH_MS = 30_000;

export const catalogueSummaryOptions = () =>
  queryOptions({
    queryKey: ["catalogue", "summary"] as const,
    queryFn: ({ signal }) => apiGet(getCatalogueSummary, { signal }),
  });

/** Same key as the Explorer's categories query: both screens share one cached answer. */
export const genreListOptions = () =>
  queryOptions({
    queryKey: ["categories"] as const,
    queryFn: ({ signal }) => apiGet(listCategories, { signal }),
  });

/** The grid of one genre (or of the whole catalogue), newest first, page by page. */
export const genreVideosOptions = (genre: string | null) =>
  infiniteQueryOptions({
    queryKey: ["videos", "genre", genre] as const,
    queryFn: ({ signal, pageParam }) =>
      apiGet(listVideos, {
        query: {
          sort: "recent",
          limit: CATEGORY_PAGE_SIZE,
          offset: pageParam,
          ...(genre === null ? {} : { categories: genre }),
        },
        signal,
      }),
    initialPageParam: 0,
    getNextPageParam: (last) => {
      const next = last.offset + last.items.length;
      return next < last.total && last.items.length > 0 ? next : undefined;
    },
  });

export const topRatedOptions = () =>
  queryOptions({
    queryKey: ["videos", "top-rated", TOP_RATED_DEFAULT] as const,
    queryFn: ({ signal }) => apiGet(getTopRated, { query: { limit: TOP_RATED_DEFAULT }, signal }),
    refetchInterval: TOP_RATED_REFRESH_MS,
    // The refresh is the point of this screen: never serve a list older than the interval.
    staleTime: TOP_RATED_REFRESH_MS,
  });
