import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import {
  deleteNotification,
  listAdminNotifications,
  listRecipientNotifications,
  updateNotification,
} from "#contract/admin-notifications";
import { listUsers } from "#contract/admin-users";
import { type NotificationContent, sendNotification } from "#contract/notifications";
import { apiGet, apiSend } from "#web/lib/api.ts";
import { adminData } from "#web/lib/query-tags.ts";

/** The « Notifications » tab through TanStack Query (one key root; spec §7 notifications). */
export const adminNotificationKeys = {
  root: "admin-notifications",
  groups: (query: object) => ["admin-notifications", "groups", query] as const,
  recipient: (userId: string, limit: number) => ["admin-notifications", "recipient", userId, limit] as const,
  members: (q: string) => ["admin-notifications", "members", q] as const,
};

export const GROUPS_PAGE = 20;

export const groupsOptions = (query: { offset: number; q?: string | undefined }) =>
  queryOptions({
    queryKey: adminNotificationKeys.groups(query),
    queryFn: ({ signal }) =>
      apiGet(listAdminNotifications, {
        query: { limit: GROUPS_PAGE, offset: query.offset, ...(query.q ? { q: query.q } : {}) },
        signal,
      }),
    meta: adminData,
    placeholderData: keepPreviousData,
  });

/** « Voir plus » in a group: the recipient's newest `limit`. */
export const recipientOptions = (userId: string, limit: number) =>
  queryOptions({
    queryKey: adminNotificationKeys.recipient(userId, limit),
    queryFn: ({ signal }) =>
      apiGet(listRecipientNotifications, { params: { userId }, query: { limit }, signal }),
    meta: adminData,
    placeholderData: keepPreviousData,
  });

/** The send form's recipient search (spec §3: selectedUserId). */
export const membersOptions = (q: string) =>
  queryOptions({
    queryKey: adminNotificationKeys.members(q),
    queryFn: ({ signal }) => apiGet(listUsers, { query: { limit: 8, ...(q ? { q } : {}) }, signal }),
    meta: adminData,
    placeholderData: keepPreviousData,
  });

export const postNotification = (
  body: NotificationContent & { sendToAll: boolean; userId?: string | undefined },
) => apiSend(sendNotification, { body });
export const putNotification = (id: string, body: NotificationContent) =>
  apiSend(updateNotification, { params: { id }, body });
export const removeNotification = (id: string) => apiSend(deleteNotification, { params: { id } });
