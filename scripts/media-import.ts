// `npm run media:import -- [--video ID] FILE…`: files of a library on disk go through the media
// pipeline (decision 025): probed, copied into the media store, their transcoding queued. Works on the
// embedded database (server stopped: its workers transcode at the next start) and on DATABASE_URL.
import pino from "pino";
import { operatorMessages } from "#contract/operator";
import { openDatabase } from "#db/client";
import { importFile } from "#server/media/import.service";
import { loadConfig } from "#server/shared/config";
import { openJobs } from "#server/shared/jobs";
import { openMediaStore } from "#server/shared/media-store";

const args = process.argv.slice(2);
const at = args.indexOf("--video");
const videoId = at >= 0 ? args[at + 1] : undefined;
const files = args.filter((_, i) => at < 0 || (i !== at && i !== at + 1));
if (files.length === 0 || (at >= 0 && !videoId)) {
  process.stderr.write(`${operatorMessages.mediaImportUsage}\n`);
  process.exit(2);
}

const config = loadConfig();
const log = pino({ level: "warn" });
const database = await openDatabase({
  url: config.databaseUrl,
  dataDir: config.databaseUrl ? undefined : config.dataDir,
});
let queued = 0;
try {
  await database.migrate();
  const jobs = await openJobs({ database, log, worksQueues: false, pollSeconds: config.jobs.pollSeconds });
  const ctx = {
    config,
    database,
    db: database.db,
    mailer: undefined as never,
    jobs,
    mediaStore: await openMediaStore(config),
    log,
  };
  for (const file of files) {
    const result = await importFile(ctx, file, { videoId });
    if (result.ok) {
      queued += 1;
      process.stdout.write(
        `${operatorMessages.mediaImported(file, result.title, result.videoId, result.draft)}\n`,
      );
    } else if (result.reason === "missing") {
      process.stderr.write(`${operatorMessages.mediaImportMissing(file)}\n`);
    } else if (result.reason === "not-a-video") {
      process.stderr.write(`${operatorMessages.mediaImportNotVideo(file)}\n`);
    } else {
      process.stderr.write(`${operatorMessages.mediaImportUnknownVideo(videoId ?? "")}\n`);
      process.exitCode = 2;
      break;
    }
  }
  await jobs.stop(1000);
  process.stdout.write(`${operatorMessages.mediaImportDone(queued, !config.databaseUrl)}\n`);
  if (queued < files.length && process.exitCode === undefined) process.exitCode = 1;
} finally {
  await database.close();
}
