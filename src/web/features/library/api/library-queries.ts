import { infiniteQueryOptions, queryOptions } from "@tanstack/react-query";
import {
  addFavorite,
  type FavoriteSort,
  getFavoriteIds,
  getLikedIds,
  getMyVideoState,
  likeVideo,
  listFavorites,
  rateVideo,
  removeFavorite,
  unlikeVideo,
} from "#contract/library";
import { apiGet, apiSend } from "#web/lib/api.ts";

/**
 * The member's library through TanStack Query. Every key starts with "library" and the member's
 * id, so one member's list never shows for another (logout also drops them: use-auth-actions.ts).
 */
export const libraryKeys = {
  all: (userId: string) => ["library", userId] as const,
  favoriteIds: (userId: string) => ["library", userId, "favorite-ids"] as const,
  likedIds: (userId: string) => ["library", userId, "liked-ids"] as const,
  favoriteLists: (userId: string) => ["library", userId, "favorites"] as const,
  favoriteList: (userId: string, sort: FavoriteSort) => ["library", userId, "favorites", sort] as const,
  videoState: (userId: string, videoId: string) => ["library", userId, "video", videoId] as const,
};

/** The member's list changes only through this app (and other tabs): fresh enough for 30 s. */
const LIBRARY_STALE_MS = 30_000;

export const favoriteIdsOptions = (userId: string) =>
  queryOptions({
    queryKey: libraryKeys.favoriteIds(userId),
    queryFn: ({ signal }) => apiGet(getFavoriteIds, { signal }),
    staleTime: LIBRARY_STALE_MS,
  });

export const likedIdsOptions = (userId: string) =>
  queryOptions({
    queryKey: libraryKeys.likedIds(userId),
    queryFn: ({ signal }) => apiGet(getLikedIds, { signal }),
    staleTime: LIBRARY_STALE_MS,
  });

/** Pages of Ma liste; each page repeats the tiles and categories computed over the whole list. */
export const FAVORITES_PAGE_SIZE = 60;

export const favoriteListOptions = (userId: string, sort: FavoriteSort) =>
  infiniteQueryOptions({
    queryKey: libraryKeys.favoriteList(userId, sort),
    queryFn: ({ signal, pageParam }) =>
      apiGet(listFavorites, {
        query: { sort, limit: FAVORITES_PAGE_SIZE, ...(pageParam ? { cursor: pageParam } : {}) },
        signal,
      }),
    // Keyset pages (docs/decisions/031-keyset-paging.md): each answer names where the next starts.
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    staleTime: LIBRARY_STALE_MS,
  });

export const myVideoStateOptions = (userId: string, videoId: string) =>
  queryOptions({
    queryKey: libraryKeys.videoState(userId, videoId),
    queryFn: ({ signal }) => apiGet(getMyVideoState, { params: { videoId }, signal }),
    staleTime: LIBRARY_STALE_MS,
  });

export const postFavorite = (videoId: string) => apiSend(addFavorite, { body: { videoId } });

export const deleteFavorite = (videoId: string) =>
  apiSend(removeFavorite, { params: { videoId } }).then(() => undefined);

export const putRating = (videoId: string, rating: number) =>
  apiSend(rateVideo, { params: { videoId }, body: { rating } });

/** « J'aime » on (PUT) or off (DELETE); both idempotent, both answer the video's count. */
export const putLike = (videoId: string, liked: boolean) =>
  liked ? apiSend(likeVideo, { params: { videoId } }) : apiSend(unlikeVideo, { params: { videoId } });
