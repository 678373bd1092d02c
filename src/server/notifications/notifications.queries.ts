import { and, count, desc, eq, sql } from "drizzle-orm";
import { NOTIFICATIONS_PER_GROUP, type NotificationGroup } from "#contract/admin-notifications";
import type { NotificationContent, NotificationItem, NotificationsState } from "#contract/notifications";
import type { Db } from "#db/client";
import { notifications } from "#db/schema/activity";
import { profiles, users } from "#db/schema/auth";
import { announceNotifications as announce } from "../shared/member-notifications.queries.ts";
import { ALL_MEMBERS } from "../shared/notification-hub.ts";
import { type Conn, likeEscapeJs, rowsOf, type Tx } from "../shared/sql.queries.ts";

/** Work done in a write's transaction besides the write (the administration's journal). */
export type AlsoInTransaction<T = void> = (tx: Tx, row: T) => Promise<void>;

/**
 * The SQL of notifications (spec §7 notifications). Every write runs in a transaction that ends
 * with pg_notify on NOTIFICATIONS_CHANNEL naming the member concerned (or ALL_MEMBERS): NOTIFY is
 * delivered only at commit, to every server process listening, which pushes the fresh state to that
 * member's open tabs (shared/notification-hub.ts). Each write answers undefined when its row does
 * not exist (or is not the member's); the service turns that into NOT_FOUND.
 */

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

const fromDbRow = (raw: DbRow): NotificationItem =>
  toItem({
    id: raw.id,
    title: raw.title,
    message: raw.message,
    isRead: raw.is_read,
    readAt: raw.read_at === null ? null : new Date(raw.read_at),
    createdAt: new Date(raw.created_at),
  });

const toItem = (row: Row): NotificationItem => ({
  id: row.id,
  title: row.title,
  message: row.message,
  isRead: row.isRead,
  readAt: row.readAt ? row.readAt.toISOString() : null,
  createdAt: row.createdAt.toISOString(),
});

/** Sends one notification to one member; undefined when there is no such member. */
export async function insertForUser(
  db: Db,
  userId: string,
  content: NotificationContent,
  also?: AlsoInTransaction<NotificationItem>,
) {
  return db.transaction(async (tx) => {
    // INSERT … SELECT: an unknown member inserts nothing (no foreign-key error to translate).
    const result = await tx.execute<DbRow>(sql`
      insert into ${notifications} (user_id, title, message)
      select ${users.id}, ${content.title}, ${content.message} from ${users} where ${users.id} = ${userId}
      returning id, title, message, is_read, read_at, created_at`);
    const raw = rowsOf<DbRow>(result)[0];
    if (!raw) return undefined;
    await announce(tx, userId);
    const item = fromDbRow(raw);
    await also?.(tx, item);
    return item;
  });
}

/** spec §7 sendNotificationToAll: one set-based INSERT … SELECT over every member; returns how many. */
export async function insertForAll(
  db: Db,
  content: NotificationContent,
  also?: AlsoInTransaction<number>,
): Promise<number> {
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
    await also?.(tx, sent);
    return sent;
  });
}

/** spec §7: edit {title, message}. Read state and date are kept. */
export async function updateNotification(
  db: Db,
  id: string,
  content: NotificationContent,
  also?: AlsoInTransaction<{ before: NotificationItem; after: NotificationItem; userId: string }>,
) {
  return db.transaction(async (tx) => {
    const [old] = await tx.select(columns).from(notifications).where(eq(notifications.id, id)).for("update");
    if (!old) return undefined;
    const [row] = await tx
      .update(notifications)
      .set({ title: content.title, message: content.message })
      .where(eq(notifications.id, id))
      .returning(columns);
    if (!row) return undefined;
    await announce(tx, row.userId);
    const item = toItem(row);
    await also?.(tx, { before: toItem(old), after: item, userId: row.userId });
    return item;
  });
}

/** spec §7: delete by id. */
export async function deleteNotificationRow(
  db: Db,
  id: string,
  also?: AlsoInTransaction<NotificationItem & { userId: string }>,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx.delete(notifications).where(eq(notifications.id, id)).returning(columns);
    if (!row) return false;
    await announce(tx, row.userId);
    await also?.(tx, { ...toItem(row), userId: row.userId });
    return true;
  });
}

/**
 * spec §2 Admin « Notifications »: recipients sorted by username (a member without a profile —
 * 'Utilisateur supprimé' — last), a page of them, each with its count, unread count and newest
 * notifications. `q` filters on the username or the e-mail.
 */
export async function notificationGroups(
  db: Db,
  page: { limit: number; offset: number; q?: string | undefined },
): Promise<{ groups: NotificationGroup[]; total: number }> {
  const pattern = page.q ? `%${likeEscapeJs(page.q.toLowerCase())}%` : null;
  const filter = pattern
    ? sql`where lower(p.username) like ${pattern} or lower(u.email) like ${pattern}`
    : sql``;
  const recipients = rowsOf<{
    user_id: string;
    username: string | null;
    count: number;
    unread: number;
    total: number;
  }>(
    await db.execute(sql`
      with recipients as (
        select n.user_id, p.username, count(*)::int as count,
          (count(*) filter (where not n.is_read))::int as unread
        from ${notifications} n
        join ${users} u on u.id = n.user_id
        left join ${profiles} p on p.id = n.user_id
        ${filter}
        group by n.user_id, p.username
      )
      select *, (count(*) over ())::int as total from recipients
      order by lower(username) asc nulls last, user_id
      limit ${page.limit} offset ${page.offset}`),
  );
  const ids = recipients.map((r) => r.user_id);
  const newest =
    ids.length === 0
      ? []
      : rowsOf<DbRow & { user_id: string }>(
          await db.execute(sql`
            select id, user_id, title, message, is_read, read_at, created_at from (
              select n.*, row_number() over (partition by n.user_id order by n.created_at desc, n.seq desc) as rank
              from ${notifications} n where n.user_id in ${ids}
            ) ranked
            where rank <= ${NOTIFICATIONS_PER_GROUP}
            order by created_at desc, seq desc`),
        );
  return {
    total: Number(recipients[0]?.total ?? 0),
    groups: recipients.map((r) => ({
      userId: r.user_id,
      username: r.username,
      count: Number(r.count),
      unread: Number(r.unread),
      items: newest.filter((n) => n.user_id === r.user_id).map(fromDbRow),
    })),
  };
}

/** One recipient's notifications, newest first, a page of them. */
export async function recipientNotifications(db: Db, userId: string, limit: number, offset: number) {
  const [rows, [total]] = await Promise.all([
    db
      .select(columns)
      .from(notifications)
      .where(eq(notifications.userId, userId))
      .orderBy(desc(notifications.createdAt), desc(notifications.seq))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(notifications).where(eq(notifications.userId, userId)),
  ]);
  return { items: rows.map(toItem), total: total?.n ?? 0 };
}

/** spec §4: the unread count, computed from the rows (so never below 0). */
export async function unreadCount(db: Conn, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.isRead, false)));
  return row?.n ?? 0;
}

/**
 * spec §7: select by user, newest first (spec §9: the header shows 10, or 8 in the desktop app), and
 * the unread count in the same statement: one snapshot, so a state never pairs the list before a
 * write with the count after it (two queries on a PostgreSQL pool could: [a1] with 2 unread).
 */
export async function notificationsOf(db: Db, userId: string, limit: number): Promise<NotificationsState> {
  const unreadNow = sql<number>`(select count(*)::int from ${notifications} n
    where n.user_id = ${userId} and not n.is_read)`;
  const rows = await db
    .select({ ...columns, unread: unreadNow })
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(desc(notifications.createdAt), desc(notifications.seq))
    .limit(limit);
  // No notification at all: nothing is unread.
  return { items: rows.map(toItem), unread: Number(rows[0]?.unread ?? 0) };
}

/**
 * spec §4: unread to read on click (read_at now). Idempotent: reading it again keeps the first
 * read_at and announces nothing. Another member's notification is NOT_FOUND (ARCHITECTURE rule 4).
 */
export async function markReadRow(db: Db, userId: string, id: string) {
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
    if (!row) return undefined;
    return { item: toItem(row), unread: await unreadCount(tx, userId) };
  });
}

/** spec §4 'Tout lire': every unread notification of the member read now; the count becomes 0. */
export async function markAllReadRows(db: Db, userId: string) {
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
