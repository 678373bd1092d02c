import { type HistoryFilter, type HistorySort, historyFilters, historySorts } from "#contract/history";

/**
 * /history keeps its filter and sort in the URL (?filter=completed&sort=title), so a view can be
 * shared and the back button works; the defaults are left out. Unknown values fall back.
 */
export const DEFAULT_HISTORY_SORT: HistorySort = "recent";
export const DEFAULT_HISTORY_FILTER: HistoryFilter = "all";

export function parseHistorySort(value: string | null): HistorySort {
  return historySorts.find((sort) => sort === value) ?? DEFAULT_HISTORY_SORT;
}

export function parseHistoryFilter(value: string | null): HistoryFilter {
  return historyFilters.find((filter) => filter === value) ?? DEFAULT_HISTORY_FILTER;
}

/** `?episode=` for a series: the player opens that episode (spec §2: card links to /video/{videoId}). */
export function watchLink(videoId: string, episodeId: string | null | undefined): string {
  return episodeId ? `/video/${videoId}?episode=${encodeURIComponent(episodeId)}` : `/video/${videoId}`;
}
