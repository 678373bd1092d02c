import {
  type InfiniteData,
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
import { useMemo } from "react";
import type {
  ContinueWatchingResponse,
  HistoryFilter,
  HistoryItem,
  HistoryListResponse,
  HistorySort,
  SaveProgressResult,
} from "#contract/history";
import { commonText } from "#web/i18n/common.ts";
import { historyText } from "#web/i18n/history.ts";
import { serverMessage } from "#web/lib/api.ts";
import { useSession } from "#web/lib/session/use-session.ts";
import { toast } from "#web/lib/toast.ts";
import {
  continueWatchingOptions,
  deleteAllHistory,
  deleteHistoryEntry,
  historyKeys,
  historyListOptions,
  type ProgressInput,
  putProgress,
  resumeOptions,
  sendProgressBeacon,
} from "../api/history-queries.ts";

/**
 * Watch progress, resume and history for any screen (spec §5 Watch
 * progress): the player saves and resumes, /history lists and deletes, the home shows
 * 'Reprendre la lecture'. Every hook is inert for a visitor.
 */

/**
 * The player's saves. `save(p)` PUTs the position (every 30 s, on pause, on episode change) and
 * resolves with the server's answer (`saved` is false below 10 s or when a newer save is stored);
 * `beaconProgress(p)` is for `visibilitychange` → hidden and `pagehide`: it cannot be awaited.
 * Both stamp the position with Date.now() so a late request never moves progress back.
 */
export function useSaveProgress(): {
  save: (progress: ProgressInput) => Promise<SaveProgressResult | undefined>;
  beaconProgress: (progress: ProgressInput) => void;
} {
  const queryClient = useQueryClient();
  const { user } = useSession();
  const userId = user?.id ?? null;
  return useMemo(
    () => ({
      save: async (progress) => {
        if (!userId) return undefined;
        const result = await putProgress(progress);
        if (result.saved) void queryClient.invalidateQueries({ queryKey: historyKeys.all(userId) });
        return result;
      },
      beaconProgress: (progress) => {
        if (userId) sendProgressBeacon(progress);
      },
    }),
    [queryClient, userId],
  );
}

/**
 * Where to resume a video (or an episode; a series without one answers for its most recently
 * watched episode): `data.position` is set only inside the window of spec §5 (0.05 < p < 0.9).
 */
export function useResume(videoId: string | null | undefined, episodeId?: string | null) {
  const { user } = useSession();
  return useQuery({
    ...resumeOptions(user?.id ?? "", videoId ?? "", episodeId ?? null),
    enabled: user !== null && Boolean(videoId),
  });
}

/** 'Reprendre la lecture' (the home's first rail): videos in progress, newest first. Not fetched for a visitor. */
export function useContinueWatching() {
  const { user } = useSession();
  return useQuery({ ...continueWatchingOptions(user?.id ?? ""), enabled: user !== null });
}

/** One page of /history in the given order and filter (the member's). */
export function useHistoryList(userId: string, sort: HistorySort, filter: HistoryFilter) {
  // Another filter or sort keeps the current cards until its answer arrives: no skeleton flash.
  return useInfiniteQuery({ ...historyListOptions(userId, sort, filter), placeholderData: keepPreviousData });
}

type Lists = InfiniteData<HistoryListResponse, string | null>;

/** The lists without one entry: every page loses it, every page's total counts one less. */
function withoutEntry(old: Lists | undefined, id: string): Lists | undefined {
  if (!old?.pages.some((page) => page.items.some((i) => i.id === id))) return old;
  return {
    ...old,
    pages: old.pages.map((page) => ({
      ...page,
      items: page.items.filter((i) => i.id !== id),
      total: Math.max(0, page.total - 1),
    })),
  };
}

/**
 * Removes one entry, optimistically: it leaves every list and the resume rail at once, then
 * 'Retiré de l'historique'; on failure it comes back with a toast saying so.
 */
export function useDeleteHistoryItem(): (item: Pick<HistoryItem, "id" | "video">) => void {
  const queryClient = useQueryClient();
  const { user } = useSession();
  const userId = user?.id ?? "";

  const { mutate } = useMutation({
    mutationFn: (item: Pick<HistoryItem, "id" | "video">) => deleteHistoryEntry(item.id),
    onMutate: async (item) => {
      await queryClient.cancelQueries({ queryKey: historyKeys.all(userId) });
      const lists = queryClient.getQueriesData<Lists>({ queryKey: historyKeys.lists(userId) });
      const rail = queryClient.getQueryData<ContinueWatchingResponse>(historyKeys.continueWatching(userId));
      queryClient.setQueriesData<Lists>({ queryKey: historyKeys.lists(userId) }, (old) =>
        withoutEntry(old, item.id),
      );
      // The rail shows the entry's video if this was its latest save; the server answers anew after.
      queryClient.setQueryData<ContinueWatchingResponse>(historyKeys.continueWatching(userId), (old) =>
        old ? { items: old.items.filter((i) => i.video.id !== item.video.id) } : old,
      );
      return { lists, rail };
    },
    onSuccess: (_data, item) => toast.success(historyText.toasts.removed, item.video.title),
    onError: (error, _item, snapshot) => {
      for (const [key, data] of snapshot?.lists ?? []) queryClient.setQueryData(key, data);
      queryClient.setQueryData(historyKeys.continueWatching(userId), snapshot?.rail);
      toast.error(historyText.toasts.removeFailed, serverMessage(error, commonText.genericError));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: historyKeys.all(userId) }),
  });
  return mutate;
}

/** Clears the member's whole history (after the spec's confirmation, asked by the screen). */
export function useClearHistory() {
  const queryClient = useQueryClient();
  const { user } = useSession();
  const userId = user?.id ?? "";
  return useMutation({
    mutationFn: deleteAllHistory,
    onSuccess: () => {
      queryClient.setQueriesData<Lists>({ queryKey: historyKeys.lists(userId) }, (old) =>
        old ? { pageParams: [null], pages: [{ items: [], total: 0, nextCursor: null }] } : old,
      );
      queryClient.setQueryData<ContinueWatchingResponse>(historyKeys.continueWatching(userId), { items: [] });
      toast.success(historyText.toasts.cleared);
    },
    onError: (error) =>
      toast.error(historyText.toasts.clearFailed, serverMessage(error, commonText.genericError)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: historyKeys.all(userId) }),
  });
}
