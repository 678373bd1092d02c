import type { FastifyBaseLogger, FastifyInstance } from "fastify";
import type { Database, Db } from "#db/client";
import type { CatalogueCache } from "./catalogue-cache.ts";
import type { Config } from "./config.ts";
import type { Jobs } from "./jobs.ts";
import type { Mailer } from "./mailer.ts";
import type { MediaStore } from "./media-store.ts";
import type { NotificationHub } from "./notification-hub.ts";

/**
 * The application context (docs/decisions/009-boundaries.md): everything a domain may use, built
 * once in app.ts and handed to every domain plugin listed in routes.ts. A domain reaches the
 * outside world only through it, so a test or a second process builds another one.
 */
export type AppContext = {
  config: Config;
  database: Database;
  /** `database.db`, the query handle. */
  db: Db;
  mailer: Mailer;
  catalogueCache: CatalogueCache;
  notificationHub: NotificationHub;
  /** Background jobs (docs/decisions/011-jobs.md). */
  jobs: Jobs;
  /** Media bytes: folder or S3-compatible (docs/decisions/013-media-store.md). */
  mediaStore: MediaStore;
  log: FastifyBaseLogger;
};

/** A domain: a Fastify plugin that registers its contract endpoints over the context. */
export type DomainPlugin = (app: FastifyInstance, ctx: AppContext) => Promise<void>;

/**
 * A domain's background work: the queues it works and the recurring jobs it schedules, listed in
 * workers.ts. It runs in every server by default and in `npm run worker` processes, without HTTP.
 */
export type DomainWorkers = (ctx: WorkerContext) => Promise<void>;

/** What background work may use: the context without the HTTP-only parts. */
export type WorkerContext = Pick<
  AppContext,
  "config" | "database" | "db" | "mailer" | "jobs" | "mediaStore" | "log"
>;
