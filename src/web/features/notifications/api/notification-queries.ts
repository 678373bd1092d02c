import { queryOptions } from "@tanstack/react-query";
import {
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
  NOTIFICATION_LIMITS,
} from "#contract/notifications";
import { apiGet, apiSend } from "#web/lib/api.ts";
import { isDesktopApp } from "#web/lib/desktop.ts";

/**
 * The member's notifications through TanStack Query. Keys start with "notifications" and the
 * member's id (logout drops them with every other member query, spec §4: unread count back to 0).
 * The realtime stream writes into the same entry (use-notification-stream.ts).
 */
export const notificationKeys = {
  all: (userId: string) => ["notifications", userId] as const,
  panel: (userId: string, limit: number) => ["notifications", userId, limit] as const,
};

/** spec §9: the web header lists 10, the desktop-app header 8. */
export const panelLimit: number = isDesktopApp ? NOTIFICATION_LIMITS.desktop : NOTIFICATION_LIMITS.web;

export const notificationsOptions = (userId: string, limit = panelLimit) =>
  queryOptions({
    queryKey: notificationKeys.panel(userId, limit),
    queryFn: ({ signal }) => apiGet(listNotifications, { query: { limit }, signal }),
    // The stream pushes every change; a read is only needed at start and after a failure.
    staleTime: Number.POSITIVE_INFINITY,
  });

export const postRead = (id: string) => apiSend(markNotificationRead, { params: { id } });
export const postReadAll = () => apiSend(markAllNotificationsRead);
