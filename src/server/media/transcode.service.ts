import { createWriteStream } from "node:fs";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { z } from "zod";
import { mediaMessages } from "#contract/media";
import type { WorkerContext } from "../shared/context.ts";
import { type JobContext, jobQueue } from "../shared/jobs.ts";
import { type AssetTask, mediaKeys, type SourceProbe, type TrickplayLayout } from "../shared/media-ladder.ts";
import {
  audioArgs,
  FfmpegError,
  ladderArgs,
  measureRendition,
  planTasks,
  posterArgs,
  probeSource,
  runFfmpeg,
  trickplayArgs,
  trickplayLayout,
  truncation,
  videoRungArgs,
} from "./ffmpeg.ts";
import {
  type AssetRow,
  assetById,
  deleteUpload,
  forgetTrash,
  hasPoster,
  knownUploadIds,
  lockAsset,
  setPosterIfNone,
  staleUploads,
  trashBatch,
  updateAsset,
} from "./media.queries.ts";

/**
 * Transcoding as background jobs (decision 025; docs/decisions/025-media-pipeline.md). `media-probe`
 * reads the source and plans the work; `media-transcode` runs one task per job — a rung, an audio
 * rendition, the poster, the trickplay sheets — the low rung and the audio first (PeerTube's
 * order: something watchable as soon as possible), the sheets last. Every handler is idempotent: a
 * task already ready is skipped, and a task's files are published (moved into the store, the
 * playlist last) before the row says it is ready, so a worker killed mid-job leaves nothing that
 * a member can reach; the job is retried (heartbeats stop, pg-boss hands it to another worker).
 */

export const probeQueue = jobQueue({
  name: "media-probe",
  data: z.object({ assetId: z.uuid() }),
  retryLimit: 2,
  retryDelaySeconds: 5,
  expireInSeconds: 30 * 60,
});

export const transcodeQueue = jobQueue({
  name: "media-transcode",
  data: z.object({ assetId: z.uuid(), task: z.string().max(20) }),
  retryLimit: 2,
  retryDelaySeconds: 5,
  // A 4K film takes hours; a dead worker is noticed by its missing heartbeats instead.
  expireInSeconds: 24 * 3600,
  heartbeatSeconds: 10,
});

/** Files of deleted assets and abandoned uploads. */
export const sweepQueue = jobQueue({
  name: "media-sweep",
  data: z.object({}),
  retryLimit: 1,
  expireInSeconds: 30 * 60,
});

/** Priorities (higher first): the low rung and audio, then the poster, the other rungs, the sheets. */
function priorityOf(task: AssetTask, tasks: AssetTask[]): number {
  const rungs = tasks.filter((t) => t.kind === "video");
  if (task.kind === "audio" || task === rungs[0]) return 30;
  if (task.kind === "poster") return 25;
  if (task.kind === "trickplay") return 0;
  return 20 - rungs.indexOf(task);
}

/** The overall percentage: each task weighs by its pixels (audio, poster and sheets a little). */
export function overallProgress(tasks: AssetTask[]): number {
  const total = tasks.reduce((sum, t) => sum + t.weight, 0);
  if (total === 0) return 0;
  const done = tasks.reduce((sum, t) => sum + t.weight * (t.state === "ready" ? 100 : t.progress), 0);
  return Math.min(100, Math.floor(done / total));
}

/** A video rung is ready, and every audio rendition: members may play it. */
const isPlayable = (tasks: AssetTask[]) =>
  tasks.some((t) => t.kind === "video" && t.state === "ready") &&
  tasks.filter((t) => t.kind === "audio").every((t) => t.state === "ready");

/**
 * Changes one task (or several: the rungs of a one-decode ladder) under the row's lock and derives
 * the asset's status, percentage and playability.
 */
async function patchTask(
  ctx: WorkerContext,
  assetId: string,
  name: string | string[],
  patch: Partial<AssetTask>,
) {
  const names = new Set(typeof name === "string" ? [name] : name);
  return ctx.db.transaction(async (tx) => {
    const asset = await lockAsset(tx, assetId);
    if (!asset) return null;
    const tasks = (asset.tasks as AssetTask[]).map((t) => (names.has(t.name) ? { ...t, ...patch } : t));
    const failed = tasks.find((t) => t.state === "failed");
    const allReady = tasks.length > 0 && tasks.every((t) => t.state === "ready");
    const status: AssetRow["status"] = failed ? "failed" : allReady ? "ready" : "transcoding";
    await updateAsset(tx, assetId, {
      tasks,
      status,
      progress: allReady ? 100 : overallProgress(tasks),
      playable: isPlayable(tasks),
      error: failed?.error ? mediaMessages.failedTask(failed.name, failed.error) : null,
    });
    return { ...asset, tasks, status };
  });
}

/** The source as a local file: the folder's own file, or a copy from object storage. */
async function localSource(ctx: WorkerContext, key: string, workDir: string): Promise<string> {
  const local = ctx.mediaStore.localPath(key);
  if (local) {
    await fs.access(local).catch(() => {
      throw new FfmpegError(mediaMessages.ffmpeg.missingSource);
    });
    return local;
  }
  const body = await ctx.mediaStore.read(key);
  if (!body) throw new FfmpegError(mediaMessages.ffmpeg.missingSource);
  const file = path.join(workDir, "source");
  await pipeline(body, createWriteStream(file));
  return file;
}

async function withWorkDir<T>(work: (dir: string) => Promise<T>): Promise<T> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), "bobine-transcode-"));
  try {
    return await work(dir);
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

const CONTENT_TYPES: Record<string, string> = {
  ".m3u8": "application/vnd.apple.mpegurl",
  ".m4s": "video/iso.segment",
  ".mp4": "video/mp4",
  ".jpg": "image/jpeg",
};
const contentType = (file: string) => CONTENT_TYPES[path.extname(file)] ?? "application/octet-stream";

/** Moves a rendition into the store: segments first, the playlist last. */
async function publishRendition(ctx: WorkerContext, target: string, track: string, dir: string) {
  const files = (await fs.readdir(dir)).filter((f) => f !== "index.m3u8").sort();
  for (const file of files) {
    await ctx.mediaStore.putFile(
      mediaKeys.file(target, track, file),
      path.join(dir, file),
      contentType(file),
    );
  }
  await ctx.mediaStore.putFile(
    mediaKeys.file(target, track, "index.m3u8"),
    path.join(dir, "index.m3u8"),
    contentType("index.m3u8"),
  );
}

/** The job that makes every video rung from one decode (MEDIA_LADDER=single). */
const LADDER_JOB = "ladder";

/**
 * Sends the jobs of every task not ready yet (a task's job is sent once while it waits). With
 * MEDIA_LADDER=single the video rungs waiting are one job: one decode for the whole ladder.
 */
async function sendTasks(ctx: WorkerContext, assetId: string, tasks: AssetTask[]) {
  const single = ctx.config.media.ladder === "single";
  if (single && tasks.some((t) => t.kind === "video" && t.state !== "ready")) {
    await ctx.jobs.send(
      transcodeQueue,
      { assetId, task: LADDER_JOB },
      { priority: 30, singletonKey: `${assetId}:${LADDER_JOB}` },
    );
  }
  for (const task of tasks) {
    if (task.state === "ready" || (single && task.kind === "video")) continue;
    await ctx.jobs.send(
      transcodeQueue,
      { assetId, task: task.name },
      { priority: priorityOf(task, tasks), singletonKey: `${assetId}:${task.name}` },
    );
  }
}

/** `media-probe`: what the source is, and the work it needs. */
export async function probeAsset(ctx: WorkerContext, assetId: string, job: JobContext) {
  const asset = await assetById(ctx.db, assetId);
  if (!asset?.sourceKey) return;
  const known = asset.tasks as AssetTask[];
  if (asset.probe && known.length > 0) return sendTasks(ctx, assetId, known);
  await withWorkDir(async (dir) => {
    try {
      const source = await localSource(ctx, asset.sourceKey as string, dir);
      const probe = await probeSource(ctx.config, source);
      if (!probe) throw new FfmpegError(mediaMessages.ffmpeg.noVideo);
      const tasks = planTasks(probe, { poster: !(await hasPoster(ctx.db, asset.videoId, asset.episodeId)) });
      await updateAsset(ctx.db, assetId, { probe, tasks, status: "transcoding", progress: 0, error: null });
      await sendTasks(ctx, assetId, tasks);
    } catch (err) {
      const reason = err instanceof FfmpegError ? err.reason : mediaMessages.uploadFailed;
      if (err instanceof FfmpegError || job.retryCount >= (probeQueue.retryLimit ?? 3)) {
        await updateAsset(ctx.db, assetId, {
          status: "failed",
          error: mediaMessages.failedTask("analyse", reason),
        });
        if (err instanceof FfmpegError) return;
      }
      throw err;
    }
  });
}

/**
 * ffmpeg's percentage written on the tasks it makes, at most every 1.5 s; and the work's own stop:
 * aborted with the job, or as soon as a write finds the asset gone (its film deleted, or its file
 * replaced meanwhile) — ffmpeg is killed then, instead of running on for files nobody will play.
 */
function progressWriter(ctx: WorkerContext, assetId: string, names: string | string[], job: JobContext) {
  const stop = new AbortController();
  job.signal.addEventListener("abort", () => stop.abort(), { once: true });
  let lastWrite = 0;
  const onProgress = (percent: number) => {
    const now = Date.now();
    if (now - lastWrite < 1500) return;
    lastWrite = now;
    void patchTask(ctx, assetId, names, { progress: percent })
      .then((row) => {
        if (!row) stop.abort();
      })
      .catch(() => {});
  };
  return { onProgress, signal: stop.signal };
}

/** The asset a job works for is gone: what it made is thrown away, and the job ends without retry. */
class AssetGone extends Error {}

/** Nothing is published for an asset that is gone: it would land in the folder of its successor. */
async function stillThere(ctx: WorkerContext, assetId: string) {
  if (!(await assetById(ctx.db, assetId))) throw new AssetGone(assetId);
}

/** A rendition made: measured, published (segments first, playlist last), then its task says ready. */
async function publishReady(
  ctx: WorkerContext,
  asset: AssetRow,
  task: AssetTask,
  out: string,
  probe: SourceProbe,
) {
  const measured = await measureRendition(ctx.config, out);
  const cut = truncation(measured.seconds, probe.duration);
  if (cut) throw new FfmpegError(cut, { final: true });
  await stillThere(ctx, asset.id);
  await publishRendition(ctx, asset.targetId, task.name, out);
  const done = await patchTask(ctx, asset.id, task.name, {
    state: "ready",
    progress: 100,
    bandwidth: measured.bandwidth,
    averageBandwidth: measured.averageBandwidth,
    codecs: measured.codecs,
    frameRate: measured.frameRate || probe.frameRate,
  });
  await afterReady(ctx, done);
}

const isFinal = (err: unknown) => err instanceof FfmpegError && err.final;

/** A failed attempt: the last one fails the tasks for the admin (who may retry); before it, they wait. */
async function failed(ctx: WorkerContext, assetId: string, names: string[], err: unknown, job: JobContext) {
  const reason = err instanceof FfmpegError ? err.reason : mediaMessages.uploadFailed;
  const exhausted = isFinal(err) || job.retryCount >= (transcodeQueue.retryLimit ?? 3);
  await patchTask(
    ctx,
    assetId,
    names,
    exhausted ? { state: "failed", error: reason } : { state: "queued", progress: 0 },
  ).catch(() => {});
}

/** `media-transcode`: one task of an asset (or, MEDIA_LADDER=single, its whole video ladder). */
export async function runTask(ctx: WorkerContext, assetId: string, name: string, job: JobContext) {
  if (name === LADDER_JOB) return runLadder(ctx, assetId, job);
  const asset = await assetById(ctx.db, assetId);
  if (!asset?.sourceKey || !asset.probe) return;
  const task = (asset.tasks as AssetTask[]).find((t) => t.name === name);
  if (!task || task.state === "ready") return;
  const probe = asset.probe as SourceProbe;
  await patchTask(ctx, assetId, name, { state: "running", progress: 0 });
  const { onProgress, signal } = progressWriter(ctx, assetId, name, job);
  const target = asset.targetId;
  try {
    await withWorkDir(async (dir) => {
      const source = await localSource(ctx, asset.sourceKey as string, dir);
      const out = path.join(dir, "out");
      await fs.mkdir(out);
      const run = (args: string[]) =>
        runFfmpeg(ctx.config, args, { duration: probe.duration, onProgress, signal });
      if (task.kind === "video" || task.kind === "audio") {
        await run(
          task.kind === "video"
            ? videoRungArgs(ctx.config, source, task, probe.frameRate, out)
            : audioArgs(ctx.config, source, task, out),
        );
        await publishReady(ctx, asset, task, out, probe);
        return;
      }
      if (task.kind === "poster") {
        const file = path.join(out, "poster.jpg");
        await run(posterArgs(source, probe, file));
        await stillThere(ctx, assetId);
        const key = mediaKeys.poster(target);
        await ctx.mediaStore.putFile(key, file, "image/jpeg");
        await updateAsset(ctx.db, assetId, { posterKey: key });
        await setPosterIfNone(ctx.db, asset.videoId, asset.episodeId, `/media/${key}`);
      } else {
        const layout: TrickplayLayout = trickplayLayout(probe);
        await run(trickplayArgs(source, layout, out));
        await stillThere(ctx, assetId);
        const sheets = (await fs.readdir(out)).filter((f) => /^sheet-\d{3}\.jpg$/.test(f)).sort();
        for (const [i, sheet] of sheets.entries()) {
          await ctx.mediaStore.putFile(
            mediaKeys.trickplay(target, i + 1),
            path.join(out, sheet),
            "image/jpeg",
          );
        }
        await updateAsset(ctx.db, assetId, { trickplay: layout });
      }
      await afterReady(ctx, await patchTask(ctx, assetId, name, { state: "ready", progress: 100 }));
    });
  } catch (err) {
    if (await gone(ctx, assetId, err)) return;
    await failed(ctx, assetId, [name], err, job);
    // Failed for good (the source is at fault): the job ends, not to be tried again.
    if (!isFinal(err)) throw err;
  }
}

/** The work stopped because its asset is gone (deleted or replaced): nothing to fail or retry. */
async function gone(ctx: WorkerContext, assetId: string, err: unknown) {
  if (err instanceof AssetGone) return true;
  return (await assetById(ctx.db, assetId)) === undefined;
}

/**
 * Every video rung not ready yet from one decode (MEDIA_LADDER=single): one ffmpeg that splits the
 * decoded picture into the rungs; then each rung is measured and published (segments first, the
 * playlist last) before its task says ready — the same guarantees as one job per rung, a killed
 * worker leaving nothing published and the job to be retried whole.
 */
async function runLadder(ctx: WorkerContext, assetId: string, job: JobContext) {
  const asset = await assetById(ctx.db, assetId);
  if (!asset?.sourceKey || !asset.probe) return;
  const rungs = (asset.tasks as AssetTask[]).filter((t) => t.kind === "video" && t.state !== "ready");
  if (rungs.length === 0) return;
  const names = rungs.map((t) => t.name);
  const probe = asset.probe as SourceProbe;
  await patchTask(ctx, assetId, names, { state: "running", progress: 0 });
  const { onProgress, signal } = progressWriter(ctx, assetId, names, job);
  try {
    await withWorkDir(async (dir) => {
      const source = await localSource(ctx, asset.sourceKey as string, dir);
      const outs = rungs.map((t) => path.join(dir, `out-${t.name}`));
      for (const out of outs) await fs.mkdir(out);
      await runFfmpeg(ctx.config, ladderArgs(ctx.config, source, rungs, probe.frameRate, outs), {
        duration: probe.duration,
        onProgress,
        signal,
      });
      for (const [i, task] of rungs.entries()) await publishReady(ctx, asset, task, outs[i] as string, probe);
    });
  } catch (err) {
    if (await gone(ctx, assetId, err)) return;
    const waiting = (await assetById(ctx.db, assetId))?.tasks as AssetTask[] | undefined;
    const unfinished = names.filter((n) => waiting?.find((t) => t.name === n)?.state !== "ready");
    await failed(ctx, assetId, unfinished, err, job);
    if (!isFinal(err)) throw err;
  }
}

/** Once everything is ready: the original leaves the store unless MEDIA_KEEP_ORIGINAL. */
async function afterReady(ctx: WorkerContext, asset: (AssetRow & { tasks: AssetTask[] }) | null) {
  if (!asset?.sourceKey || asset.status !== "ready" || ctx.config.media.keepOriginal) return;
  await ctx.mediaStore.delete(asset.sourceKey);
  await updateAsset(ctx.db, asset.id, { sourceKey: null });
}

/** Retry by the admin: failed tasks wait again (or the probe, when it failed). */
export async function retryAsset(ctx: WorkerContext, asset: AssetRow) {
  const tasks = (asset.tasks as AssetTask[]).map((t) =>
    t.state === "failed" ? { ...t, state: "queued" as const, progress: 0, error: undefined } : t,
  );
  await updateAsset(ctx.db, asset.id, {
    tasks,
    status: asset.probe ? "transcoding" : "queued",
    error: null,
    progress: overallProgress(tasks),
  });
  if (!asset.probe) await ctx.jobs.send(probeQueue, { assetId: asset.id });
  else await sendTasks(ctx, asset.id, tasks);
}

/** Where tus keeps the bytes of an upload id (and its `.json` description). */
export const uploadFiles = (uploadDir: string, id: string) => [
  path.join(uploadDir, id),
  path.join(uploadDir, `${id}.json`),
];

/**
 * `media-sweep`: the store forgets deleted assets (their ladder, sheets, original and generated
 * poster), and abandoned uploads leave the disk: a day old, or no longer known (signed out).
 */
export async function sweep(ctx: WorkerContext) {
  for (const item of await trashBatch(ctx.db)) {
    await ctx.mediaStore.deletePrefix(mediaKeys.ladder(item.targetId));
    await ctx.mediaStore.deletePrefix(mediaKeys.uploads(item.targetId));
    if (item.posterKey) await ctx.mediaStore.delete(item.posterKey);
    await forgetTrash(ctx.db, item.targetId);
  }
  for (const { id } of await staleUploads(ctx.db, 24)) {
    for (const file of uploadFiles(ctx.config.media.uploadDir, id)) await fs.rm(file, { force: true });
    await deleteUpload(ctx.db, id);
  }
  const names = await fs.readdir(ctx.config.media.uploadDir).catch(() => [] as string[]);
  const ids = [...new Set(names.map((n) => n.replace(/\.json$/, "")))].filter((n) =>
    /^[0-9a-f-]{36}$/.test(n),
  );
  const known = await knownUploadIds(ctx.db, ids);
  const hourAgo = Date.now() - 3600_000;
  for (const id of ids) {
    if (known.has(id)) continue;
    for (const file of uploadFiles(ctx.config.media.uploadDir, id)) {
      const st = await fs.stat(file).catch(() => null);
      if (st && st.mtimeMs < hourAgo) await fs.rm(file, { force: true });
    }
  }
}
