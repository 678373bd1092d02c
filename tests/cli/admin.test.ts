import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "#db/client";
import { profiles, users } from "#db/schema/auth";
import { scaled } from "#tests/support/time-scale";
import { testDbKind } from "../harness.ts";
import { templatePath } from "../pglite-template.ts";
import { startScript } from "./run-script.ts";

describe.skipIf(testDbKind !== "pglite")("admin:create and admin:promote", () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bobine-admin-"));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  const run = (args: string[]) =>
    startScript(["--import", "tsx", "scripts/admin.ts", ...args], { DATA_DIR: dataDir, SEED_DEMO: "false" });

  it(
    "creates the first administrator, refuses a duplicate or a weak password, and promotes a member",
    async () => {
      // The data folder starts from the migrated template (initdb under WASM costs seconds).
      if (fs.existsSync(templatePath())) {
        const seeded = await openDatabase({
          dataDir,
          loadDataDir: new Blob([fs.readFileSync(templatePath())]),
        });
        await seeded.close();
      }
      const weak = run([
        "create",
        "--email",
        "chef@orange.fr",
        "--username",
        "chef",
        "--password",
        "azerty123",
      ]);
      expect(await weak.exited).toBe(2);
      expect(weak.output()).toContain("trop courant");

      const ok = run([
        "create",
        "--email",
        "chef@orange.fr",
        "--username",
        "chef",
        "--password",
        "Projection-privee-2026",
      ]);
      expect(await ok.exited, ok.output()).toBe(0);
      const dup = run([
        "create",
        "--email",
        "CHEF@orange.fr",
        "--username",
        "autre",
        "--password",
        "Projection-privee-2026",
      ]);
      expect(await dup.exited).toBe(2);

      const missing = run(["promote", "--user", "personne"]);
      expect(await missing.exited).toBe(2);
      expect(missing.output()).toContain("Aucun compte");

      const db = await openDatabase({ dataDir });
      const [member] = await db.db
        .insert(users)
        .values({ email: "Adjoint@orange.fr", emailVerified: true })
        .returning();
      await db.db.insert(profiles).values({ id: member?.id as string, username: "adjoint" });
      await db.close();
      const promote = run(["promote", "--user", "adjoint@ORANGE.fr"]);
      expect(await promote.exited, promote.output()).toBe(0);

      const after = await openDatabase({ dataDir });
      const rows = await after.db
        .select({ username: profiles.username, role: profiles.role })
        .from(profiles)
        .orderBy(profiles.username);
      await after.close();
      expect(rows).toEqual([
        { username: "adjoint", role: "admin" },
        { username: "chef", role: "admin" },
      ]);
    },
    scaled(150_000),
  );
});
