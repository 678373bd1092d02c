import fs from "node:fs/promises";
import { health, healthLive, healthReady } from "#contract/system";
import type { AppContext, DomainPlugin } from "../shared/context.ts";
import { router } from "../shared/route.ts";

/** A database answer this recent is reused by /api/health. */
const HEALTH_FRESH_MS = 200;
/** How long /api/health waits for the database before saying it does not answer. */
const HEALTH_PING_MS = 600;

/**
 * The database's state as /api/health tells it (docs/decisions/032-health-without-round-trip.md):
 * one ping at a time for every caller, its answer reused for HEALTH_FRESH_MS. Under load the
 * endpoint thus costs no database round trip per call (five pings a second at most), and a
 * database that stops or freezes is said within HEALTH_FRESH_MS + HEALTH_PING_MS (0.8 s) of it.
 */
function databaseState(ping: (ms: number) => Promise<boolean>, now: () => number = Date.now) {
  let last: { ok: boolean; at: number } | undefined;
  let pending: Promise<boolean> | undefined;
  return (): boolean | Promise<boolean> => {
    if (last && now() - last.at < HEALTH_FRESH_MS) return last.ok;
    if (!pending) {
      pending = ping(HEALTH_PING_MS).then((ok) => {
        last = { ok, at: now() };
        pending = undefined;
        return ok;
      });
    }
    return pending;
  };
}

/**
 * The server's state for load balancers and operators: alive (`/api/health/live`, and
 * `/api/health` with the database's answer within a second) and ready (`/api/health/ready`).
 */
export const systemRoutes: DomainPlugin = async (app, ctx) => {
  const route = router(app, ctx);
  const databaseAnswers = databaseState((ms) => ctx.database.ping(ms));
  route(health, async ({ reply, user }) => {
    const databaseOk = await databaseAnswers();
    if (!databaseOk) reply.code(503);
    return {
      status: databaseOk ? ("ok" as const) : ("degraded" as const),
      databaseOk,
      ...(user?.role === "admin" ? { database: ctx.database.kind, version: ctx.config.version } : {}),
    };
  });

  route(healthLive, async () => ({ status: "ok" as const }));

  route(healthReady, async ({ reply }) => {
    const [database, disk, outbox] = await Promise.all([
      ctx.database.writable(ctx.config.faults.databaseTimeoutMs),
      enoughDisk(ctx),
      ctx.mailer.ready(),
    ]);
    const ready = database && disk && outbox;
    if (!ready) reply.code(503);
    return {
      status: ready ? ("ready" as const) : ("not-ready" as const),
      checks: { database, disk, outbox },
    };
  });
};

/** Free space in DATA_DIR (uploads, the outbox, the embedded database) above the threshold. */
async function enoughDisk({ config }: Pick<AppContext, "config">): Promise<boolean> {
  try {
    await fs.mkdir(config.dataDir, { recursive: true });
    const stats = await fs.statfs(config.dataDir);
    return stats.bavail * stats.bsize >= config.faults.minFreeDiskBytes;
  } catch {
    return false;
  }
}
