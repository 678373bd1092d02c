import { and, count, desc, eq, sql } from "drizzle-orm";
import type { NotificationContent, NotificationItem, NotificationsState } from "#contract/notifications";
import type { Db } from "#db/client";
import { notifications } from "#db/schema/activity";
import { users } from "#db/schema/auth";
import { AppError } from "../errors.ts";

/**
 * Notifications (spec §3, §4 Notification, §7 notifications): what administrators send (one member
 * or all of them, edit, delete) and what a member reads and marks read.
 *
 * Every write runs in a transaction that ends with pg_notify on NOTIFICATIONS_CHANNEL naming the
 * member concerned (or ALL_MEMBERS): NOTIFY is delivered only at commit, to every server process
 * listening, which pushes the fresh state to that member's open tabs (notification-hub.ts).
 */

export const NOTIFICATIONS_CHANNEL = "bobine_notifications";
/** Payload meaning "every member may have changed" (send to all). */
export const ALL_MEMBERS = "*";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

const announce = (tx: Tx | Db, recipient: string) =>
  tx.execute(sql`select pg_notify(${NOTIFICATIONS_CHANNEL}, ${recipient})`);

const columns = {
  id: notifications.id,
  userId: notifications.userId,
  title: notifications.title,
  message: notifications.message,
  isRead: notifications.isRead,
  readAt: notifications.readAt,
  createdAt: notifications.createdAt,
};

type Row = {
  id: string;
  title: string;
  message: string;
  isRead: boolean;
  readAt: Date | null;
  createdAt: Date;
};

/** A row as raw SQL returns it (timestamps as text on node-postgres' drizzle, Date on PGlite). */
type DbRow = {
  id: string;
  title: string;
  message: string;
  is_read: boolean;
  read_at: string | Date | null;
  created_at: string | Date;
};

const toItem = (row: Row): NotificationItem => ({
  id: row.id,
  title: row.title,
  message: row.message,
  isRead: row.isRead,
  readAt: row.readAt ? row.readAt.toISOString() : null,
  createdAt: row.createdAt.toISOString(),
});

/** Sends one notification to one member; NOT_FOUND when there is no such member. */
export async function sendToUser(db: Db, userId: string, content: NotificationContent) {
  return db.transaction(async (tx) => {
    // INSERT … SELECT: an unknown member inserts nothing (no foreign-key error to translate).
    const result = await tx.execute<DbRow>(sql`
      insert into ${notifications} (user_id, title, message)
      select ${users.id}, ${content.title}, ${content.message} from ${users} where ${users.id} = ${userId}
      returning id, title, message, is_read, read_at, created_at`);
    const raw = rowsOf<DbRow>(result)[0];
    const row = raw && {
      id: raw.id,
      title: raw.title,
      message: raw.message,
      isRead: raw.is_read,
      readAt: raw.read_at === null ? null : new Date(raw.read_at),
      createdAt: new Date(raw.created_at),
    };
    if (!row) throw new AppError("NOT_FOUND");
    await announce(tx, userId);
    return toItem(row);
  });
}

/** spec §7 sendNotificationToAll: one set-based INSERT … SELECT over every member; returns how many. */
export async function sendToAll(db: Db, content: NotificationContent): Promise<number> {
  return db.transaction(async (tx) => {
    const result = await tx.execute<{ sent: number }>(sql`
      with inserted as (
        insert into ${notifications} (user_id, title, message)
        select ${users.id}, ${content.title}, ${content.message} from ${users}
        returning 1
      )
      select count(*)::int as sent from inserted`);
    const sent = Number(rowsOf<{ sent: number }>(result)[0]?.sent ?? 0);
    if (sent > 0) await announce(tx, ALL_MEMBERS);
    return sent;
  });
}

/** spec §7: edit {title, message}. Read state and date are kept. */
export async function editNotification(db: Db, id: string, content: NotificationContent) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(notifications)
      .set({ title: content.title, message: content.message })
      .where(eq(notifications.id, id))
      .returning(columns);
    if (!row) throw new AppError("NOT_FOUND");
    await announce(tx, row.userId);
    return toItem(row);
  });
}

/** spec §7: delete by id. */
export async function deleteNotification(db: Db, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .delete(notifications)
      .where(eq(notifications.id, id))
      .returning({ userId: notifications.userId });
    if (!row) throw new AppError("NOT_FOUND");
    await announce(tx, row.userId);
  });
}

/** spec §4: the unread count, computed from the rows (so never below 0). */
export async function unreadCount(db: Db | Tx, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.isRead, false)));
  return row?.n ?? 0;
}

/** spec §7: select by user, newest first (spec §9: the header shows 10, or 8 in the desktop app). */
export async function listNotifications(db: Db, userId: string, limit: number): Promise<NotificationsState> {
  const [rows, unread] = await Promise.all([
    db
      .select(columns)
      .from(notifications)
      .where(eq(notifications.userId, userId))
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(limit),
    unreadCount(db, userId),
  ]);
  return { items: rows.map(toItem), unread };
}

/**
 * spec §4: unread to read on click (read_at now). Idempotent: reading it again keeps the first
 * read_at and announces nothing. Another member's notification is NOT_FOUND (ARCHITECTURE rule 4).
 */
export async function markRead(db: Db, userId: string, id: string) {
  return db.transaction(async (tx) => {
    const [changed] = await tx
      .update(notifications)
      .set({ isRead: true, readAt: sql`now()` })
      .where(and(eq(notifications.id, id), eq(notifications.userId, userId), eq(notifications.isRead, false)))
      .returning(columns);
    let row = changed;
    if (changed) await announce(tx, userId);
    else {
      [row] = await tx
        .select(columns)
        .from(notifications)
        .where(and(eq(notifications.id, id), eq(notifications.userId, userId)));
    }
    if (!row) throw new AppError("NOT_FOUND");
    return { item: toItem(row), unread: await unreadCount(tx, userId) };
  });
}

/** spec §4 'Tout lire': every unread notification of the member read now; the count becomes 0. */
export async function markAllRead(db: Db, userId: string) {
  return db.transaction(async (tx) => {
    const rows = await tx
      .update(notifications)
      .set({ isRead: true, readAt: sql`now()` })
      .where(and(eq(notifications.userId, userId), eq(notifications.isRead, false)))
      .returning({ id: notifications.id });
    if (rows.length > 0) await announce(tx, userId);
    return { updated: rows.length, unread: 0 as const };
  });
}

/** Both drivers (node-postgres and PGlite) answer raw SQL with `{ rows }`. */
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
