import { infiniteQueryOptions, queryOptions } from "@tanstack/react-query";
import { EXPLORER_PAGE_SIZE, listVideos, searchDialogues, searchSuggestions } from "#contract/catalogue";
import { apiGet } from "#web/lib/api.ts";
import { type DiscoveryState, listQueryFor } from "../lib/discovery-params.ts";

/** The search box's and the Explorer's cached answers (their one key factory: docs/decisions/010). */
export const searchKeys = {
  all: ["search"] as const,
  suggestions: (q: string) => ["search", "suggestions", q] as const,
  results: (query: ReturnType<typeof listQueryFor>) => ["search", "results", query] as const,
  popular: () => ["search", "popular"] as const,
  dialogues: (q: string) => ["search", "dialogues", q] as const,
};

/** Explorer and search pages load this many at a time, then 'Voir plus'. */
export const PAGE_SIZE = EXPLORER_PAGE_SIZE;

export const suggestionsOptions = (q: string) =>
  queryOptions({
    queryKey: searchKeys.suggestions(q),
    queryFn: ({ signal }) => apiGet(searchSuggestions, { query: { q }, signal }),
    staleTime: 60_000,
  });

export const discoveryListOptions = (state: DiscoveryState) => {
  const query = listQueryFor(state);
  return infiniteQueryOptions({
    queryKey: searchKeys.results(query),
    queryFn: ({ signal, pageParam }) =>
      apiGet(listVideos, {
        query: { ...query, limit: PAGE_SIZE, ...(pageParam ? { cursor: pageParam } : {}) },
        signal,
      }),
    // Keyset pages (docs/decisions/031-keyset-paging.md): each answer names where the next starts.
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
};

/** The search page's empty state suggests the most-viewed titles. */
export const popularOptions = () =>
  queryOptions({
    queryKey: searchKeys.popular(),
    queryFn: ({ signal }) => apiGet(listVideos, { query: { sort: "views", limit: 6 }, signal }),
  });

/** « Dans les dialogues » (docs/decisions/050-dialogue-search.md): members only, so asked only for them. */
export const dialogueOptions = (q: string) =>
  queryOptions({
    queryKey: searchKeys.dialogues(q),
    queryFn: ({ signal }) => apiGet(searchDialogues, { query: { q }, signal }),
    staleTime: 60_000,
  });
