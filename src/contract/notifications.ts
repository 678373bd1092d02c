import { z } from "zod";
import { endpoint } from "./endpoint.ts";
import { text } from "./text.ts";

/**
 * Notifications (spec §2 Header notification bell and panel, §3 Notification, §4 Notification,
 * §7 notifications, §9). A member reads and marks their own; administrators send them.
 */

/** spec §9: the web header lists 10 notifications, the desktop-app header 8; badge caps at 9+. */
export const NOTIFICATION_LIMITS = {
  web: 10,
  desktop: 8,
  /** Past this the badge shows « 9+ ». */
  badgeMax: 9,
  /** Our ceiling for one read (the panel asks for 10 at most). */
  maxList: 50,
} as const;

/** spec §9: the realtime stream's heartbeat every 25 s; reconnect waits 1, 2, 5, 10 s (then 10 s). */
export const NOTIFICATION_STREAM = {
  heartbeatMs: 25_000,
  reconnectDelaysMs: [1_000, 2_000, 5_000, 10_000],
  /** Name of the Server-Sent Event that carries a fresh `notificationsState`. */
  event: "notifications",
  /**
   * Administrators only: an empty event saying that the media assets (uploads, transcoding) changed,
   * so that « En cours » reads them again at once (decision 025).
   */
  mediaEvent: "media",
  path: "/api/notifications/stream",
} as const;

/** French messages of the notification rules (spec §8: title and message required, target user). */
export const notificationMessages = {
  titleRequired: "Le titre est requis.",
  titleTooLong: "Le titre ne peut pas dépasser 200 caractères.",
  messageRequired: "Le message est requis.",
  messageTooLong: "Le message ne peut pas dépasser 2000 caractères.",
  recipientRequired: "Choisissez un destinataire ou cochez «\u00a0Envoyer à tous\u00a0».",
  tooManyStreams: "Trop de connexions ouvertes aux notifications : fermez un onglet.",
} as const;

export const notificationItem = z.object({
  id: z.uuid(),
  title: z.string(),
  message: z.string(),
  isRead: z.boolean(),
  readAt: z.iso.datetime({ offset: true }).nullable(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type NotificationItem = z.infer<typeof notificationItem>;

/** The panel's content: the newest notifications and the unread count (never below 0, spec §4). */
export const notificationsState = z.object({
  items: z.array(notificationItem),
  unread: z.number().int().nonnegative(),
});
export type NotificationsState = z.infer<typeof notificationsState>;

export const notificationListQuery = z.object({
  limit: z.coerce.number().int().min(1).max(NOTIFICATION_LIMITS.maxList).default(NOTIFICATION_LIMITS.web),
});

/**
 * Server-Sent Events (spec §9): `event: notifications` carrying a fresh `notificationsState` at once
 * and after every change, a comment every 25 s, a `retry:` hint. For an EventSource.
 */
export const notificationStream = endpoint({
  method: "GET",
  path: NOTIFICATION_STREAM.path,
  summary: `Flux temps réel (text/event-stream) : évènement « ${NOTIFICATION_STREAM.event} » avec les notifications et le nombre de non lues ; pour les administrateurs, évènement « ${NOTIFICATION_STREAM.mediaEvent} » quand un média change (envoi, transcodage)`,
  tags: ["notifications"],
  access: "member",
  produces: "text/event-stream",
  query: notificationListQuery,
  response: z.string(),
});

export const listNotifications = endpoint({
  method: "GET",
  path: "/api/notifications",
  summary: "Notifications du membre connecté, les plus récentes d'abord, et le nombre de non lues",
  tags: ["notifications"],
  access: "member",
  query: notificationListQuery,
  response: notificationsState,
});

export const markNotificationRead = endpoint({
  method: "POST",
  path: "/api/notifications/:id/read",
  summary: "Marque une notification comme lue (idempotent ; 404 si elle n'est pas au membre)",
  tags: ["notifications"],
  access: "member",
  params: z.object({ id: z.uuid() }),
  response: z.object({ item: notificationItem, unread: z.number().int().nonnegative() }),
});

export const markAllNotificationsRead = endpoint({
  method: "POST",
  path: "/api/notifications/read-all",
  summary: "« Tout lire » : marque toutes les notifications du membre comme lues",
  tags: ["notifications"],
  access: "member",
  response: z.object({ updated: z.number().int().nonnegative(), unread: z.literal(0) }),
});

const title = text({
  max: 200,
  min: 1,
  required: notificationMessages.titleRequired,
  tooLong: notificationMessages.titleTooLong,
});
/** The one multi-line text of the contract: newlines and tabs are kept. */
const message = text({
  max: 2000,
  min: 1,
  multiline: true,
  required: notificationMessages.messageRequired,
  tooLong: notificationMessages.messageTooLong,
});

export const notificationContent = z.object({ title, message });
export type NotificationContent = z.infer<typeof notificationContent>;

/** spec §3 send form (title, message, sendToAll, selectedUserId) and §8: a target unless sendToAll. */
export const sendNotificationBody = z
  .object({ title, message, sendToAll: z.boolean().default(false), userId: z.uuid().optional() })
  .refine((b) => b.sendToAll || b.userId !== undefined, {
    message: notificationMessages.recipientRequired,
    path: ["userId"],
  });

export const sendNotification = endpoint({
  method: "POST",
  path: "/api/admin/notifications",
  summary: "Administrateurs : envoie une notification à un membre ou à tous (201, nombre de destinataires)",
  tags: ["admin"],
  access: "admin",
  body: sendNotificationBody,
  response: z.object({ sent: z.number().int().nonnegative() }),
});
