import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { openDatabase } from "#db/client";
import { DataDirLockedError } from "#db/data-dir-lock";
import { scaled } from "#tests/support/time-scale";
import { testDbKind } from "../harness.ts";

// The lock protects the embedded database only; on PostgreSQL there is nothing to test.
// Each opening of a new folder runs PGlite's initdb: 2 to 5 s on a calm machine, four times that in
// CI's Node 22.22/26 tiers (lowest priority, beside the e2e tier), where a test of two openings
// outlived the default 30 s (2026-11-28).
describe.skipIf(testDbKind !== "pglite")(
  "embedded database folder lock",
  { timeout: scaled(120_000) },
  () => {
    it("refuses a second opening of the same DATA_DIR while the first is open, and allows it after", async () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bobine-lock-"));
      const first = await openDatabase({ dataDir: dir });
      await expect(openDatabase({ dataDir: dir })).rejects.toBeInstanceOf(DataDirLockedError);
      await first.close();
      const second = await openDatabase({ dataDir: dir });
      await second.close();
      fs.rmSync(dir, { recursive: true, force: true });
    });

    it("takes over a lock naming this very pid that this process does not hold (a restarted container), or another host", async () => {
      for (const owner of [
        { pid: process.pid, host: os.hostname() },
        { pid: 1, host: "ancien-conteneur" },
      ]) {
        const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bobine-lock-"));
        fs.writeFileSync(path.join(dir, "bobine.lock"), JSON.stringify(owner));
        const db = await openDatabase({ dataDir: dir });
        await db.close();
        fs.rmSync(dir, { recursive: true, force: true });
      }
    });

    it("refuses while another process holds the folder, and takes over a lock left by a dead process", async () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bobine-lock-"));
      const holder = spawn(
        process.execPath,
        [
          "--import",
          "tsx",
          "-e",
          `import("#db/data-dir-lock").then(m => { m.acquireDataDirLock(${JSON.stringify(dir)}); console.log("held"); setInterval(() => {}, 1000); })`,
        ],
        { cwd: process.cwd(), stdio: ["ignore", "pipe", "inherit"] },
      );
      await new Promise<void>((resolve, reject) => {
        holder.stdout.on("data", (d: Buffer) => d.toString().includes("held") && resolve());
        holder.on("exit", () => reject(new Error("holder exited early")));
      });
      const err = await openDatabase({ dataDir: dir }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(DataDirLockedError);
      expect((err as Error).message).toContain("déjà utilisé");
      holder.kill("SIGKILL");
      await new Promise((r) => holder.on("exit", r));
      const db = await openDatabase({ dataDir: dir });
      await db.close();
      fs.rmSync(dir, { recursive: true, force: true });
    });
  },
);
