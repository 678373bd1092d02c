import { z } from "zod";
import { adminPage, adminSearch } from "./admin-common.ts";
import { endpoint } from "./endpoint.ts";
import { notificationContent, notificationItem } from "./notifications.ts";

/**
 * Notifications as administrators see them (spec §2 Admin « Notifications »: list grouped per
 * recipient, groups sorted by username, 'Utilisateur supprimé' for a missing profile, newest first,
 * 'Lue' / 'Non lue', edit, delete; §7 getAllNotifications, updateNotification, deleteNotification).
 * Paged by recipient, so ten thousand members do not load at once. Sending to one member or to all
 * is `sendNotification` (src/contract/notifications.ts).
 */

/** Notifications shown per recipient in the list; « Voir plus » pages through the others. */
export const NOTIFICATIONS_PER_GROUP = 5;

export const adminNotificationMessages = {
  /** spec §8 Successes. */
  sent: "Notification envoyée",
  /** Word for word, but « 1 utilisateur » in the singular, and thousands spaced (« 10 000 »). */
  sentToMany: (n: number) =>
    `Notification envoyée à ${n.toLocaleString("fr-FR")} ${n > 1 ? "utilisateurs" : "utilisateur"}`,
  updated: "Notification modifiée",
  deleted: "Notification supprimée",
} as const;

export const notificationGroup = z.object({
  userId: z.uuid(),
  /** Null: the member has no profile any more (spec: 'Utilisateur supprimé'). */
  username: z.string().nullable(),
  count: z.number().int().nonnegative(),
  unread: z.number().int().nonnegative(),
  /** The newest NOTIFICATIONS_PER_GROUP. */
  items: z.array(notificationItem),
});
export type NotificationGroup = z.infer<typeof notificationGroup>;

export const listAdminNotifications = endpoint({
  method: "GET",
  path: "/api/admin/notifications",
  summary:
    "Administrateurs\u00a0: notifications groupées par destinataire (par nom), les plus récentes d'abord, par pages de destinataires",
  tags: ["admin"],
  access: "admin",
  query: z.object({ ...adminPage, q: adminSearch.optional() }),
  response: z.object({
    groups: z.array(notificationGroup),
    /** Recipients in all. */
    total: z.number().int().nonnegative(),
    limit: z.number().int(),
    offset: z.number().int(),
  }),
});

export const listRecipientNotifications = endpoint({
  method: "GET",
  path: "/api/admin/notifications/recipients/:userId",
  summary: "Administrateurs\u00a0: les notifications d'un destinataire, les plus récentes d'abord",
  tags: ["admin"],
  access: "admin",
  params: z.object({ userId: z.uuid() }),
  query: z.object(adminPage),
  response: z.object({
    items: z.array(notificationItem),
    total: z.number().int().nonnegative(),
    limit: z.number().int(),
    offset: z.number().int(),
  }),
});

export const updateNotification = endpoint({
  method: "PUT",
  path: "/api/admin/notifications/:id",
  summary:
    "Administrateurs\u00a0: modifie le titre et le message d'une notification (lue ou non, sa date reste)",
  tags: ["admin"],
  access: "admin",
  params: z.object({ id: z.uuid() }),
  body: notificationContent,
  response: notificationItem,
});

export const deleteNotification = endpoint({
  method: "DELETE",
  path: "/api/admin/notifications/:id",
  summary: "Administrateurs\u00a0: supprime une notification",
  tags: ["admin"],
  access: "admin",
  params: z.object({ id: z.uuid() }),
  response: z.object({ deleted: z.literal(1) }),
});
