import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { NotificationsState } from "#contract/notifications";
import { commonText } from "#web/i18n/common.ts";
import { notificationsText } from "#web/i18n/notifications.ts";
import { serverMessage } from "#web/lib/api.ts";
import { toast } from "#web/lib/toast.ts";
import {
  notificationKeys,
  notificationsOptions,
  panelLimit,
  postRead,
  postReadAll,
} from "../api/notification-queries.ts";

/** The panel's notifications and unread count, plus the two writes, optimistic (spec §4). */
export function useNotifications(userId: string, limit = panelLimit) {
  const queryClient = useQueryClient();
  const key = notificationKeys.panel(userId, limit);
  const query = useQuery(notificationsOptions(userId, limit));

  const optimistic = async (change: (old: NotificationsState) => NotificationsState) => {
    await queryClient.cancelQueries({ queryKey: key });
    const snapshot = queryClient.getQueryData<NotificationsState>(key);
    if (snapshot) queryClient.setQueryData<NotificationsState>(key, change(snapshot));
    return snapshot;
  };
  const rollback = (snapshot: NotificationsState | undefined) => {
    if (snapshot) queryClient.setQueryData(key, snapshot);
  };
  const now = () => new Date().toISOString();

  const markRead = useMutation({
    mutationFn: postRead,
    // spec §4: unread to read on click (read_at now); the count decreases, never below 0.
    onMutate: (id: string) =>
      optimistic((old) => {
        const target = old.items.find((n) => n.id === id);
        if (!target || target.isRead) return old;
        return {
          items: old.items.map((n) => (n.id === id ? { ...n, isRead: true, readAt: now() } : n)),
          unread: Math.max(0, old.unread - 1),
        };
      }),
    onSuccess: ({ item, unread }) =>
      queryClient.setQueryData<NotificationsState>(key, (old) =>
        old ? { items: old.items.map((n) => (n.id === item.id ? item : n)), unread } : old,
      ),
    onError: (error, _id, snapshot) => {
      rollback(snapshot);
      toast.error(notificationsText.markReadFailed, serverMessage(error, commonText.genericError));
    },
  });

  // spec §4 'Tout lire': every notification read, the count 0.
  const readAll = useMutation({
    mutationFn: postReadAll,
    onMutate: () =>
      optimistic((old) => ({
        items: old.items.map((n) => (n.isRead ? n : { ...n, isRead: true, readAt: now() })),
        unread: 0,
      })),
    onError: (error, _v, snapshot) => {
      rollback(snapshot);
      toast.error(notificationsText.readAllFailed, serverMessage(error, commonText.genericError));
    },
  });

  return {
    state: query.data,
    isPending: query.isPending,
    isError: query.isError,
    refetch: query.refetch,
    markRead: (id: string) => markRead.mutate(id),
    readAll: () => readAll.mutate(),
  };
}
