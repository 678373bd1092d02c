import { inArray, sql } from "drizzle-orm";
import { type Database, openDatabase } from "#db/client";
import { profiles } from "#db/schema/auth";
import { isDatabaseEmpty, seedDemo } from "#db/seed/demo";
import { administratorCount, createAdministrator } from "./auth/admin-accounts.ts";
import { hashPassword } from "./auth/password.ts";
import type { Config } from "./config.ts";

export const demoUsernames = ["demo-admin", "demo-premium", "demo-membre"] as const;

/**
 * Opens and migrates the database, then seeds the French demo catalogue when asked: on an empty
 * embedded database by default (SEED_DEMO=auto), never on PostgreSQL unless SEED_DEMO=true.
 */
export async function prepareDatabase(
  config: Config,
  log: (msg: string) => void,
): Promise<{ database: Database; seeded: boolean; hasDemoAccounts: boolean }> {
  const database = await openDatabase({
    url: config.databaseUrl,
    dataDir: config.databaseUrl ? undefined : config.dataDir,
    poolMax: config.databasePoolMax,
  });
  try {
    await database.migrate();
    const wantSeed = config.seedDemo === "true" || (config.seedDemo === "auto" && database.kind === "pglite");
    let seeded = false;
    if (wantSeed && (await isDatabaseEmpty(database.db))) {
      await seedDemo(database.db, {
        mediaDir: config.mediaDir,
        demoPassword: config.demoPassword,
        hashPassword,
        log,
      });
      seeded = true;
    }
    // ADMIN_EMAIL/ADMIN_USERNAME/ADMIN_PASSWORD: the first administrator, only while there is none.
    if (config.bootstrapAdmin && (await administratorCount(database.db)) === 0) {
      try {
        await createAdministrator(database.db, config.bootstrapAdmin, config.passwordMinLength);
        log(`Administrateur « ${config.bootstrapAdmin.username} » créé depuis ADMIN_*.`);
      } catch (err) {
        // Several processes starting at once on one PostgreSQL: the first one created it.
        const code =
          (err as { cause?: { code?: string }; code?: string }).cause?.code ??
          (err as { code?: string }).code;
        if (code !== "23505") throw err;
      }
    }
    const [demo] = await database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(profiles)
      .where(inArray(profiles.username, [...demoUsernames]));
    return { database, seeded, hasDemoAccounts: (demo?.n ?? 0) > 0 };
  } catch (err) {
    await database.close();
    throw err;
  }
}
