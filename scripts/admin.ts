// `npm run admin:create -- --email E --username U --password P` creates an administrator;
// `npm run admin:promote -- --user U_OR_EMAIL` makes an existing member one. Works on the embedded
// database (server stopped) and on DATABASE_URL.
import { openDatabase } from "#db/client";
import { AdminAccountError, createAdministrator, promoteToAdministrator } from "#server/auth/admin-accounts";
import { loadConfig } from "#server/shared/config";

const [command, ...args] = process.argv.slice(2);
const arg = (name: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};

const config = loadConfig();
const database = await openDatabase({
  url: config.databaseUrl,
  dataDir: config.databaseUrl ? undefined : config.dataDir,
});
try {
  await database.migrate();
  if (command === "create") {
    const email = arg("email");
    const username = arg("username");
    const password = arg("password");
    if (!email || !username || !password) {
      throw new AdminAccountError("Usage : npm run admin:create -- --email E --username U --password P");
    }
    await createAdministrator(database.db, { email, username, password }, config.passwordMinLength);
    process.stdout.write(`Administrateur « ${username} » créé.\n`);
  } else if (command === "promote") {
    const user = arg("user");
    if (!user) throw new AdminAccountError("Usage : npm run admin:promote -- --user NOM_OU_EMAIL");
    await promoteToAdministrator(database.db, user);
    process.stdout.write(`« ${user} » est maintenant administrateur.\n`);
  } else {
    throw new AdminAccountError("Commandes : create, promote");
  }
} catch (err) {
  if (!(err instanceof AdminAccountError)) throw err;
  process.stderr.write(`${err.message}\n`);
  process.exitCode = 2;
} finally {
  await database.close();
}
