import { infiniteQueryOptions, queryOptions } from "@tanstack/react-query";
import { listCategories, listVideos, searchSuggestions } from "#contract/catalogue";
import { apiGet } from "#web/lib/api.ts";
import { type DiscoveryState, listQueryFor } from "../discovery-params.ts";

/** Explorer and search pages load this many at a time, then 'Voir plus'. */
export const PAGE_SIZE = 60;

export const suggestionsOptions = (q: string) =>
  queryOptions({
    queryKey: ["search", "suggestions", q] as const,
    queryFn: ({ signal }) => apiGet(searchSuggestions, { query: { q }, signal }),
    staleTime: 60_000,
  });

export const categoriesOptions = () =>
  queryOptions({
    queryKey: ["categories"] as const,
    queryFn: ({ signal }) => apiGet(listCategories, { signal }),
  });

export const discoveryListOptions = (state: DiscoveryState) => {
  const query = listQueryFor(state);
  return infiniteQueryOptions({
    queryKey: ["videos", "discovery", query] as const,
    queryFn: ({ signal, pageParam }) =>
      apiGet(listVideos, { query: { ...query, limit: PAGE_SIZE, offset: pageParam }, signal }),
    initialPageParam: 0,
    getNextPageParam: (last) => {
      const next = last.offset + last.items.length;
      return next < last.total && last.items.length > 0 ? next : undefined;
    },
  });
};

/** The search page's empty state suggests the most-viewed titles. */
export const popularOptions = () =>
  queryOptions({
    queryKey: ["videos", "discovery", "popular"] as const,
    queryFn: ({ signal }) => apiGet(listVideos, { query: { sort: "views", limit: 6 }, signal }),
  });
