import type { NotificationContent } from "#contract/notifications";
import type { Db } from "#db/client";
import { type Actor, recordAudit } from "../shared/audit.queries.ts";
import { AppError } from "../shared/errors.ts";
import type { NotificationsLoader } from "../shared/notification-hub.ts";
import {
  deleteNotificationRow,
  insertForAll,
  insertForUser,
  markAllReadRows,
  markReadRow,
  notificationGroups,
  notificationsOf,
  recipientNotifications,
  updateNotification,
} from "./notifications.queries.ts";

/**
 * Notifications (spec §3, §4 Notification, §7 notifications): what administrators send (one member
 * or all of them, edit, delete) and what a member reads and marks read. Another member's
 * notification, like a missing one, is NOT_FOUND (ARCHITECTURE rule 4).
 */

const found = <T>(row: T | undefined): T => {
  if (row === undefined) throw new AppError("NOT_FOUND");
  return row;
};

/** spec §9: the member's newest notifications and the unread count (never below 0, spec §4). */
export const listNotifications = (db: Db, userId: string, limit: number) =>
  notificationsOf(db, userId, limit);

/** What the notification hub reads for a member's open streams. */
export const notificationsLoader =
  (db: Db): NotificationsLoader =>
  (userId, limit) =>
    notificationsOf(db, userId, limit);

/**
 * spec §3 send form: to one member (NOT_FOUND when there is no such member) or to all, by an
 * administrator: the journal keeps it (docs/decisions/015-administration.md).
 */
export async function send(
  db: Db,
  actor: Actor,
  content: NotificationContent,
  to: { sendToAll: boolean; userId?: string | undefined },
) {
  if (to.sendToAll) {
    const sent = await insertForAll(db, content, (tx, n) =>
      recordAudit(tx, actor, {
        action: "notification.send",
        targetType: "notification",
        targetLabel: content.title,
        after: { ...content, recipients: n, sendToAll: true },
      }),
    );
    return { sent };
  }
  found(
    await insertForUser(db, to.userId as string, content, (tx, item) =>
      recordAudit(tx, actor, {
        action: "notification.send",
        targetType: "notification",
        targetId: item.id,
        targetLabel: content.title,
        after: { ...content, userId: to.userId },
      }),
    ),
  );
  return { sent: 1 };
}

/** Sends one notification to one member (automatic notifications and tests use it too). */
export const sendToUser = async (db: Db, userId: string, content: NotificationContent) =>
  found(await insertForUser(db, userId, content));

/** spec §7 sendNotificationToAll: returns how many members got it. */
export const sendToAll = (db: Db, content: NotificationContent) => insertForAll(db, content);

/** spec §7: edit {title, message}. Read state and date are kept; the journal keeps both texts. */
export const editNotification = async (db: Db, actor: Actor, id: string, content: NotificationContent) =>
  found(
    await updateNotification(db, id, content, (tx, { before, after, userId }) =>
      recordAudit(tx, actor, {
        action: "notification.update",
        targetType: "notification",
        targetId: id,
        targetLabel: after.title,
        before: { title: before.title, message: before.message, userId },
        after: { title: after.title, message: after.message },
      }),
    ),
  );

/** spec §7: delete by id. */
export async function deleteNotification(db: Db, actor: Actor, id: string): Promise<void> {
  const deleted = await deleteNotificationRow(db, id, (tx, row) =>
    recordAudit(tx, actor, {
      action: "notification.delete",
      targetType: "notification",
      targetId: id,
      targetLabel: row.title,
      before: { title: row.title, message: row.message, userId: row.userId, isRead: row.isRead },
    }),
  );
  if (!deleted) throw new AppError("NOT_FOUND");
}

/** spec §2 Admin « Notifications »: a page of recipients, by username, with their newest. */
export const groups = (db: Db, page: { limit: number; offset: number; q?: string | undefined }) =>
  notificationGroups(db, page);

/** « Voir plus » in a group: a page of one recipient's notifications. */
export const ofRecipient = (db: Db, userId: string, limit: number, offset: number) =>
  recipientNotifications(db, userId, limit, offset);

/** spec §4: unread to read on click (idempotent: the first read_at is kept). */
export const markRead = async (db: Db, userId: string, id: string) =>
  found(await markReadRow(db, userId, id));

/** spec §4 'Tout lire': every unread notification of the member read now; the count becomes 0. */
export const markAllRead = (db: Db, userId: string) => markAllReadRows(db, userId);
