// `npm run db:seed -- --demo`: seeds the French demo catalogue and the demo accounts into an empty
// database (embedded or DATABASE_URL). Without --demo it does nothing: production data is yours.
import { openDatabase } from "#db/client";
import { isDatabaseEmpty, seedDemo } from "#db/seed/demo";
import { loadConfig } from "#server/shared/config";
import { hashPassword } from "#server/shared/password";

if (!process.argv.includes("--demo")) {
  process.stderr.write("Usage : npm run db:seed -- --demo   (catalogue et comptes de démonstration)\n");
  process.exit(2);
}
const config = loadConfig();
const database = await openDatabase({
  url: config.databaseUrl,
  dataDir: config.databaseUrl ? undefined : config.dataDir,
});
try {
  // Under the migrations' lock, like the start (src/server/bootstrap.ts): never two seeds at once,
  // and without the request bound (DATABASE_TIMEOUT_SECONDS) on its long statements.
  await database.migrate(async (db) => {
    if (!(await isDatabaseEmpty(db))) {
      process.stderr.write("La base contient déjà des vidéos ou des comptes : rien n'a été ajouté.\n");
      process.exitCode = 1;
    } else {
      await seedDemo(db, {
        mediaDir: config.mediaDir,
        demoPassword: config.demoPassword,
        hashPassword,
        log: (m) => process.stdout.write(`${m}\n`),
      });
    }
  });
} finally {
  await database.close();
}
