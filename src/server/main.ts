import { readFileSync } from "node:fs";
import { operatorMessages } from "#contract/operator";
import { DataDirLockedError } from "#db/data-dir-lock";
import { buildApp } from "./app.ts";
import { AdminAccountError } from "./auth/admin-accounts.ts";
import { prepareDatabase, StartupError } from "./bootstrap.ts";
import { ConfigError, loadConfig } from "./shared/config.ts";
import { logFormatFor, logStream } from "./shared/logging.ts";

const pkg = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as {
  version: string;
};

async function main() {
  const config = loadConfig(process.env, pkg.version);
  const say = (msg: string) => process.stdout.write(`${msg}\n`);
  const { database, hasDemoAccounts } = await prepareDatabase(config, say);
  const app = await buildApp({
    config,
    database,
    logStream: logStream(logFormatFor(config.logFormat, process.stdout.isTTY === true), process.stdout),
  });

  let closing = false;
  const shutdown = async (signal: string) => {
    // A second signal while the server drains its requests (a second Ctrl-C) stops at once; the
    // data folder's lock is still released (process exit handler). 130 = stopped by an interrupt.
    if (closing) {
      app.log.warn({ signal }, operatorMessages.forcedStop);
      process.exit(130);
    }
    closing = true;
    app.log.info({ signal }, operatorMessages.stopping);
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
  // One write for the whole block: whoever reads the output (a terminal, a log collector, the CLI
  // test) sees the address and the demo accounts together, never half of it.
  say(
    [
      "",
      operatorMessages.ready(config.appName, port),
      operatorMessages.database(database.kind, config.dataDir),
      operatorMessages.apiDocs(port),
      ...(hasDemoAccounts ? operatorMessages.demoAccounts : []),
      "",
    ].join("\n"),
  );
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError || err instanceof DataDirLockedError || err instanceof AdminAccountError) {
    process.stderr.write(`\n${err.message}\n\n`);
    process.exit(2);
  }
  // A known cause (the database, the disk, the data folder) is told in French with the setting to
  // check; an unknown one by its message (no stack trace for the operator to decipher).
  if (err instanceof StartupError) {
    process.stderr.write(`\n${err.message}\n\n`);
    process.exit(1);
  }
  process.stderr.write(`${operatorMessages.startFailed(err instanceof Error ? err.message : String(err))}\n`);
  process.exit(1);
});
