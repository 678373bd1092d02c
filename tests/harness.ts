import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import pg from "pg";
import { type Database, openDatabase } from "#db/client";
import { buildApp } from "#server/app";
import { type Config, loadConfig } from "#server/shared/config";
import { openMigratedPglite } from "./pglite-template.ts";

/**
 * Test databases: PGlite in memory by default; a scratch PostgreSQL database created for the test
 * file when the vitest project runs with BOBINE_TEST_DB=postgres (TEST_DATABASE_URL points at a
 * server where we may CREATE DATABASE). Each test file gets a fresh, migrated database.
 */
export const testDbKind = process.env.BOBINE_TEST_DB === "postgres" ? "postgres" : "pglite";

export interface TestDatabase {
  database: Database;
  /** Connection string of the scratch PostgreSQL database (postgres kind only). */
  url?: string;
  dispose(): Promise<void>;
}

async function adminQuery(sqlText: string) {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error("TEST_DATABASE_URL is required for the postgres test project");
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sqlText);
  } finally {
    await client.end();
  }
}

export async function createTestDatabase(): Promise<TestDatabase> {
  if (testDbKind === "pglite") {
    const database = await openMigratedPglite();
    return { database, dispose: () => database.close() };
  }
  const name = `bobine_test_${randomBytes(6).toString("hex")}`;
  await adminQuery(`create database ${name}`);
  const url = new URL(process.env.TEST_DATABASE_URL as string);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), poolMax: 20 });
  await database.migrate();
  let disposed = false;
  return {
    database,
    url: url.toString(),
    async dispose() {
      if (disposed) return;
      disposed = true;
      await database.close().catch(() => {});
      await adminQuery(`drop database if exists ${name} with (force)`);
    },
  };
}

export function testConfig(overrides: Record<string, string> = {}): Config {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bobine-test-"));
  return loadConfig({
    NODE_ENV: "test",
    LOG_LEVEL: "silent",
    DATA_DIR: dataDir,
    PUBLIC_URL: "http://localhost:3000",
    SERVE_WEB: "false",
    ...overrides,
  });
}

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: Config;
  close(): Promise<void>;
}

/** A whole application on a fresh migrated database; `close()` drops everything. */
export async function createTestApp(
  opts: {
    env?: Record<string, string>;
    beforeReady?: (app: FastifyInstance, database: { db: Database["db"] }) => void;
    /** Where the log lines go (with LOG_LEVEL set in `env`), for a test that reads them. */
    logStream?: { write(line: string): void };
  } = {},
): Promise<TestApp> {
  const testDb = await createTestDatabase();
  const config = testConfig(opts.env);
  const app = await buildApp({
    config,
    database: testDb.database,
    ...(opts.logStream ? { logStream: opts.logStream } : {}),
  });
  try {
    opts.beforeReady?.(app, testDb.database);
    await app.ready();
  } catch (err) {
    // An application that cannot start leaves nothing behind.
    await app.close().catch(() => {});
    await testDb.dispose().catch(() => {});
    fs.rmSync(config.dataDir, { recursive: true, force: true });
    throw err;
  }
  return {
    app,
    database: testDb.database,
    config,
    async close() {
      await app.close();
      await testDb.dispose();
      fs.rmSync(config.dataDir, { recursive: true, force: true });
    },
  };
}
