import type {} from "@fastify/cookie";
import { and, eq, gt, sql } from "drizzle-orm";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { SessionUser } from "#contract/auth";
import type { Db } from "#db/client";
import { profiles, sessions, users } from "#db/schema/auth";
import type { Config } from "../config.ts";
import { randomToken, sha256 } from "./tokens.ts";

/** Idle timeout: a session unused for 7 days ends; it never outlives `sessionMaxAgeDays`. */
const IDLE_MS = 7 * 24 * 3600 * 1000;
/** Sliding renewal is written at most once an hour per session. */
const RENEW_AFTER_MS = 3600 * 1000;

export interface CurrentUser extends SessionUser {
  sessionId: string;
}

export function cookieName(config: Config) {
  // __Host- needs Secure, which needs https; on plain http (a laptop) the bare name is used.
  return config.publicUrl.startsWith("https://") ? "__Host-bobine_session" : "bobine_session";
}

export async function createSession(
  db: Db,
  config: Config,
  userId: string,
  meta: { ip: string; userAgent: string | undefined },
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomToken();
  const now = Date.now();
  const absolute = new Date(now + config.sessionMaxAgeDays * 24 * 3600 * 1000);
  const expiresAt = new Date(Math.min(now + IDLE_MS, absolute.getTime()));
  await db.insert(sessions).values({
    userId,
    tokenHash: sha256(token),
    expiresAt,
    absoluteExpiresAt: absolute,
    ipAddress: meta.ip,
    userAgent: meta.userAgent?.slice(0, 300),
  });
  return { token, expiresAt: absolute };
}

export function setSessionCookie(reply: FastifyReply, config: Config, token: string, expiresAt: Date) {
  reply.setCookie(cookieName(config), token, {
    httpOnly: true,
    sameSite: "lax",
    secure: config.publicUrl.startsWith("https://"),
    path: "/",
    expires: expiresAt,
  });
}

export function clearSessionCookie(reply: FastifyReply, config: Config) {
  // Same attributes as when set: a __Host- cookie is only replaced by a Secure one.
  reply.clearCookie(cookieName(config), {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: config.publicUrl.startsWith("https://"),
  });
}

/**
 * Resolves the cookie to the member on every request (no cache), so a deleted or demoted member
 * is refused on the very next request.
 */
export async function resolveSession(
  db: Db,
  config: Config,
  request: FastifyRequest,
): Promise<CurrentUser | null> {
  const token = request.cookies[cookieName(config)];
  if (!token || token.length > 100) return null;
  const now = new Date();
  const [row] = await db
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
    .where(and(eq(sessions.tokenHash, sha256(token)), gt(sessions.expiresAt, now)))
    .limit(1);
  if (!row) return null;
  if (now.getTime() - row.updatedAt.getTime() > RENEW_AFTER_MS) {
    const expiresAt = new Date(Math.min(now.getTime() + IDLE_MS, row.absoluteExpiresAt.getTime()));
    await db.update(sessions).set({ expiresAt, updatedAt: now }).where(eq(sessions.id, row.sessionId));
  }
  return {
    sessionId: row.sessionId,
    id: row.id,
    email: row.email,
    username: row.username,
    avatar: row.avatar,
    role: row.role,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function revokeSession(db: Db, token: string | undefined) {
  if (token) await db.delete(sessions).where(eq(sessions.tokenHash, sha256(token)));
}

export async function revokeAllSessions(db: Db, userId: string, exceptSessionId?: string) {
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

export function toSessionUser(u: CurrentUser): SessionUser {
  const { sessionId: _, ...user } = u;
  return user;
}
