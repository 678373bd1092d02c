// `npm run db:restore -- DIR`: restores a backup made by db:backup into an EMPTY target: a DATA_DIR
// without a database (embedded) or the database of DATABASE_URL (pg_restore --clean).
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { openDatabase } from "#db/client";
import { loadConfig } from "#server/shared/config";

const dir = process.argv[2] ? path.resolve(process.argv[2]) : "";
if (!dir || !fs.existsSync(dir)) {
  process.stderr.write("Usage : npm run db:restore -- <dossier de sauvegarde>\n");
  process.exit(2);
}
const config = loadConfig();

function run(cmd: string, args: string[]) {
  const r = spawnSync(cmd, args, { stdio: "inherit" });
  if (r.status !== 0) throw new Error(`${cmd} a échoué (code ${r.status})`);
}

if (config.databaseUrl) {
  run("pg_restore", [
    "--clean",
    "--if-exists",
    "--no-owner",
    `--dbname=${config.databaseUrl}`,
    path.join(dir, "database.dump"),
  ]);
} else {
  if (fs.existsSync(path.join(config.dataDir, "pgdata"))) {
    process.stderr.write(
      `${config.dataDir} contient déjà une base : choisissez un DATA_DIR vide pour la restauration.\n`,
    );
    process.exit(1);
  }
  const tarball = fs.readFileSync(path.join(dir, "pglite-data.tar.gz"));
  const database = await openDatabase({ dataDir: config.dataDir, loadDataDir: new Blob([tarball]) });
  await database.migrate();
  await database.close();
}
const media = path.join(dir, "media.tar.gz");
if (fs.existsSync(media)) {
  fs.mkdirSync(config.mediaDir, { recursive: true });
  run("tar", ["-xzf", media, "-C", config.mediaDir]);
}
process.stdout.write(`Restauration terminée depuis ${dir}\n`);
