import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { unaccent } from "@electric-sql/pglite/contrib/unaccent";
import { sql } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { acquireDataDirLock, type DataDirLock } from "./data-dir-lock.ts";
import { type Listener, type ListenHandlers, listenPostgres } from "./listener.ts";

export type Db = PgDatabase<PgQueryResultHKT>;

export interface Database {
  kind: "pglite" | "postgres";
  db: Db;
  /**
   * Runs the committed migrations, then `then` (the demo seed, the first administrator) while
   * still holding the start-up lock: on PostgreSQL one advisory lock across every process, so
   * processes starting together on an empty database check and fill it one after the other.
   * Safe to call from several processes at once.
   */
  migrate(then?: (db: Db) => Promise<void>): Promise<void>;
  /** Cheap liveness probe for /api/health: false when the database does not answer within `timeoutMs`. */
  ping(timeoutMs?: number): Promise<boolean>;
  /**
   * Whether a write commits within `timeoutMs` (a transaction id is assigned and committed): false
   * on a database that is down, frozen, read-only or out of space (/api/health/ready).
   */
  writable(timeoutMs: number): Promise<boolean>;
  /** Throws the driver's own error when the database cannot be reached (start-up wait, bootstrap.ts). */
  reach(): Promise<void>;
  /**
   * LISTEN on `channel` (a dedicated, reconnecting connection on PostgreSQL: listener.ts); resolves
   * after the first attempt. NOTIFY from any connection or process reaches every listener.
   */
  listen(channel: string, handlers: ListenHandlers): Promise<Listener>;
  close(): Promise<void>;
  /**
   * What the job queue (pg-boss, docs/decisions/011-jobs.md) runs on: its own small pool on
   * PostgreSQL; the one embedded connection with PGlite.
   */
  queueConnection(): QueueConnection;
  /** Embedded only: the whole data folder as a gzip tarball (db:backup). */
  dumpDataDir?(): Promise<Blob>;
}

export type QueueConnection = { kind: "postgres"; url: string } | { kind: "pglite"; client: PGlite };

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), "migrations");

/** Arbitrary constant key for pg_advisory_lock around migrations. */
const MIGRATION_LOCK_KEY = 4_202_611;

export interface DatabaseOptions {
  /** PostgreSQL connection string; absent means embedded PGlite. */
  url?: string | undefined;
  /** PGlite data folder; absent means an in-memory database (tests). */
  dataDir?: string | undefined;
  poolMax?: number;
  /**
   * PostgreSQL: the longest a query waits for a connection, for its answer (client side, a frozen
   * server) and runs on the server (statement_timeout); then it fails and the request gets a 503.
   */
  timeoutMs?: number;
  /** Embedded only: create the data folder from a tarball made by dumpDataDir (db:restore). */
  loadDataDir?: Blob;
}

export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  return opts.url
    ? openPostgres(opts.url, opts.poolMax ?? 10, opts.timeoutMs ?? DEFAULT_TIMEOUT_MS)
    : openPglite(opts.dataDir, opts.loadDataDir);
}

/** DATABASE_TIMEOUT_SECONDS' default (shared/config.ts). */
const DEFAULT_TIMEOUT_MS = 5000;
/** /api/health answers within a second whatever the database does. */
const PING_TIMEOUT_MS = 800;

async function openPostgres(url: string, poolMax: number, timeoutMs: number): Promise<Database> {
  // JIT compiles every non-trivial plan (≈100 ms each, measured by the bench): wrong for short OLTP
  // queries. statement_timeout: the server gives up on a query stuck on a lock or a slow plan.
  const pool = new pg.Pool({
    connectionString: url,
    max: poolMax,
    application_name: "bobine",
    options: `-c jit=off -c statement_timeout=${timeoutMs}`,
    // A server that accepts the socket but does not answer (frozen): give up on connecting, and
    // on waiting for a free connection when every one is stuck.
    connectionTimeoutMillis: timeoutMs,
    // A frozen server never answers, so statement_timeout never fires: the client gives up too.
    query_timeout: timeoutMs,
  });
  // A connection whose query timed out on the client side still has that query in flight: it is
  // useless until the server answers, so it is cut, and the pool drops it. Otherwise a transaction's
  // ROLLBACK would wait on it for a second bound, and the pool would lend it out again.
  pool.on("connect", (client) => {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    (client as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
      const result = query(...args);
      if (result instanceof Promise) {
        result.catch((err: unknown) => {
          if (err instanceof Error && err.message === "Query read timeout") {
            (
              client as unknown as { connection?: { stream?: { destroy(): void } } }
            ).connection?.stream?.destroy();
          }
        });
      }
      return result;
    };
  });
  // An idle client that loses its server must not crash the process; the next query reports it.
  pool.on("error", () => {});
  const db = drizzlePg(pool) as unknown as Db;
  return {
    kind: "postgres",
    db,
    async migrate(then) {
      // Its own connection, without the request bounds: a migration or the demo seed may take
      // longer, and waiting for another process's lock is expected.
      const client = new pg.Client({
        connectionString: url,
        application_name: "bobine",
        options: "-c jit=off",
        connectionTimeoutMillis: timeoutMs,
      });
      client.on("error", () => {});
      await client.connect();
      try {
        await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
        const locked = drizzlePg(client);
        await migratePg(locked, { migrationsFolder });
        await then?.(locked as unknown as Db);
      } finally {
        await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]).catch(() => {});
        await client.end().catch(() => {});
      }
    },
    ping: (ms) => ping(db, ms),
    writable: (ms) => probeWrite(db, ms),
    async reach() {
      const client = await pool.connect();
      client.release();
    },
    listen: (channel, handlers) => listenPostgres(url, channel, handlers),
    queueConnection: () => ({ kind: "postgres", url }),
    close: once(() => pool.end()),
  };
}

async function openPglite(dataDir: string | undefined, loadDataDir?: Blob): Promise<Database> {
  let lock: DataDirLock | undefined;
  if (dataDir) lock = acquireDataDirLock(dataDir);
  try {
    const client = await PGlite.create(dataDir ? path.join(dataDir, "pgdata") : undefined, {
      extensions: { pg_trgm, unaccent },
      ...(loadDataDir ? { loadDataDir } : {}),
    });
    const pgliteDb = drizzlePglite(client);
    const db = pgliteDb as unknown as Db;
    return {
      kind: "pglite",
      db,
      // One process holds the folder (data-dir-lock.ts): nothing else can seed it meanwhile.
      async migrate(then) {
        await migratePglite(pgliteDb, { migrationsFolder });
        await then?.(db);
      },
      // In the process: a query cannot hang on a frozen server; the bound guards the ping anyway.
      ping: (ms) => ping(db, ms),
      writable: (ms) => probeWrite(db, ms),
      async reach() {
        await client.waitReady;
      },
      // One process, one connection: notifications arrive after the statement that sent them.
      async listen(channel, handlers) {
        const unlisten = await client.listen(channel, (payload) => handlers.onNotify(payload));
        handlers.onListening(true);
        return {
          async close() {
            if (!client.closed) await unlisten().catch(() => {});
          },
        };
      },
      queueConnection: () => ({ kind: "pglite", client }),
      dumpDataDir: () => client.dumpDataDir("gzip"),
      close: once(async () => {
        await client.close();
        lock?.release();
      }),
    };
  } catch (err) {
    lock?.release();
    throw err;
  }
}

/** close() may be called by the app's onClose hook and by its owner: only the first call acts. */
function once(fn: () => Promise<void>): () => Promise<void> {
  let done: Promise<void> | undefined;
  return () => {
    done ??= fn();
    return done;
  };
}

const ping = (db: Db, timeoutMs = PING_TIMEOUT_MS) => answersWithin(db.execute(sql`select 1`), timeoutMs);
const probeWrite = (db: Db, timeoutMs: number) =>
  answersWithin(db.execute(sql`select txid_current()`), timeoutMs);

/** Whether `query` succeeds within `timeoutMs` (it is not waited for longer). */
async function answersWithin(query: Promise<unknown>, timeoutMs: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  const answer = query.then(
    () => true,
    () => false,
  );
  try {
    return await Promise.race([answer, late]);
  } finally {
    clearTimeout(timer);
  }
}
