import { infiniteQueryOptions, queryOptions } from "@tanstack/react-query";
import {
  beaconProgress as beaconEndpoint,
  clearHistory,
  deleteHistoryItem,
  getContinueWatching,
  getResume,
  type HistoryFilter,
  type HistorySort,
  listHistory,
  type SaveProgressInput,
  saveProgress,
} from "#contract/history";
import { apiBeacon, apiGet, apiSend } from "#web/lib/api.ts";

/**
 * The member's history through TanStack Query. Every key starts with "history" and the member's
 * id: one member's history never shows for another (logout drops every query but the session's),
 * and invalidating ["history"] after a save (the player does) refreshes every screen that shows it.
 */
export const historyKeys = {
  all: (userId: string) => ["history", userId] as const,
  lists: (userId: string) => ["history", userId, "list"] as const,
  list: (userId: string, sort: HistorySort, filter: HistoryFilter) =>
    ["history", userId, "list", sort, filter] as const,
  continueWatching: (userId: string) => ["history", userId, "continue"] as const,
  resume: (userId: string, videoId: string, episodeId: string | null) =>
    ["history", userId, "resume", videoId, episodeId] as const,
};

/** Pages of /history: the spec's read limit (§9: 50). */
export const HISTORY_PAGE_SIZE = 50;

export const historyListOptions = (userId: string, sort: HistorySort, filter: HistoryFilter) =>
  infiniteQueryOptions({
    queryKey: historyKeys.list(userId, sort, filter),
    queryFn: ({ signal, pageParam }) =>
      apiGet(listHistory, {
        query: { sort, filter, limit: HISTORY_PAGE_SIZE, ...(pageParam ? { cursor: pageParam } : {}) },
        signal,
      }),
    // Keyset pages (docs/decisions/031-keyset-paging.md): each answer names where the next starts.
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    // Saves come from the player on this device (which invalidates) or another one: 30 s is fresh.
    staleTime: 30_000,
  });

export const continueWatchingOptions = (userId: string) =>
  queryOptions({
    queryKey: historyKeys.continueWatching(userId),
    queryFn: ({ signal }) => apiGet(getContinueWatching, { signal }),
    staleTime: 30_000,
  });

/** Where to resume: read afresh each time the player opens (another device may have moved on). */
export const resumeOptions = (userId: string, videoId: string, episodeId: string | null) =>
  queryOptions({
    queryKey: historyKeys.resume(userId, videoId, episodeId),
    queryFn: ({ signal }) =>
      apiGet(getResume, { query: episodeId ? { videoId, episodeId } : { videoId }, signal }),
    staleTime: 0,
    gcTime: 60_000,
  });

export type ProgressInput = Omit<SaveProgressInput, "clientSavedAt">;

/** The client's clock of this position: a later-arriving older save never wins (server rule). */
const stamped = (input: ProgressInput): SaveProgressInput => ({ ...input, clientSavedAt: Date.now() });

export const putProgress = (input: ProgressInput) => apiSend(saveProgress, { body: stamped(input) });

/** When the page is hidden or closed (spec §5 Watch progress): a beacon, nothing to wait for. */
export const sendProgressBeacon = (input: ProgressInput): void =>
  apiBeacon(beaconEndpoint, { body: stamped(input) });

export const deleteHistoryEntry = (id: string) =>
  apiSend(deleteHistoryItem, { params: { id } }).then(() => undefined);

export const deleteAllHistory = () => apiSend(clearHistory).then(() => undefined);
