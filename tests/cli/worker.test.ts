import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { operatorMessages } from "#contract/operator";
import { jobQueue, openJobs } from "#server/shared/jobs";
import { backgroundWorkers } from "#server/workers";
import { createTestDatabase, testDbKind } from "../harness.ts";
import { silentLog } from "../support/silent-log.ts";
import { startScript, waitForOutput } from "./run-script.ts";

describe("npm run worker", () => {
  it("refuses to start without a shared PostgreSQL, in French, with the setting to set", async () => {
    const run = startScript(["scripts/worker.mjs"], { DATABASE_URL: "" });
    expect(await run.exited).toBe(2);
    expect(run.output()).toContain(operatorMessages.workerNeedsPostgres);
    expect(run.output()).not.toMatch(/\n\s+at /);
  });

  it.runIf(testDbKind === "postgres")(
    "works the jobs the server sends to a shared PostgreSQL, then stops cleanly on SIGTERM",
    async () => {
      const testDb = await createTestDatabase();
      // The server side only enqueues (JOBS_IN_PROCESS=false): the maintenance job is the worker's.
      const sender = await openJobs({
        database: testDb.database,
        log: silentLog,
        worksQueues: false,
        pollSeconds: 1,
      });
      const worker = startScript(["scripts/worker.mjs"], { DATABASE_URL: testDb.url as string });
      try {
        await waitForOutput(worker, operatorMessages.workerReady(backgroundWorkers.length).trim());
        const maintenance = jobQueue({ name: "maintenance", data: z.object({}) });
        const id = await sender.send(maintenance, {});
        expect(id).toBeTruthy();
        const done = async () => {
          const rows = await testDb.database.db.execute(
            // pg-boss's own table: the job the worker completed.
            sql`select state from pgboss.job where id = ${id}`,
          );
          return (rows as unknown as { rows: { state: string }[] }).rows[0]?.state;
        };
        const until = Date.now() + 30_000;
        while ((await done()) !== "completed" && Date.now() < until)
          await new Promise((r) => setTimeout(r, 200));
        expect(await done()).toBe("completed");
      } finally {
        worker.proc.kill("SIGTERM");
        expect(await worker.exited).toBe(0);
        await sender.stop(1000);
        await testDb.dispose();
      }
    },
    90_000,
  );
});
