import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { operatorMessages } from "#contract/operator";
import { scaled } from "#tests/support/time-scale";
import { testDbKind } from "../harness.ts";
import { freePort } from "../nginx.ts";
import { startScript } from "./run-script.ts";

/** A stack trace line, as Node prints them. */
const STACK = /\n\s+at /;

// What the operator reads when the start cannot succeed: French, the cause, the setting to check,
// no stack trace, a non-zero exit. (No database is needed: run once, in the PGlite project.)
describe.skipIf(testDbKind !== "pglite")("npm start when it cannot start", () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bobine-start-fail-"));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  const env = { DATA_DIR: dataDir, PORT: "0", HOST: "127.0.0.1", SERVE_WEB: "false" };

  it(
    "waits for an unreachable PostgreSQL with a French line per attempt, then names the cause and the settings",
    async () => {
      // A port nobody listens on: every connection refused.
      const port = await freePort();
      const run = startScript(["scripts/start.mjs"], {
        ...env,
        DATABASE_URL: `postgres://bobine@127.0.0.1:${port}/bobine`,
        DATABASE_START_TIMEOUT_SECONDS: "2",
      });
      expect(await run.exited).toBe(1);
      const out = run.output();
      expect(out).toContain(
        operatorMessages.databaseWaiting(1, operatorMessages.startCauses.ECONNREFUSED as string, 0.5),
      );
      expect(out).toContain(
        operatorMessages.databaseUnreachable(2, operatorMessages.startCauses.ECONNREFUSED as string),
      );
      expect(out).toContain("DATABASE_START_TIMEOUT_SECONDS");
      expect(out).not.toMatch(STACK);
    },
    scaled(60_000),
  );

  it(
    "says in French that the embedded database cannot open in DATA_DIR",
    async () => {
      // DATA_DIR is a file: the folder cannot be made.
      const file = path.join(dataDir, "not-a-folder");
      fs.writeFileSync(file, "");
      const run = startScript(["scripts/start.mjs"], { ...env, DATA_DIR: file });
      expect(await run.exited).toBe(1);
      const out = run.output();
      expect(out).toContain("DATA_DIR");
      expect(out).toContain("PGlite");
      expect(out).not.toMatch(STACK);
    },
    scaled(60_000),
  );
});
