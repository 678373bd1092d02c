import { setTimeout as sleep } from "node:timers/promises";
import { operatorMessages } from "#contract/operator";
import { type Database, openDatabase } from "#db/client";
import { DataDirLockedError } from "#db/data-dir-lock";
import { hasDemoAccounts, isDatabaseEmpty, seedDemo } from "#db/seed/demo";
import { AdminAccountError, createAdministrator } from "./auth/admin-accounts.ts";
import { administratorCount } from "./shared/accounts.queries.ts";
import type { Config } from "./shared/config.ts";
import { isDatabaseUnavailable, sqlState } from "./shared/db-errors.ts";
import { hashPassword } from "./shared/password.ts";

/** A start-up failure told to the operator in French, with the setting to check: no stack trace. */
export class StartupError extends Error {}

/**
 * Opens and migrates the database, then seeds the French demo catalogue when asked: on an empty
 * embedded database by default (SEED_DEMO=auto), never on PostgreSQL unless SEED_DEMO=true.
 * A PostgreSQL that does not answer yet is waited for (DATABASE_START_TIMEOUT_SECONDS).
 */
export async function prepareDatabase(
  config: Config,
  log: (msg: string) => void,
): Promise<{ database: Database; seeded: boolean; hasDemoAccounts: boolean }> {
  const database = await openConfiguredDatabase(config);
  try {
    await waitForDatabase(database, config, log);
    const wantSeed = config.seedDemo === "true" || (config.seedDemo === "auto" && database.kind === "pglite");
    let seeded = false;
    // The emptiness check, the seed and the first administrator run under the migrations' lock:
    // processes starting together on one empty database fill it once, and all come up.
    await database.migrate(async (db) => {
      if (wantSeed && (await isDatabaseEmpty(db))) {
        await seedDemo(db, {
          mediaDir: config.mediaDir,
          demoPassword: config.demoPassword,
          hashPassword,
          log,
        });
        seeded = true;
      }
      // ADMIN_EMAIL/ADMIN_USERNAME/ADMIN_PASSWORD: the first administrator, only while there is none.
      if (config.bootstrapAdmin && (await administratorCount(db)) === 0) {
        await createAdministrator(db, config.bootstrapAdmin, config.passwordMinLength);
        log(operatorMessages.administratorCreated(config.bootstrapAdmin.username));
      }
    });
    return { database, seeded, hasDemoAccounts: await hasDemoAccounts(database.db) };
  } catch (err) {
    await database.close().catch(() => {});
    throw asStartupError(err, config);
  }
}

/** The configured database, its failures to open told in French (PGlite: DATA_DIR). */
export async function openConfiguredDatabase(config: Config): Promise<Database> {
  try {
    return await openDatabase({
      url: config.databaseUrl,
      dataDir: config.databaseUrl ? undefined : config.dataDir,
      poolMax: config.databasePoolMax,
      timeoutMs: config.faults.databaseTimeoutMs,
    });
  } catch (err) {
    throw asStartupError(err, config, "open");
  }
}

/**
 * Waits for a database server that is not there yet (a container starting with its database, a
 * restart of PostgreSQL): one French line per attempt, attempts further apart each time, until
 * DATABASE_START_TIMEOUT_SECONDS; then a StartupError naming the cause and the settings to check.
 * Errors that waiting cannot cure (a wrong password) are told at once.
 */
export async function waitForDatabase(database: Database, config: Config, log: (msg: string) => void) {
  const started = Date.now();
  const limit = config.faults.databaseStartTimeoutMs;
  for (let attempt = 1; ; attempt++) {
    try {
      await database.reach();
      return;
    } catch (err) {
      // A database that does not exist will not appear by waiting.
      if (!isDatabaseUnavailable(err) || sqlState(err) === "3D000") throw asStartupError(err, config, "open");
      const left = limit - (Date.now() - started);
      if (left <= 0) {
        throw new StartupError(operatorMessages.databaseUnreachable(Math.round(limit / 1000), causeOf(err)));
      }
      const delay = Math.min(500 * 2 ** (attempt - 1), 5000, left);
      log(operatorMessages.databaseWaiting(attempt, causeOf(err), Math.round(delay / 100) / 10));
      await sleep(delay);
    }
  }
}

/** The cause of a start-up failure in a few French words (the driver's own words otherwise). */
function causeOf(err: unknown): string {
  const causes = operatorMessages.startCauses;
  const state = sqlState(err);
  if (state && causes[state]) return causes[state];
  for (
    let e = err as { code?: unknown; message?: unknown; cause?: unknown } | undefined, i = 0;
    e && i < 5;
    i++
  ) {
    if (typeof e.code === "string" && causes[e.code]) return causes[e.code] as string;
    if (typeof e.message === "string") {
      if (/timeout|timed out/i.test(e.message)) return causes.timeout as string;
      if (/Connection terminated|connection error/i.test(e.message)) return causes.lost as string;
    }
    e = e.cause as typeof e;
  }
  return state ?? (err instanceof Error ? err.message.split("\n")[0] : String(err)) ?? "";
}

const isDiskFull = (err: unknown) => {
  const cause = causeOf(err);
  return cause === operatorMessages.startCauses.ENOSPC || /No space left on device/i.test(String(err));
};

/**
 * A failure of the start as a French StartupError when its cause is known (the database, the
 * disk, the embedded folder); the operator's own errors and unknown ones pass unchanged.
 */
export function asStartupError(err: unknown, config: Config, phase: "open" | "prepare" = "prepare"): unknown {
  if (err instanceof StartupError || err instanceof DataDirLockedError || err instanceof AdminAccountError) {
    return err;
  }
  if (isDiskFull(err)) return new StartupError(operatorMessages.diskFull(config.dataDir));
  if (!config.databaseUrl) {
    return phase === "open"
      ? new StartupError(operatorMessages.pgliteOpenFailed(config.dataDir, causeOf(err)))
      : err;
  }
  const state = sqlState(err);
  if (state?.startsWith("28") || state === "3D000")
    return new StartupError(operatorMessages.databaseRefused(causeOf(err)));
  if (isDatabaseUnavailable(err)) {
    return new StartupError(
      operatorMessages.databaseUnreachable(
        Math.round(config.faults.databaseStartTimeoutMs / 1000),
        causeOf(err),
      ),
    );
  }
  return err;
}
