import type { FastifyBaseLogger } from "fastify";
import { fromPglite, PgBoss } from "pg-boss";
import type { z } from "zod";
import type { Database, Db } from "#db/client";
import { jobsInTransaction } from "./jobs.queries.ts";

/**
 * Background work (ARCHITECTURE: "a job in pg-boss on the same database, never a setInterval";
 * docs/decisions/011-jobs.md). A queue is declared once with the shape of its data and its retry
 * policy; any process may send to it; the processes that work queues — every server by default,
 * `npm run worker` processes at scale — run the handlers. A job is claimed by one worker only
 * (SKIP LOCKED), retried with backoff when its handler throws, and retried again when its worker
 * dies mid-job (its claim expires).
 */
export interface JobQueue<T> {
  /** pg-boss queue name: kebab-case, stable (renaming one strands its waiting jobs). */
  name: string;
  /** The data every job of the queue carries, checked when it is sent and when it is worked. */
  data: z.ZodType<T>;
  /** Retries after the first attempt (default 3). */
  retryLimit?: number;
  /** Seconds before the first retry; doubled at each retry (default 10). */
  retryDelaySeconds?: number;
  /** Longest a handler may run before its claim expires and the job is retried (default 15 min). */
  expireInSeconds?: number;
  /** How many jobs of this queue one process works at once (default 1). */
  concurrency?: number;
  /**
   * Long jobs (transcoding): the worker beats every half of this while the handler runs, and a job
   * whose beats stop (its worker was killed) is retried after this long, whatever expireInSeconds.
   */
  heartbeatSeconds?: number;
}

export const jobQueue = <T>(queue: JobQueue<T>): JobQueue<T> => queue;

export interface SendOptions {
  /** Not before this instant. */
  startAfter?: Date;
  /** At most one waiting job with this key in the queue (a second send is dropped: returns null). */
  singletonKey?: string;
  /** Higher runs first among the queue's waiting jobs (default 0). */
  priority?: number;
  /**
   * Inside this transaction: the job exists only if the transaction commits (an outbox without a
   * second table).
   */
  tx?: Db;
}

export interface JobContext {
  id: string;
  /** 0 on the first attempt. */
  retryCount: number;
  /** Aborted when the process stops or the claim expires: long handlers should stop then. */
  signal: AbortSignal;
}

export type JobHandler<T> = (data: T, job: JobContext) => Promise<void>;

export interface Jobs {
  send<T>(queue: JobQueue<T>, data: T, options?: SendOptions): Promise<string | null>;
  /**
   * Creates the queue if it does not exist yet. Sending inside a transaction on the embedded
   * database needs it first: PGlite's one connection would wait for the transaction to end.
   */
  prepare<T>(queue: JobQueue<T>): Promise<void>;
  /** Works the queue in this process (only where workers run: see `worksQueues`). */
  work<T>(queue: JobQueue<T>, handler: JobHandler<T>): Promise<void>;
  /** A recurring job (cron, Europe/Paris): created once for all processes, sent by whichever runs the clock. */
  schedule<T>(queue: JobQueue<T>, cron: string, data: T): Promise<void>;
  /** Whether this process works queues (JOBS_IN_PROCESS, or a worker process). */
  readonly worksQueues: boolean;
  /** Finishes the jobs in hand (up to `timeoutMs`), then stops. */
  stop(timeoutMs?: number): Promise<void>;
}

const TIME_ZONE = "Europe/Paris";

function queueOptions(queue: JobQueue<unknown>) {
  return {
    retryLimit: queue.retryLimit ?? 3,
    retryDelay: queue.retryDelaySeconds ?? 10,
    retryBackoff: true,
    expireInSeconds: queue.expireInSeconds ?? 15 * 60,
    ...(queue.heartbeatSeconds ? { heartbeatSeconds: queue.heartbeatSeconds } : {}),
    // A job sent wakes the workers at once; polling is the floor when the listener is down.
    notify: true,
  };
}

export interface JobsOptions {
  database: Database;
  log: FastifyBaseLogger;
  /** Work queues in this process. */
  worksQueues: boolean;
  pollSeconds: number;
  /** Scheduled jobs are sent by processes that run the clock (the workers). */
  runsSchedules?: boolean;
  /** How often a worker process looks for expired claims (a dead worker's jobs); default 60 s. */
  superviseSeconds?: number;
}

/** Starts pg-boss on the application's database (it installs or upgrades its own schema, `pgboss`). */
export async function openJobs(opts: JobsOptions): Promise<Jobs> {
  const { database, log, worksQueues, pollSeconds } = opts;
  const connection = database.queueConnection();
  const boss =
    connection.kind === "postgres"
      ? new PgBoss({
          connectionString: connection.url,
          max: 3,
          application_name: "bobine-jobs",
          useListenNotify: true,
          schedule: opts.runsSchedules ?? worksQueues,
          supervise: worksQueues,
          ...(opts.superviseSeconds ? { superviseIntervalSeconds: opts.superviseSeconds } : {}),
        })
      : new PgBoss({
          db: fromPglite(connection.client),
          backend: "pglite",
          useListenNotify: true,
          schedule: opts.runsSchedules ?? worksQueues,
          supervise: worksQueues,
          ...(opts.superviseSeconds ? { superviseIntervalSeconds: opts.superviseSeconds } : {}),
        });
  boss.on("error", (err) => log.error({ err }, "jobs"));
  boss.on("warning", (warning) => log.warn({ warning }, "jobs"));
  await boss.start();

  const created = new Map<string, Promise<void>>();
  const ensureQueue = (queue: JobQueue<unknown>) => {
    let ready = created.get(queue.name);
    if (!ready) {
      ready = (async () => {
        if (await boss.getQueue(queue.name)) await boss.updateQueue(queue.name, queueOptions(queue));
        else await boss.createQueue(queue.name, queueOptions(queue));
      })();
      ready.catch(() => created.delete(queue.name));
      created.set(queue.name, ready);
    }
    return ready;
  };

  return {
    worksQueues,
    prepare: (queue) => ensureQueue(queue as JobQueue<unknown>),
    async send(queue, data, options = {}) {
      const checked = queue.data.parse(data);
      await ensureQueue(queue as JobQueue<unknown>);
      return boss.send(queue.name, checked as object, {
        ...(options.startAfter ? { startAfter: options.startAfter } : {}),
        ...(options.singletonKey ? { singletonKey: options.singletonKey } : {}),
        ...(options.priority ? { priority: options.priority } : {}),
        ...(options.tx ? { db: jobsInTransaction(options.tx) } : {}),
      });
    },
    async work(queue, handler) {
      if (!worksQueues) return;
      await ensureQueue(queue as JobQueue<unknown>);
      await boss.work<object>(
        queue.name,
        {
          // A new job wakes the worker through NOTIFY; retries and expired claims are found by
          // polling, which must not fall back to pg-boss's 30 s notify-mode backstop.
          pollingIntervalSeconds: pollSeconds,
          notifyPollingIntervalSeconds: pollSeconds,
          localConcurrency: queue.concurrency ?? 1,
        },
        async ([job]) => {
          if (!job) return;
          const data = queue.data.parse(job.data);
          try {
            await handler(data, { id: job.id, retryCount: job.retryCount, signal: job.signal });
          } catch (err) {
            log.warn({ err, queue: queue.name, job: job.id, retry: job.retryCount }, "jobs");
            throw err;
          }
        },
      );
    },
    async schedule(queue, cron, data) {
      await ensureQueue(queue as JobQueue<unknown>);
      await boss.schedule(queue.name, cron, queue.data.parse(data) as object, { tz: TIME_ZONE });
    },
    async stop(timeoutMs = 10_000) {
      await boss.stop({ graceful: true, timeout: timeoutMs, close: true });
    },
  };
}
