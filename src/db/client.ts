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
  /** Runs the committed migrations; safe to call from several processes at once on PostgreSQL. */
  migrate(): Promise<void>;
  /** Cheap liveness probe for /api/health. */
  ping(): Promise<boolean>;
  /**
   * LISTEN on `channel` (a dedicated, reconnecting connection on PostgreSQL: listener.ts); resolves
   * after the first attempt. NOTIFY from any connection or process reaches every listener.
   */
  listen(channel: string, handlers: ListenHandlers): Promise<Listener>;
  close(): Promise<void>;
  /** Embedded only: the whole data folder as a gzip tarball (db:backup). */
  dumpDataDir?(): Promise<Blob>;
}

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), "migrations");

/** Arbitrary constant key for pg_advisory_lock around migrations. */
const MIGRATION_LOCK_KEY = 4_202_611;

export interface DatabaseOptions {
  /** PostgreSQL connection string; absent means embedded PGlite. */
  url?: string | undefined;
  /** PGlite data folder; absent means an in-memory database (tests). */
  dataDir?: string | undefined;
  poolMax?: number;
  /** Embedded only: create the data folder from a tarball made by dumpDataDir (db:restore). */
  loadDataDir?: Blob;
}

export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  return opts.url ? openPostgres(opts.url, opts.poolMax ?? 10) : openPglite(opts.dataDir, opts.loadDataDir);
}

async function openPostgres(url: string, poolMax: number): Promise<Database> {
  // JIT compiles every non-trivial plan (≈100 ms each, measured by the bench): wrong for short OLTP queries.
  const pool = new pg.Pool({
    connectionString: url,
    max: poolMax,
    application_name: "bobine",
    options: "-c jit=off",
  });
  // An idle client that loses its server must not crash the process; the next query reports it.
  pool.on("error", () => {});
  const db = drizzlePg(pool) as unknown as Db;
  return {
    kind: "postgres",
    db,
    async migrate() {
      const client = await pool.connect();
      try {
        await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
        await migratePg(drizzlePg(client), { migrationsFolder });
      } finally {
        await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]).catch(() => {});
        client.release();
      }
    },
    ping: () => ping(db),
    listen: (channel, handlers) => listenPostgres(url, channel, handlers),
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
      migrate: () => migratePglite(pgliteDb, { migrationsFolder }),
      ping: () => ping(db),
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

async function ping(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
