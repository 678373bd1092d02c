import { and, eq, gt, sql } from "drizzle-orm";
import type { Db } from "#db/client";
import { profiles, sessions, users } from "#db/schema/auth";
import type { Conn } from "./sql.queries.ts";

export async function insertSession(
  db: Db,
  row: {
    userId: string;
    tokenHash: string;
    expiresAt: Date;
    absoluteExpiresAt: Date;
    ipAddress: string;
    userAgent: string | undefined;
  },
) {
  await db.insert(sessions).values(row);
}

/**
 * The live session of a token hash, with its member: the query every signed-in request asks, so it
 * is a named prepared statement (parsed and planned once per connection, not on every request).
 */
const liveSessionQueries = new WeakMap<Db, ReturnType<typeof prepareLiveSession>>();

function prepareLiveSession(db: Db) {
  return db
    .select({
      sessionId: sessions.id,
      expiresAt: sessions.expiresAt,
      absoluteExpiresAt: sessions.absoluteExpiresAt,
      updatedAt: sessions.updatedAt,
      id: users.id,
      email: users.email,
      username: profiles.username,
      avatar: profiles.avatar,
      role: profiles.role,
      createdAt: users.createdAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .innerJoin(profiles, eq(profiles.id, users.id))
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder("tokenHash")),
        gt(sessions.expiresAt, sql.placeholder("now")),
      ),
    )
    .limit(1)
    .prepare("bobine_live_session");
}

export async function findLiveSession(db: Db, tokenHash: string, now: Date) {
  let query = liveSessionQueries.get(db);
  if (!query) {
    query = prepareLiveSession(db);
    liveSessionQueries.set(db, query);
  }
  const [row] = await query.execute({ tokenHash, now });
  return row;
}

export async function extendSession(db: Db, sessionId: string, expiresAt: Date, now: Date) {
  await db.update(sessions).set({ expiresAt, updatedAt: now }).where(eq(sessions.id, sessionId));
}

export async function deleteSessionByTokenHash(db: Db, tokenHash: string) {
  await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
}

/** Every session of a member (but one, when given). */
export async function deleteSessionsOf(db: Conn, userId: string, exceptSessionId?: string) {
  await db
    .delete(sessions)
    .where(
      and(
        eq(sessions.userId, userId),
        exceptSessionId ? sql`${sessions.id} <> ${exceptSessionId}` : undefined,
      ),
    );
}

export async function purgeExpiredSessions(db: Db) {
  await db.delete(sessions).where(sql`${sessions.expiresAt} < now()`);
}

/** Whether a session still exists and has not expired (the event stream asks at each heartbeat). */
export async function sessionAlive(db: Db, sessionId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.id, sessionId), gt(sessions.expiresAt, new Date())))
    .limit(1);
  return row !== undefined;
}
