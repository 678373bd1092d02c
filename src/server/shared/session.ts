import type {} from "@fastify/cookie";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { SessionUser } from "#contract/auth";
import type { Db } from "#db/client";
import type { Config } from "./config.ts";
import {
  deleteSessionByTokenHash,
  deleteSessionsOf,
  extendSession,
  findLiveSession,
  insertSession,
} from "./session.queries.ts";
import type { Conn } from "./sql.queries.ts";
import { randomToken, sha256 } from "./tokens.ts";

/**
 * Sessions (docs/decisions/004-accounts-without-better-auth.md): an httpOnly cookie holding a random
 * token whose hash is a `sessions` row. Every domain's access rests on them, so they live in the
 * shared kernel; the sign-in flows that open them are the auth domain's.
 */

/** Idle timeout: a session unused for 7 days ends; it never outlives `sessionMaxAgeDays`. */
const IDLE_MS = 7 * 24 * 3600 * 1000;
/** Sliding renewal is written at most once an hour per session. */
const RENEW_AFTER_MS = 3600 * 1000;

export interface CurrentUser extends SessionUser {
  sessionId: string;
}

declare module "fastify" {
  interface FastifyRequest {
    /** Resolved from the session cookie on every API request; null when signed out. */
    currentUser: CurrentUser | null;
  }
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
  await insertSession(db, {
    userId,
    tokenHash: sha256(token),
    expiresAt: new Date(Math.min(now + IDLE_MS, absolute.getTime())),
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
  const row = await findLiveSession(db, sha256(token), now);
  if (!row) return null;
  if (now.getTime() - row.updatedAt.getTime() > RENEW_AFTER_MS) {
    const expiresAt = new Date(Math.min(now.getTime() + IDLE_MS, row.absoluteExpiresAt.getTime()));
    await extendSession(db, row.sessionId, expiresAt, now);
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

/**
 * Resolves the session cookie for every API request, at the application's root so that every
 * route, whichever plugin registers it, sees `request.currentUser` before its access guard runs.
 * Static files skip it.
 */
export function registerSessionHook(app: FastifyInstance, deps: { db: Db; config: Config }) {
  app.decorateRequest("currentUser", null);
  const name = cookieName(deps.config);
  // A callback hook: a request without the cookie (every visitor's) costs no promise.
  app.addHook("onRequest", (request, _reply, done) => {
    if (!request.url.startsWith("/api/") || request.cookies[name] === undefined) return done();
    resolveSession(deps.db, deps.config, request).then((user) => {
      request.currentUser = user;
      done();
    }, done);
  });
}

export async function revokeSession(db: Db, token: string | undefined) {
  if (token) await deleteSessionByTokenHash(db, sha256(token));
}

export async function revokeAllSessions(db: Conn, userId: string, exceptSessionId?: string) {
  await deleteSessionsOf(db, userId, exceptSessionId);
}

export function toSessionUser(u: CurrentUser): SessionUser {
  const { sessionId: _, ...user } = u;
  return user;
}
