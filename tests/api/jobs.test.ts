import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { type Database, openDatabase } from "#db/client";
import { type Jobs, jobQueue, openJobs } from "#server/shared/jobs";
import { createTestDatabase, type TestDatabase, testDbKind } from "../harness.ts";
import { silentLog } from "../support/silent-log.ts";

/**
 * Background jobs on pg-boss (docs/decisions/011-jobs.md), on both databases: a job runs once, is
 * retried when its handler fails, exists only if the transaction that sent it commits, and is taken
 * by one worker only when several processes work the same queue.
 */
let testDb: TestDatabase;
let jobs: Jobs;
beforeAll(async () => {
  testDb = await createTestDatabase();
  jobs = await openJobs({ database: testDb.database, log: silentLog, worksQueues: true, pollSeconds: 0.5 });
});
afterAll(async () => {
  await jobs.stop(1000);
  await testDb.dispose();
});

/** Waits until `check` holds (jobs are asynchronous), failing after `seconds`. */
async function eventually(check: () => boolean | Promise<boolean>, seconds = 20) {
  const until = Date.now() + seconds * 1000;
  while (!(await check())) {
    if (Date.now() > until) throw new Error("condition not reached");
    await new Promise((r) => setTimeout(r, 100));
  }
}

let n = 0;
const queueName = () => `test-queue-${++n}-${Math.random().toString(36).slice(2, 8)}`;

describe("background jobs", () => {
  it("runs a job sent to a queue once, with the data it was sent", async () => {
    const queue = jobQueue({ name: queueName(), data: z.object({ title: z.string() }) });
    const seen: string[] = [];
    await jobs.work(queue, async (data) => {
      seen.push(data.title);
    });
    await jobs.send(queue, { title: "Cœur de pierre" });
    await eventually(() => seen.length === 1);
    await new Promise((r) => setTimeout(r, 1500));
    expect(seen).toEqual(["Cœur de pierre"]);
  });

  it("retries a failing job until it succeeds", async () => {
    const queue = jobQueue({
      name: queueName(),
      data: z.object({}),
      retryLimit: 3,
      retryDelaySeconds: 1,
    });
    const attempts: number[] = [];
    await jobs.work(queue, async (_data, job) => {
      attempts.push(job.retryCount);
      if (job.retryCount < 2) throw new Error("le récepteur ne répond pas");
    });
    await jobs.send(queue, {});
    await eventually(() => attempts.length === 3, 30);
    expect(attempts).toEqual([0, 1, 2]);
  });

  it("refuses to send data that does not have the queue's shape", async () => {
    const queue = jobQueue({ name: queueName(), data: z.object({ videoId: z.uuid() }) });
    await expect(jobs.send(queue, { videoId: "pas-un-identifiant" })).rejects.toThrow();
  });

  it("creates a job sent inside a transaction only if the transaction commits", async () => {
    const queue = jobQueue({ name: queueName(), data: z.object({ label: z.string() }) });
    const seen: string[] = [];
    await jobs.work(queue, async (data) => {
      seen.push(data.label);
    });
    await testDb.database.db
      .transaction(async (tx) => {
        await jobs.send(queue, { label: "annulé" }, { tx });
        throw new Error("rollback");
      })
      .catch(() => {});
    await testDb.database.db.transaction(async (tx) => {
      await jobs.send(queue, { label: "validé" }, { tx });
    });
    await eventually(() => seen.length >= 1);
    await new Promise((r) => setTimeout(r, 1500));
    expect(seen).toEqual(["validé"]);
  });

  it("retries the job of a worker that died mid-job, and it completes", async () => {
    const queue = jobQueue({
      name: queueName(),
      data: z.object({}),
      expireInSeconds: 1,
      retryDelaySeconds: 1,
    });
    const dying = await openJobs({
      database: testDb.database,
      log: silentLog,
      worksQueues: true,
      pollSeconds: 0.5,
    });
    let started = false;
    await dying.work(queue, async () => {
      started = true;
      await new Promise(() => {}); // never finishes: the process "dies" below
    });
    await dying.send(queue, {});
    await eventually(() => started);
    await dying.stop(0);

    const rescuer = await openJobs({
      database: testDb.database,
      log: silentLog,
      worksQueues: true,
      pollSeconds: 0.5,
      superviseSeconds: 1,
    });
    try {
      const done: number[] = [];
      await rescuer.work(queue, async (_data, job) => {
        done.push(job.retryCount);
      });
      await eventually(() => done.length === 1, 60);
      expect(done[0]).toBeGreaterThanOrEqual(1);
    } finally {
      await rescuer.stop(1000);
    }
  });
});

describe.runIf(testDbKind === "postgres")("background jobs across processes", () => {
  let other: Database;
  let otherJobs: Jobs;
  beforeAll(async () => {
    other = await openDatabase({ url: testDb.url as string, poolMax: 4 });
    otherJobs = await openJobs({ database: other, log: silentLog, worksQueues: true, pollSeconds: 0.5 });
  });
  afterAll(async () => {
    await otherJobs.stop(1000);
    await other.close();
  });

  it("never gives the same job to two processes working one queue", async () => {
    const queue = jobQueue({ name: queueName(), data: z.object({ i: z.number() }), concurrency: 3 });
    const taken: { process: string; i: number }[] = [];
    const handler = (process: string) => async (data: { i: number }) => {
      taken.push({ process, i: data.i });
      await new Promise((r) => setTimeout(r, 20));
    };
    await jobs.work(queue, handler("a"));
    await otherJobs.work(queue, handler("b"));
    for (let i = 0; i < 40; i++) await jobs.send(queue, { i });
    await eventually(() => taken.length >= 40, 60);
    await new Promise((r) => setTimeout(r, 1500));
    expect(taken.map((t) => t.i).sort((x, y) => x - y)).toEqual([...Array(40).keys()]);
  });
});
