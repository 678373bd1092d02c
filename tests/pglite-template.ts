import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { type Database, openDatabase } from "#db/client";
import { openJobs } from "#server/shared/jobs";
import { silentLog } from "./support/silent-log.ts";

/**
 * A migrated, empty PGlite data folder kept as a tarball, so that each test file's fresh database
 * starts from it instead of running initdb and every migration again (initdb alone costs seconds of
 * CPU under WASM). Keyed by the migrations and the PGlite version: a new migration makes a new one.
 */
const root = path.resolve(import.meta.dirname, "..");

function templateKey(): string {
  const hash = createHash("sha256");
  const pglite = JSON.parse(
    fs.readFileSync(path.join(root, "node_modules/@electric-sql/pglite/package.json"), "utf8"),
  ) as { version: string };
  const boss = JSON.parse(fs.readFileSync(path.join(root, "node_modules/pg-boss/package.json"), "utf8")) as {
    version: string;
  };
  hash.update(pglite.version).update(boss.version);
  const migrations = path.join(root, "src/db/migrations");
  for (const entry of fs.readdirSync(migrations, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    hash.update(path.relative(migrations, file)).update(fs.readFileSync(file));
  }
  return hash.digest("hex").slice(0, 16);
}

export const templatePath = () => path.join(os.tmpdir(), `bobine-pglite-template-${templateKey()}.tar`);

/** Builds the template when it is missing (vitest's global setup calls this once per run). */
export async function ensurePgliteTemplate(): Promise<string> {
  const file = templatePath();
  if (fs.existsSync(file)) return file;
  const database = await openDatabase({});
  try {
    await database.migrate();
    // pg-boss installs its schema (pgboss) on its first start: part of the template too.
    const jobs = await openJobs({ database, log: silentLog, worksQueues: false, pollSeconds: 2 });
    await jobs.stop(0);
    if (!database.dumpDataDir) throw new Error("PGlite database without dumpDataDir");
    const dump = await database.dumpDataDir();
    // Written under a temporary name and renamed: parallel runs never read half a file.
    const partial = `${file}.${process.pid}.partial`;
    fs.writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    fs.renameSync(partial, file);
  } finally {
    await database.close();
  }
  return file;
}

/** A fresh in-memory PGlite, migrated: from the template when there is one. */
export async function openMigratedPglite(): Promise<Database> {
  const file = templatePath();
  if (fs.existsSync(file)) {
    const database = await openDatabase({ loadDataDir: new Blob([fs.readFileSync(file)]) });
    // Cheap when the template is current: drizzle finds every migration applied.
    await database.migrate();
    return database;
  }
  const database = await openDatabase({});
  await database.migrate();
  return database;
}
