import { z } from "zod";
import type { Db } from "#db/client";
import { purgeExpiredSignups } from "./auth/auth.queries.ts";
import { SIGNUP_TTL_HOURS } from "./auth/sign-up.service.ts";
import type { DomainWorkers } from "./shared/context.ts";
import { jobQueue } from "./shared/jobs.ts";
import { purgeExpiredCounters } from "./shared/rate-limits.queries.ts";
import { purgeExpiredSessions } from "./shared/session.queries.ts";

/** Housekeeping (each statement is idempotent): expired sign-ups, sessions, counters. */
export async function runMaintenance(db: Db) {
  await purgeExpiredSignups(db, SIGNUP_TTL_HOURS);
  await purgeExpiredSessions(db);
  await purgeExpiredCounters(db);
}

/** Hourly, once for all processes (docs/decisions/011-jobs.md). */
export const maintenanceQueue = jobQueue({
  name: "maintenance",
  data: z.object({}),
  retryLimit: 2,
  expireInSeconds: 10 * 60,
});

export const maintenanceWorkers: DomainWorkers = async ({ jobs, db }) => {
  await jobs.work(maintenanceQueue, () => runMaintenance(db));
  await jobs.schedule(maintenanceQueue, "17 * * * *", {});
};
