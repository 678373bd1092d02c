import { sql } from "drizzle-orm";
import type { Db } from "#db/client";
import { signupRequests } from "#db/schema/auth";
import { SIGNUP_TTL_HOURS } from "./auth/auth.service.ts";
import { purgeExpired } from "./auth/rate-limit.ts";
import { purgeExpiredSessions } from "./auth/session.ts";

/** Housekeeping every process may run (each statement is idempotent): expired sign-ups, sessions, counters. */
export async function runMaintenance(db: Db) {
  await db
    .delete(signupRequests)
    .where(sql`${signupRequests.createdAt} < now() - make_interval(hours => ${SIGNUP_TTL_HOURS})`);
  await purgeExpiredSessions(db);
  await purgeExpired(db);
}

export function scheduleMaintenance(db: Db, onError: (err: unknown) => void): () => void {
  const timer = setInterval(() => runMaintenance(db).catch(onError), 3600 * 1000);
  timer.unref();
  return () => clearInterval(timer);
}
