import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "#db/client";
import { categories } from "#db/schema/catalogue";
import { scaled } from "#tests/support/time-scale";
import { createTestDatabase, testDbKind } from "../harness.ts";
import { startScript } from "./run-script.ts";

describe.skipIf(testDbKind !== "pglite")("db:backup and db:restore on the embedded database", () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "bobine-backup-"));
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  it(
    "restores into an empty DATA_DIR the rows and media that were backed up, and refuses a non-empty one",
    async () => {
      const source = path.join(root, "source");
      const db = await openDatabase({ dataDir: source });
      await db.migrate();
      await db.db.insert(categories).values({ name: "Sauvegardée", color: "#123456" });
      await db.close();
      fs.mkdirSync(path.join(source, "media/images"), { recursive: true });
      fs.writeFileSync(path.join(source, "media/images/affiche.svg"), "<svg/>");

      const out = path.join(root, "backup");
      const backup = startScript(["--import", "tsx", "scripts/db-backup.ts", "--out", out], {
        DATA_DIR: source,
      });
      expect(await backup.exited, backup.output()).toBe(0);

      const target = path.join(root, "target");
      const restore = startScript(["--import", "tsx", "scripts/db-restore.ts", out], { DATA_DIR: target });
      expect(await restore.exited, restore.output()).toBe(0);
      const restored = await openDatabase({ dataDir: target });
      const rows = await restored.db
        .select({ name: categories.name, color: categories.color })
        .from(categories);
      await restored.close();
      expect(rows).toEqual([{ name: "Sauvegardée", color: "#123456" }]);
      expect(fs.readFileSync(path.join(target, "media/images/affiche.svg"), "utf8")).toBe("<svg/>");

      const again = startScript(["--import", "tsx", "scripts/db-restore.ts", out], { DATA_DIR: target });
      expect(await again.exited).toBe(1);
      expect(again.output()).toContain("contient déjà une base");
    },
    scaled(120_000),
  );
});

describe.skipIf(testDbKind !== "postgres")("db:backup and db:restore on PostgreSQL", () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "bobine-backup-pg-"));
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  it(
    "restores with pg_restore the rows that pg_dump saved",
    async () => {
      const source = await createTestDatabase();
      const target = await createTestDatabase();
      try {
        await source.database.db.insert(categories).values({ name: "Sauvegardée", color: "#654321" });
        const out = path.join(root, "backup");
        const env = { DATA_DIR: path.join(root, "data"), DATABASE_URL: source.url as string };
        const backup = startScript(["--import", "tsx", "scripts/db-backup.ts", "--out", out], env);
        expect(await backup.exited, backup.output()).toBe(0);
        const restore = startScript(["--import", "tsx", "scripts/db-restore.ts", out], {
          ...env,
          DATABASE_URL: target.url as string,
        });
        expect(await restore.exited, restore.output()).toBe(0);
        const rows = await target.database.db
          .select({ name: categories.name, color: categories.color })
          .from(categories);
        expect(rows).toEqual([{ name: "Sauvegardée", color: "#654321" }]);
      } finally {
        await source.dispose();
        await target.dispose();
      }
    },
    scaled(120_000),
  );
});
