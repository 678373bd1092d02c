import type { DomainWorkers } from "../shared/context.ts";
import { probeAsset, probeQueue, runTask, sweep, sweepQueue, transcodeQueue } from "./transcode.service.ts";

/**
 * The media pipeline's background work (docs/decisions/025-media-pipeline.md): probes, one job per
 * task (MEDIA_WORKER_CONCURRENCY at once per process), and the sweep of deleted media, every ten
 * minutes and right after a deletion.
 */
export const mediaWorkers: DomainWorkers = async (ctx) => {
  const { jobs, config } = ctx;
  await jobs.work(probeQueue, (data, job) => probeAsset(ctx, data.assetId, job));
  await jobs.work({ ...transcodeQueue, concurrency: config.media.workerConcurrency }, (data, job) =>
    runTask(ctx, data.assetId, data.task, job),
  );
  await jobs.work(sweepQueue, () => sweep(ctx));
  await jobs.schedule(sweepQueue, "*/10 * * * *", {});
};
