// `npm run db:migrate`: applies the committed migrations to DATABASE_URL (or the embedded database).
import { openDatabase } from "#db/client";
import { loadConfig } from "#server/shared/config";

const config = loadConfig();
const database = await openDatabase({
  url: config.databaseUrl,
  dataDir: config.databaseUrl ? undefined : config.dataDir,
});
try {
  await database.migrate();
  process.stdout.write(`Migrations appliquées (${database.kind}).\n`);
} finally {
  await database.close();
}
