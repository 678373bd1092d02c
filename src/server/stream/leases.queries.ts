import { and, count, eq, gt, isNull, lt, ne, sql } from "drizzle-orm";
import { streamMessages } from "#contract/stream";
import type { Db } from "#db/client";
import { sessions, users } from "#db/schema/auth";
import { streamLeases } from "#db/schema/stream";
import { coveredNow } from "../shared/entitlement.queries.ts";
import { AppError } from "../shared/errors.ts";

export interface Lease {
  id: string;
  expiresAt: Date;
}

/**
 * Takes (or renews) the lease of one device under the plan's limit (spec §9: 1 / 3 / 5 screens).
 * Race-free across processes: the member's row is locked (FOR NO KEY UPDATE, which does not block
 * the foreign keys of other tables) before the live leases are counted, so two devices asking at
 * once are serialised. The same device asking again gets its own lease back.
 */
export async function acquireLease(
  db: Db,
  opts: {
    userId: string;
    /** The session asking: its end (sign-out) deletes the lease. */
    sessionId: string;
    deviceId: string;
    maxStreams: number;
    leaseSeconds: number;
    /** What the device plays (a ticket); absent for a heartbeat, which keeps it. */
    target?: { videoId: string; episodeId: string | null };
    /** A new ticket (its nonce): the next client to fetch its bytes becomes the lease's client. */
    ticketId?: string;
  },
): Promise<Lease> {
  return db.transaction(async (tx) => {
    const locked = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(users.id, opts.userId))
      .for("no key update");
    if (locked.length === 0) throw new AppError("UNAUTHENTICATED");
    const now = sql`now()`;
    const [live] = await tx
      .select({ n: count() })
      .from(streamLeases)
      .where(
        and(
          eq(streamLeases.userId, opts.userId),
          ne(streamLeases.deviceId, opts.deviceId),
          gt(streamLeases.expiresAt, now),
        ),
      );
    if ((live?.n ?? 0) >= opts.maxStreams) {
      throw new AppError("TOO_MANY_STREAMS", streamMessages.tooManyStreams(opts.maxStreams));
    }
    // Old rows of this member's other devices are dropped here (a day after they ended).
    await tx
      .delete(streamLeases)
      .where(
        and(eq(streamLeases.userId, opts.userId), lt(streamLeases.expiresAt, sql`now() - interval '1 day'`)),
      );
    const expiresAt = sql`now() + make_interval(secs => ${opts.leaseSeconds})`;
    const [row] = await tx
      .insert(streamLeases)
      .values({
        userId: opts.userId,
        deviceId: opts.deviceId,
        sessionId: opts.sessionId,
        videoId: opts.target?.videoId ?? null,
        episodeId: opts.target?.episodeId ?? null,
        ticketId: opts.ticketId ?? null,
        expiresAt,
      })
      .onConflictDoUpdate({
        target: [streamLeases.userId, streamLeases.deviceId],
        set: {
          sessionId: opts.sessionId,
          ...(opts.target ? { videoId: opts.target.videoId, episodeId: opts.target.episodeId } : {}),
          renewedAt: now,
          expiresAt,
          ...(opts.ticketId ? { clientKey: null, ticketId: opts.ticketId } : {}),
        },
      })
      .returning({ id: streamLeases.id, expiresAt: streamLeases.expiresAt });
    if (!row) throw new AppError("INTERNAL_ERROR");
    return row;
  });
}

export async function findLease(db: Db, userId: string, leaseId: string) {
  const [row] = await db
    .select({ id: streamLeases.id, deviceId: streamLeases.deviceId, expiresAt: streamLeases.expiresAt })
    .from(streamLeases)
    .where(and(eq(streamLeases.id, leaseId), eq(streamLeases.userId, userId)));
  return row ?? null;
}

/**
 * Ends the lease now (idempotent); false when the member has no such lease. With `ticketId`, only
 * while that ticket is the device's newest: the same device reuses its lease for the next episode
 * or a renewed ticket, and the release of the previous one may reach the server after that.
 */
export async function releaseLease(
  db: Db,
  userId: string,
  leaseId: string,
  ticketId?: string,
): Promise<boolean> {
  const mine = and(eq(streamLeases.id, leaseId), eq(streamLeases.userId, userId));
  const rows = await db
    .update(streamLeases)
    .set({ expiresAt: sql`least(${streamLeases.expiresAt}, now())` })
    .where(ticketId === undefined ? mine : and(mine, eq(streamLeases.ticketId, ticketId)))
    .returning({ id: streamLeases.id });
  if (rows.length > 0 || ticketId === undefined) return rows.length > 0;
  return (await findLease(db, userId, leaseId)) !== null;
}

export interface ServingLease {
  /** The client that owns the lease's bytes; null until one fetches them. */
  clientKey: string | null;
  expiresAt: Date;
}

/**
 * The lease while it may serve bytes (SECURITY-CHECKLIST 24): not ended (released, or lapsed
 * without heartbeats), its session open (signed out: the lease is gone) and an entitlement of the
 * member covering now. Null otherwise. One indexed read, no write.
 */
export async function servingLease(db: Db, userId: string, leaseId: string): Promise<ServingLease | null> {
  const [row] = await db
    .select({ clientKey: streamLeases.clientKey, expiresAt: streamLeases.expiresAt })
    .from(streamLeases)
    .innerJoin(sessions, eq(sessions.id, streamLeases.sessionId))
    .where(
      and(
        eq(streamLeases.id, leaseId),
        eq(streamLeases.userId, userId),
        gt(streamLeases.expiresAt, sql`now()`),
        gt(sessions.expiresAt, sql`now()`),
        coveredNow(streamLeases.userId),
      ),
    );
  return row ?? null;
}

/**
 * "The same ticket twice": the first client to fetch a live lease's bytes owns it. Atomic: of two
 * clients racing for a fresh lease only one wins; an ended lease is owned by nobody.
 */
export async function claimLeaseClient(db: Db, leaseId: string, clientKey: string): Promise<boolean> {
  const rows = await db
    .update(streamLeases)
    .set({ clientKey })
    .where(
      and(
        eq(streamLeases.id, leaseId),
        isNull(streamLeases.clientKey),
        gt(streamLeases.expiresAt, sql`now()`),
      ),
    )
    .returning({ id: streamLeases.id });
  return rows.length > 0;
}
