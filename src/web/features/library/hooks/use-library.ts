import { type InfiniteData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { VideoSummary } from "#contract/catalogue";
import type { FavoriteListResponse, MyVideoState } from "#contract/library";
import { commonText } from "#web/i18n/common.ts";
import { libraryText } from "#web/i18n/library.ts";
import { isApiRequestError, serverMessage } from "#web/lib/api.ts";
import { refreshVideo } from "#web/lib/query-tags.ts";
import { useSession } from "#web/lib/session/use-session.ts";
import { toast } from "#web/lib/toast.ts";
import {
  deleteFavorite,
  favoriteIdsOptions,
  libraryKeys,
  likedIdsOptions,
  myVideoStateOptions,
  postFavorite,
  putLike,
  putRating,
} from "../api/library-queries.ts";
import { withoutFavorite } from "../lib/favorite-list-cache.ts";

/**
 * The member's library for any screen: hearts on cards, the favourite toggle, likes, the member's
 * state of one video and ratings (spec §2 card overlay, info modal, player; §4 Favourite; §5
 * Ratings; §8 toasts). Every hook is inert for a visitor.
 */

type Video = Pick<VideoSummary, "id" | "title">;
type Lists = InfiniteData<FavoriteListResponse, string | null>;

const toSet = (data: { ids: string[] }): ReadonlySet<string> => new Set(data.ids);
const none: ReadonlySet<string> = new Set();

/** Ids of every video in the member's list (`ids.has(video.id)` lights a heart). Empty for a visitor. */
export function useFavoriteIds(): ReadonlySet<string> {
  const { user } = useSession();
  const query = useQuery({ ...favoriteIdsOptions(user?.id ?? ""), enabled: user !== null, select: toSet });
  return query.data ?? none;
}

/** Ids of every video the member likes (`ids.has(video.id)` presses J'aime). Empty for a visitor. */
export function useLikedIds(): ReadonlySet<string> {
  const { user } = useSession();
  const query = useQuery({ ...likedIdsOptions(user?.id ?? ""), enabled: user !== null, select: toSet });
  return query.data ?? none;
}

/**
 * Whether a video is in the member's list, the member's rating of it and whether the member likes
 * it (`data: { favorite, rating, liked }`). Not fetched for a visitor or without an id.
 */
export function useMyVideoState(videoId: string | null | undefined) {
  const { user } = useSession();
  return useQuery({
    ...myVideoStateOptions(user?.id ?? "", videoId ?? ""),
    enabled: user !== null && Boolean(videoId),
  });
}

/**
 * spec §4 Favourite: toggled on or off, optimistically: the heart, the video's state and Ma liste
 * change at once, then 'Ajouté aux favoris' / 'Retiré des favoris'. On failure everything rolls
 * back with the spec's toast (§8); a duplicate says 'Déjà en favoris' and the heart stays on.
 *
 * `const toggle = useToggleFavorite(); toggle(video, isFavoriteNow)`.
 */
export function useToggleFavorite(): (video: Video, isFavorite: boolean) => void {
  const queryClient = useQueryClient();
  const { user } = useSession();
  const userId = user?.id ?? "";

  const setFavorite = (videoId: string, favorite: boolean) => {
    queryClient.setQueryData<{ ids: string[] }>(libraryKeys.favoriteIds(userId), (old) => {
      if (!old) return old;
      const others = old.ids.filter((id) => id !== videoId);
      return { ids: favorite ? [videoId, ...others] : others };
    });
    queryClient.setQueryData<MyVideoState>(libraryKeys.videoState(userId, videoId), (old) =>
      old ? { ...old, favorite } : old,
    );
  };

  const { mutate } = useMutation({
    mutationFn: ({ video, favorite }: { video: Video; favorite: boolean }) =>
      favorite ? postFavorite(video.id).then(() => undefined) : deleteFavorite(video.id),
    onMutate: async ({ video, favorite }) => {
      await queryClient.cancelQueries({ queryKey: libraryKeys.all(userId) });
      const snapshot = {
        ids: queryClient.getQueryData<{ ids: string[] }>(libraryKeys.favoriteIds(userId)),
        state: queryClient.getQueryData<MyVideoState>(libraryKeys.videoState(userId, video.id)),
        lists: queryClient.getQueriesData<Lists>({ queryKey: libraryKeys.favoriteLists(userId) }),
      };
      setFavorite(video.id, favorite);
      if (!favorite) {
        queryClient.setQueriesData<Lists>({ queryKey: libraryKeys.favoriteLists(userId) }, (old) =>
          withoutFavorite(old, video.id),
        );
      }
      return snapshot;
    },
    onSuccess: (_data, { video, favorite }) => {
      toast.success(favorite ? libraryText.toasts.added : libraryText.toasts.removed, video.title);
    },
    onError: (error, { video, favorite }, snapshot) => {
      if (favorite && isApiRequestError(error) && error.code === "ALREADY_FAVORITE") {
        setFavorite(video.id, true);
        toast.info(libraryText.toasts.already, libraryText.toasts.alreadyText);
        return;
      }
      if (snapshot) {
        queryClient.setQueryData(libraryKeys.favoriteIds(userId), snapshot.ids);
        queryClient.setQueryData(libraryKeys.videoState(userId, video.id), snapshot.state);
        for (const [key, data] of snapshot.lists) queryClient.setQueryData(key, data);
      }
      toast.error(
        favorite ? libraryText.toasts.addFailed : libraryText.toasts.removeFailed,
        serverMessage(error, commonText.genericError),
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: libraryKeys.all(userId) }),
  });
  return (video, isFavorite) => mutate({ video, favorite: !isFavorite });
}

/**
 * spec §5 Ratings: whole stars 1 to 5, 0 removes the member's rating. The stars change at once
 * and roll back on failure; success says 'Note enregistrée' / 'Vous avez noté cette vidéo N/5.'.
 * The video's average is read again (its detail query, and Ma liste).
 *
 * `const rate = useRateVideo(); rate(video, 4)`.
 */
export function useRateVideo(): (video: Video, rating: number) => void {
  const queryClient = useQueryClient();
  const { user } = useSession();
  const userId = user?.id ?? "";

  const { mutate } = useMutation({
    mutationFn: ({ video, rating }: { video: Video; rating: number }) => putRating(video.id, rating),
    onMutate: async ({ video, rating }) => {
      const key = libraryKeys.videoState(userId, video.id);
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<MyVideoState>(key);
      queryClient.setQueryData<MyVideoState>(key, (old) =>
        old ? { ...old, rating: rating === 0 ? null : rating } : old,
      );
      return { previous };
    },
    onSuccess: (result, { video }) => {
      queryClient.setQueryData<MyVideoState>(libraryKeys.videoState(userId, video.id), (old) =>
        old ? { ...old, rating: result.rating } : old,
      );
      if (result.rating === null) toast.success(libraryText.toasts.ratingRemoved, video.title);
      else toast.success(libraryText.toasts.rated, libraryText.toasts.ratedText(result.rating));
    },
    onError: (error, { video }, context) => {
      queryClient.setQueryData(libraryKeys.videoState(userId, video.id), context?.previous);
      toast.error(libraryText.toasts.rateFailed, serverMessage(error, libraryText.toasts.rateFailedText));
    },
    onSettled: (_data, _error, { video }) => {
      // The average and count shown for this video (wherever it is cached) and in Ma liste changed.
      void refreshVideo(queryClient, video.id);
      void queryClient.invalidateQueries({ queryKey: libraryKeys.favoriteLists(userId) });
    },
  });
  return (video, rating) => mutate({ video, rating });
}

/**
 * « J'aime » on or off (docs/decisions/040-likes-are-their-own-mark.md: a mark of its own, never a
 * rating), optimistically: the button is pressed (or not) at once on every card and in the info
 * view, then 'Vous aimez ce titre' / 'J'aime retiré'. On failure it rolls back with a toast. The
 * video's count is read again (its detail query). Likes run one after another, so quick clicks
 * reach the server in the order they were made.
 *
 * `const toggle = useToggleLike(); toggle(video, isLikedNow)`.
 */
export function useToggleLike(): (video: Video, isLiked: boolean) => void {
  const queryClient = useQueryClient();
  const { user } = useSession();
  const userId = user?.id ?? "";

  const setLiked = (videoId: string, liked: boolean) => {
    queryClient.setQueryData<{ ids: string[] }>(libraryKeys.likedIds(userId), (old) => {
      const others = (old?.ids ?? []).filter((id) => id !== videoId);
      return { ids: liked ? [videoId, ...others] : others };
    });
    queryClient.setQueryData<MyVideoState>(libraryKeys.videoState(userId, videoId), (old) =>
      old ? { ...old, liked } : old,
    );
  };

  const { mutate } = useMutation({
    scope: { id: "library-likes" },
    mutationFn: ({ video, liked }: { video: Video; liked: boolean }) => putLike(video.id, liked),
    onMutate: async ({ video, liked }) => {
      await queryClient.cancelQueries({ queryKey: libraryKeys.likedIds(userId) });
      await queryClient.cancelQueries({ queryKey: libraryKeys.videoState(userId, video.id) });
      const snapshot = {
        ids: queryClient.getQueryData<{ ids: string[] }>(libraryKeys.likedIds(userId)),
        state: queryClient.getQueryData<MyVideoState>(libraryKeys.videoState(userId, video.id)),
      };
      setLiked(video.id, liked);
      return snapshot;
    },
    onSuccess: (_result, { video, liked }) => {
      toast.success(liked ? libraryText.toasts.liked : libraryText.toasts.unliked, video.title);
    },
    onError: (error, { video, liked }, snapshot) => {
      if (snapshot) {
        queryClient.setQueryData(libraryKeys.likedIds(userId), snapshot.ids);
        queryClient.setQueryData(libraryKeys.videoState(userId, video.id), snapshot.state);
      }
      toast.error(
        liked ? libraryText.toasts.likeFailed : libraryText.toasts.unlikeFailed,
        serverMessage(error, commonText.genericError),
      );
    },
    onSettled: (_data, _error, { video }) => {
      // The count shown in the info view changed; the pressed state is the server's again.
      void refreshVideo(queryClient, video.id);
      void queryClient.invalidateQueries({ queryKey: libraryKeys.likedIds(userId) });
    },
  });
  return (video, isLiked) => mutate({ video, liked: !isLiked });
}
