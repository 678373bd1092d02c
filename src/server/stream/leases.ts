import { and, count, eq, gt, lt, ne, sql } from "drizzle-orm";
import { streamMessages } from "#contract/stream";
import type { Db } from "#db/client";
import { users } from "#db/schema/auth";
import { streamLeases } from "#db/schema/stream";
import { AppError } from "../errors.ts";

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
    deviceId: string;
    maxStreams: number;
    leaseSeconds: number;
    videoId: string | null;
    episodeId: string | null;
    /** A new ticket: the next client to fetch its bytes becomes the lease's client. */
    resetClient?: boolean;
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
        videoId: opts.videoId,
        episodeId: opts.episodeId,
        expiresAt,
      })
      .onConflictDoUpdate({
        target: [streamLeases.userId, streamLeases.deviceId],
        set: {
          videoId: opts.videoId,
          episodeId: opts.episodeId,
          renewedAt: now,
          expiresAt,
          ...(opts.resetClient ? { clientKey: null } : {}),
        },
      })
      .returning({ id: streamLeases.id, expiresAt: streamLeases.expiresAt });
    if (!row) throw new AppError("INTERNAL_ERROR");
    return row;
  });
}

/** Pushes a live lease forward; null when it is not the member's or has already ended. */
export async function renewLease(
  db: Db,
  opts: { userId: string; leaseId: string; leaseSeconds: number },
): Promise<Lease | null> {
  const [row] = await db
    .update(streamLeases)
    .set({ renewedAt: sql`now()`, expiresAt: sql`now() + make_interval(secs => ${opts.leaseSeconds})` })
    .where(
      and(
        eq(streamLeases.id, opts.leaseId),
        eq(streamLeases.userId, opts.userId),
        gt(streamLeases.expiresAt, sql`now()`),
      ),
    )
    .returning({ id: streamLeases.id, expiresAt: streamLeases.expiresAt });
  return row ?? null;
}

export async function findLease(db: Db, userId: string, leaseId: string) {
  const [row] = await db
    .select({ id: streamLeases.id, deviceId: streamLeases.deviceId, expiresAt: streamLeases.expiresAt })
    .from(streamLeases)
    .where(and(eq(streamLeases.id, leaseId), eq(streamLeases.userId, userId)));
  return row ?? null;
}

/** Ends the lease now (idempotent); false when the member has no such lease. */
export async function releaseLease(db: Db, userId: string, leaseId: string): Promise<boolean> {
  const rows = await db
    .update(streamLeases)
    .set({ expiresAt: sql`least(${streamLeases.expiresAt}, now())` })
    .where(and(eq(streamLeases.id, leaseId), eq(streamLeases.userId, userId)))
    .returning({ id: streamLeases.id });
  return rows.length > 0;
}

/** Is this lease still live (the proxy asks only once a ticket is past its soft expiry)? */
export async function leaseIsLive(db: Db, userId: string, leaseId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: streamLeases.id })
    .from(streamLeases)
    .where(
      and(
        eq(streamLeases.id, leaseId),
        eq(streamLeases.userId, userId),
        gt(streamLeases.expiresAt, sql`now()`),
      ),
    );
  return row !== undefined;
}

/**
 * SECURITY-CHECKLIST 24, "the same ticket twice": the first client to fetch a lease's bytes owns
 * it; another client (other network or browser) presenting the same ticket is refused. Atomic: two
 * clients racing for a fresh lease cannot both win.
 */
export async function bindLeaseClient(db: Db, leaseId: string, clientKey: string): Promise<boolean> {
  const rows = await db
    .update(streamLeases)
    .set({ clientKey })
    .where(
      and(
        eq(streamLeases.id, leaseId),
        sql`(${streamLeases.clientKey} is null or ${streamLeases.clientKey} = ${clientKey})`,
      ),
    )
    .returning({ id: streamLeases.id });
  return rows.length > 0;
}
