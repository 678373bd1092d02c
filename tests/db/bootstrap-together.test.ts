import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { profiles } from "#db/schema/auth";
import { prepareDatabase } from "#server/bootstrap";
import { loadConfig } from "#server/shared/config";
import { scaled } from "#tests/support/time-scale";
import { createTestDatabase, type TestDatabase, testDbKind } from "../harness.ts";

// Several processes starting at once on one empty PostgreSQL (a deployment scaled to three): the
// emptiness check, the demo seed and the first administrator must not race. (PGlite: one process
// per folder, data-dir-lock.ts.)
describe.skipIf(testDbKind !== "postgres")("start-up preparation of processes starting together", () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bobine-boot-together-"));
  const scratch: TestDatabase[] = [];
  afterAll(async () => {
    for (const db of scratch) await db.dispose();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  async function startThree(env: Record<string, string>) {
    const testDb = await createTestDatabase();
    scratch.push(testDb);
    const config = loadConfig({ DATA_DIR: dataDir, DATABASE_URL: testDb.url as string, ...env });
    const results = await Promise.allSettled([0, 1, 2].map(() => prepareDatabase(config, () => {})));
    for (const r of results) if (r.status === "fulfilled") await r.value.database.close();
    expect(results.map((r) => (r.status === "rejected" ? String(r.reason) : "ok"))).toEqual([
      "ok",
      "ok",
      "ok",
    ]);
    return {
      testDb,
      results: results as PromiseFulfilledResult<Awaited<ReturnType<typeof prepareDatabase>>>[],
    };
  }

  it(
    "all come up with the demo seed, which is made once",
    async () => {
      const { results } = await startThree({ SEED_DEMO: "true" });
      expect(results.filter((r) => r.value.seeded)).toHaveLength(1);
      expect(results.every((r) => r.value.hasDemoAccounts)).toBe(true);
    },
    scaled(120_000),
  );

  it(
    "all come up with ADMIN_*, which creates one administrator",
    async () => {
      const { testDb } = await startThree({
        SEED_DEMO: "false",
        ADMIN_EMAIL: "premier@orange.fr",
        ADMIN_USERNAME: "premier-admin",
        ADMIN_PASSWORD: "Salle-obscure-2026",
      });
      const admins = await testDb.database.db
        .select({ username: profiles.username })
        .from(profiles)
        .where(eq(profiles.role, "admin"));
      expect(admins).toEqual([{ username: "premier-admin" }]);
    },
    scaled(120_000),
  );
});
