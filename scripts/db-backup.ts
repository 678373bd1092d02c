// `npm run db:backup [-- --out DIR]`: a consistent copy of the database and the media folder.
// Embedded mode: stop the server first (the data folder is locked while it runs); the database is
// saved as PGlite's data-folder tarball. PostgreSQL mode: pg_dump in custom format, online.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { openDatabase } from "#db/client";
import { loadConfig } from "#server/shared/config";

const config = loadConfig();
const outArg = process.argv.indexOf("--out");
const stamp = new Date().toISOString().replace(/[:.]/g, "-");
const out = path.resolve(outArg > 0 ? (process.argv[outArg + 1] ?? "") : `backups/bobine-${stamp}`);
fs.mkdirSync(out, { recursive: true });

function run(cmd: string, args: string[]) {
  const r = spawnSync(cmd, args, { stdio: "inherit" });
  if (r.status !== 0) throw new Error(`${cmd} a échoué (code ${r.status})`);
}

if (config.databaseUrl) {
  run("pg_dump", [
    "--format=custom",
    "--no-owner",
    `--file=${path.join(out, "database.dump")}`,
    config.databaseUrl,
  ]);
} else {
  const database = await openDatabase({ dataDir: config.dataDir });
  try {
    const blob = await database.dumpDataDir?.();
    if (!blob) throw new Error("sauvegarde impossible");
    fs.writeFileSync(path.join(out, "pglite-data.tar.gz"), Buffer.from(await blob.arrayBuffer()));
  } finally {
    await database.close();
  }
}
if (fs.existsSync(config.mediaDir)) {
  run("tar", ["-czf", path.join(out, "media.tar.gz"), "-C", config.mediaDir, "."]);
}
process.stdout.write(`Sauvegarde écrite dans ${out}\n`);
