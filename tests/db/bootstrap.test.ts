import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { profiles } from "#db/schema/auth";
import { prepareDatabase } from "#server/bootstrap";
import { loadConfig } from "#server/shared/config";
import { scaled } from "#tests/support/time-scale";
import { testDbKind } from "../harness.ts";

describe.skipIf(testDbKind !== "pglite")("start-up preparation", () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bobine-boot-"));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it(
    "creates the administrator given by ADMIN_* once, only while there is none, and seeds nothing when told not to",
    async () => {
      const config = loadConfig({
        DATA_DIR: dataDir,
        SEED_DEMO: "false",
        ADMIN_EMAIL: "premier@orange.fr",
        ADMIN_USERNAME: "premier-admin",
        ADMIN_PASSWORD: "Salle-obscure-2026",
      });
      const logs: string[] = [];
      for (let run = 0; run < 2; run++) {
        const { database, seeded } = await prepareDatabase(config, (m) => logs.push(m));
        expect(seeded).toBe(false);
        const rows = await database.db
          .select({ username: profiles.username, role: profiles.role })
          .from(profiles);
        await database.close();
        expect(rows).toEqual([{ username: "premier-admin", role: "admin" }]);
      }
      expect(logs.filter((l) => l.includes("premier-admin"))).toHaveLength(1);
    },
    scaled(60_000),
  );
});
