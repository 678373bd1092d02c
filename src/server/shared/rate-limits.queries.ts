import { sql } from "drizzle-orm";
import type { Db } from "#db/client";
import { rateLimits } from "#db/schema/auth";

interface Window {
  bucket: string;
  windowSeconds: number;
}

/**
 * One hit as one atomic upsert, so every server process shares the counter: a window older than
 * `windowSeconds` restarts at 1. With `below`, the hit counts only while the window holds fewer
 * (concurrent callers queue on the row): no row comes back when it is full.
 */
function upsertHit(db: Db, limit: Window, below?: number) {
  const expired = sql`${rateLimits.windowStart} <= now() - make_interval(secs => ${limit.windowSeconds})`;
  return db
    .insert(rateLimits)
    .values({ bucket: limit.bucket, hits: 1 })
    .onConflictDoUpdate({
      target: rateLimits.bucket,
      set: {
        hits: sql`case when ${expired} then 1 else ${rateLimits.hits} + 1 end`,
        windowStart: sql`case when ${expired} then now() else ${rateLimits.windowStart} end`,
      },
      ...(below === undefined ? {} : { setWhere: sql`${expired} or ${rateLimits.hits} < ${below}` }),
    })
    .returning({ hits: rateLimits.hits });
}

/** Counts a hit; the hits of the current window. */
export async function countHit(db: Db, limit: Window): Promise<number> {
  const [row] = await upsertHit(db, limit);
  return row?.hits ?? 1;
}

/** Counts a hit only while the window holds fewer than `max`: the new count, or null when full. */
export async function countHitBelow(db: Db, limit: Window & { max: number }): Promise<number | null> {
  const [row] = await upsertHit(db, limit, limit.max);
  return row ? row.hits : null;
}

/** Gives back one hit of the current window (a counted attempt that turned out not to count). */
export async function uncountHit(db: Db, bucket: string): Promise<void> {
  await db
    .update(rateLimits)
    .set({ hits: sql`greatest(${rateLimits.hits} - 1, 0)` })
    .where(sql`${rateLimits.bucket} = ${bucket}`);
}

/** Seconds until the current window of a bucket ends and its hits start again from zero. */
export async function secondsLeftInWindow(db: Db, limit: Window): Promise<number> {
  const rows = await db
    .select({
      left: sql<number>`extract(epoch from ${rateLimits.windowStart} + make_interval(secs => ${limit.windowSeconds}) - now())::float8`,
    })
    .from(rateLimits)
    .where(sql`${rateLimits.bucket} = ${limit.bucket}`);
  return Number(rows[0]?.left ?? limit.windowSeconds);
}

/** Counters whose window ended a day ago or more (maintenance). */
export async function purgeExpiredCounters(db: Db): Promise<void> {
  await db.delete(rateLimits).where(sql`${rateLimits.windowStart} < now() - interval '1 day'`);
}
