import { readFileSync } from "node:fs";
import { DataDirLockedError } from "#db/data-dir-lock";
import { buildApp } from "./app.ts";
import { AdminAccountError } from "./auth/admin-accounts.ts";
import { prepareDatabase } from "./bootstrap.ts";
import { ConfigError, loadConfig } from "./config.ts";

const pkg = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as {
  version: string;
};

async function main() {
  const config = loadConfig(process.env, pkg.version);
  const say = (msg: string) => process.stdout.write(`${msg}\n`);
  const { database, hasDemoAccounts } = await prepareDatabase(config, say);
  const app = await buildApp({ config, database });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, "arrêt en cours");
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    await app.close();
    process.exit(0);
  };
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));

  await app.listen({ host: config.host, port: config.port });
  const address = app.server.address();
  const port = typeof address === "object" && address ? address.port : config.port;
  say("");
  say(`  ${config.appName} est prêt : http://localhost:${port}`);
  say(
    `  Base de données : ${database.kind === "pglite" ? `PGlite intégrée (${config.dataDir})` : "PostgreSQL"}`,
  );
  say(`  Documentation de l'API : http://localhost:${port}/api/docs`);
  if (hasDemoAccounts) {
    say("  Comptes de démonstration (mot de passe : DEMO_PASSWORD, par défaut « bobine-demo-2026 ») :");
    say("    demo-admin    administrateur");
    say("    demo-premium  membre avec abonnement Premium actif");
    say("    demo-membre   membre sans abonnement");
  }
  say("");
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError || err instanceof DataDirLockedError || err instanceof AdminAccountError) {
    process.stderr.write(`\n${err.message}\n\n`);
    process.exit(2);
  }
  process.stderr.write(
    `Échec du démarrage : ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`,
  );
  process.exit(1);
});
