import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { type Database, openDatabase } from "#db/client";

/**
 * The benchmark's PostgreSQL database, dropped and created again by each suite: BENCH_DB_NAME
 * (letters, digits and underscores) when several benchmarks share one server, else bobine_bench.
 */
export const BENCH_DB_NAME = /^[a-z_][a-z0-9_]{0,62}$/.test(process.env.BENCH_DB_NAME ?? "")
  ? (process.env.BENCH_DB_NAME as string)
  : "bobine_bench";
const DEFAULT_ADMIN_URL = "postgres://postgres@127.0.0.1:5432/postgres";

export type DbKind = "pglite" | "postgres";

/** A fresh, empty, migrated database for one benchmark suite, and how to get rid of it. */
export interface BenchDatabase {
  kind: DbKind;
  /** What the application runs on (the production bound on every query, DATABASE_TIMEOUT_SECONDS). */
  database: Database;
  /**
   * What the generator runs on: the same database without that bound (inserting a million rows
   * takes longer than any request may). The application's handle on PGlite.
   */
  loader: Database;
  /** PostgreSQL connection string (postgres kind). */
  url: string | undefined;
  /** Folder for DATA_DIR (and, for PGlite, the database files under pgdata/). */
  dataDir: string;
  /** Removes the database and the folder; call after the app (which closes the database) is closed. */
  drop(): Promise<void>;
}

/** Where the benchmark may create its PostgreSQL database (a server where CREATE DATABASE is allowed). */
export function postgresAdminUrl(): { url: string; source: string } {
  if (process.env.BENCH_DATABASE_URL)
    return { url: process.env.BENCH_DATABASE_URL, source: "BENCH_DATABASE_URL" };
  if (process.env.TEST_DATABASE_URL)
    return { url: process.env.TEST_DATABASE_URL, source: "TEST_DATABASE_URL" };
  return { url: DEFAULT_ADMIN_URL, source: "default" };
}

export function redact(url: string): string {
  const u = new URL(url);
  if (u.password) u.password = "***";
  return u.toString();
}

export async function probePostgres(adminUrl: string): Promise<{ ok: true } | { ok: false; reason: string }> {
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 3000 });
  client.on("error", () => {});
  try {
    await client.connect();
    await client.query("select 1");
    return { ok: true };
  } catch (err) {
    return { ok: false, reason: err instanceof Error ? err.message || err.name : String(err) };
  } finally {
    await client.end().catch(() => {});
  }
}

async function admin(adminUrl: string, sqlText: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sqlText);
  } finally {
    await client.end();
  }
}

function tempDir(kind: DbKind) {
  return fs.mkdtempSync(path.join(os.tmpdir(), `bobine-bench-${kind}-`));
}

/**
 * PGlite as deployed (files in DATA_DIR/pgdata, not in memory): same speed here for these
 * sizes, and a third of the resident memory.
 */
export async function createPgliteDatabase(): Promise<BenchDatabase> {
  const dataDir = tempDir("pglite");
  const database = await openDatabase({ dataDir });
  await database.migrate();
  return {
    kind: "pglite",
    database,
    loader: database,
    url: undefined,
    dataDir,
    async drop() {
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Drops and recreates `bobine_bench` on the server of `adminUrl`, then migrates it. */
export async function createPostgresDatabase(
  adminUrl: string,
  poolMax: number,
  opts: { keep?: boolean } = {},
): Promise<BenchDatabase> {
  await admin(adminUrl, `drop database if exists ${BENCH_DB_NAME} with (force)`);
  await admin(adminUrl, `create database ${BENCH_DB_NAME}`);
  const u = new URL(adminUrl);
  u.pathname = `/${BENCH_DB_NAME}`;
  const url = u.toString();
  const database = await openDatabase({ url, poolMax });
  await database.migrate();
  const loader = await openDatabase({ url, poolMax: 2, timeoutMs: 6 * 3600_000 });
  const dataDir = tempDir("postgres");
  return {
    kind: "postgres",
    database,
    loader,
    url,
    dataDir,
    async drop() {
      await loader.close();
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
      if (!opts.keep) await admin(adminUrl, `drop database if exists ${BENCH_DB_NAME} with (force)`);
    },
  };
}
