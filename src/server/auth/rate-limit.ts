import { sql } from "drizzle-orm";
import type { Db } from "#db/client";
import { rateLimits } from "#db/schema/auth";
import { AppError } from "../errors.ts";

/**
 * The part of a client address that identifies one client for rate limits: the whole IPv4 address,
 * but only the /64 prefix of an IPv6 one (a single subscriber usually holds a whole /64).
 */
export function clientKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1] as string;
  if (!ip.includes(":")) return ip;
  const [head = "", tail = ""] = ip.toLowerCase().split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const groups = ip.includes("::")
    ? [...left, ...Array(8 - left.length - right.length).fill("0"), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ""))
    .join(":")}::/64`;
}

export interface Limit {
  /** Bucket name, e.g. `login-ip:203.0.113.9`. */
  bucket: string;
  max: number;
  windowSeconds: number;
}

/**
 * Fixed-window counter in the database, so every server process shares it. One atomic upsert per
 * hit: a window older than `windowSeconds` restarts at 1.
 */
export async function hit(db: Db, limit: Limit): Promise<number> {
  const window = sql`make_interval(secs => ${limit.windowSeconds})`;
  const [row] = await db
    .insert(rateLimits)
    .values({ bucket: limit.bucket, hits: 1 })
    .onConflictDoUpdate({
      target: rateLimits.bucket,
      set: {
        hits: sql`case when ${rateLimits.windowStart} <= now() - ${window} then 1 else ${rateLimits.hits} + 1 end`,
        windowStart: sql`case when ${rateLimits.windowStart} <= now() - ${window} then now() else ${rateLimits.windowStart} end`,
      },
    })
    .returning({ hits: rateLimits.hits });
  return row?.hits ?? 1;
}

/** Counts a hit and throws RATE_LIMITED ('Trop de requêtes') past the limit. */
export async function consume(db: Db, limit: Limit): Promise<void> {
  if ((await hit(db, limit)) > limit.max) throw new AppError("RATE_LIMITED");
}

/** Hits so far in the current window, without counting one. */
export async function current(db: Db, limit: Limit): Promise<number> {
  const rows = await db
    .select({ hits: rateLimits.hits })
    .from(rateLimits)
    .where(
      sql`${rateLimits.bucket} = ${limit.bucket} and ${rateLimits.windowStart} > now() - make_interval(secs => ${limit.windowSeconds})`,
    );
  return rows[0]?.hits ?? 0;
}

export async function purgeExpired(db: Db): Promise<void> {
  await db.delete(rateLimits).where(sql`${rateLimits.windowStart} < now() - interval '1 day'`);
}
