import { readFileSync } from "node:fs";
import pino from "pino";
import { operatorMessages } from "#contract/operator";
import { asStartupError, openConfiguredDatabase, StartupError, waitForDatabase } from "./bootstrap.ts";
import { ConfigError, loadConfig } from "./shared/config.ts";
import { openJobs } from "./shared/jobs.ts";
import { alwaysVisibleLevel, logFormatFor, loggerOptions, logStream } from "./shared/logging.ts";
import { createMailer } from "./shared/mailer.ts";
import { openMediaStore } from "./shared/media-store.ts";
import { backgroundWorkers } from "./workers.ts";

/**
 * `npm run worker`: a process that only works the background queues (docs/decisions/011-jobs.md),
 * so that several machines can share the work of one PostgreSQL. No HTTP, no web.
 */
const pkg = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as {
  version: string;
};

async function main() {
  const config = loadConfig(process.env, pkg.version);
  if (!config.databaseUrl) throw new ConfigError(operatorMessages.workerNeedsPostgres);
  const log = pino(
    loggerOptions(config),
    logStream(logFormatFor(config.logFormat, process.stdout.isTTY === true), process.stdout),
  );
  const database = await openConfiguredDatabase(config);
  try {
    await waitForDatabase(database, config, (msg) => process.stdout.write(`${msg}\n`));
    await database.migrate();
  } catch (err) {
    await database.close().catch(() => {});
    throw asStartupError(err, config);
  }
  const mailer = createMailer(config, log.child({}, { level: alwaysVisibleLevel(config.logLevel) }));
  const jobs = await openJobs({ database, log, worksQueues: true, pollSeconds: config.jobs.pollSeconds });
  const ctx = {
    config,
    database,
    db: database.db,
    mailer,
    jobs,
    mediaStore: await openMediaStore(config),
    log,
  };
  for (const workers of backgroundWorkers) await workers(ctx);
  process.stdout.write(`${operatorMessages.workerReady(backgroundWorkers.length)}\n`);

  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    log.info(operatorMessages.workerStopping);
    const force = setTimeout(() => process.exit(1), 30_000);
    force.unref();
    await jobs.stop(25_000);
    mailer.close();
    await database.close();
    process.exit(0);
  };
  process.on("SIGINT", () => void stop());
  process.on("SIGTERM", () => void stop());
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError) {
    process.stderr.write(`\n${err.message}\n\n`);
    process.exit(2);
  }
  if (err instanceof StartupError) {
    process.stderr.write(`\n${err.message}\n\n`);
    process.exit(1);
  }
  process.stderr.write(`${operatorMessages.startFailed(err instanceof Error ? err.message : String(err))}\n`);
  process.exit(1);
});
