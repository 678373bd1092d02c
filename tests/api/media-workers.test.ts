import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { videos } from "#db/schema/catalogue";
import { mediaAssets } from "#db/schema/media";
import { probeAsset, runTask, transcodeQueue } from "#server/media/transcode.service";
import type { WorkerContext } from "#server/shared/context";
import { type Jobs, openJobs } from "#server/shared/jobs";
import type { AssetTask } from "#server/shared/media-ladder";
import { folderStore } from "#server/shared/media-store";
import { scaled } from "#tests/support/time-scale";
import { makeVideo } from "../factories/catalogue.ts";
import { createTestApp, type TestApp } from "../harness.ts";
import { eventually, makeClip, tmpDir } from "../support/media.ts";
import { silentLog } from "../support/silent-log.ts";

/**
 * Transcoding workers (decision 025, docs/decisions/011-jobs.md): a worker killed in the middle of a
 * rung leaves nothing published and the job is retried and completes elsewhere; two workers never
 * take the same job. The application here works no queue itself (JOBS_IN_PROCESS=false): the
 * workers are opened by the test.
 */
let t: TestApp;
let dir: string;
const opened: Jobs[] = [];

beforeAll(async () => {
  t = await createTestApp({
    env: { MEDIA_FFMPEG_PRESET: "ultrafast", JOBS_IN_PROCESS: "false", JOBS_POLL_SECONDS: "0.5" },
  });
  dir = tmpDir();
}, scaled(120_000));
afterAll(async () => {
  for (const jobs of opened) await jobs.stop(1000).catch(() => {});
  await t?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

async function worker(): Promise<WorkerContext> {
  const jobs = await openJobs({
    database: t.database,
    log: silentLog,
    worksQueues: true,
    pollSeconds: 0.5,
    superviseSeconds: 1,
  });
  opened.push(jobs);
  return {
    config: t.config,
    database: t.database,
    db: t.database.db,
    mailer: undefined as unknown as WorkerContext["mailer"],
    jobs,
    mediaStore: folderStore(t.config.mediaDir),
    log: silentLog,
  };
}

/** A film whose source is in the store and whose asset is probed (its task jobs sent). */
async function probedFilm(ctx: WorkerContext, clip: string) {
  const film = await makeVideo(t.database.db, { videoUrl: null, thumbnail: "/media/images/donne.svg" });
  const key = `uploads/${film.id}/source`;
  await ctx.mediaStore.put(key, fs.readFileSync(clip));
  const [asset] = await t.database.db
    .insert(mediaAssets)
    .values({ videoId: film.id, targetId: film.id, sourceKey: key })
    .returning();
  if (!asset) throw new Error("no asset");
  await probeAsset(ctx, asset.id, { id: "test", retryCount: 0, signal: new AbortController().signal });
  return { film, asset };
}

const rowOf = async (id: string) =>
  (await t.database.db.select().from(mediaAssets).where(eq(mediaAssets.id, id)))[0];

describe("transcoding workers", () => {
  it(
    "a worker killed mid-rung publishes nothing, and the job is retried and completes",
    async () => {
      const clip = makeClip(dir, { width: 854, height: 480, seconds: 8, rate: 25, name: "kill.mp4" });
      const dying = await worker();
      const { film, asset } = await probedFilm(dying, clip);
      // The dying worker's ffmpeg writes the whole rung into its work folder, says so, then never
      // exits: the worker is killed at that moment, whatever the machine's speed (a timer was not).
      const written = path.join(dir, "rung-written");
      const ffmpeg = path.join(dir, "ffmpeg-then-hang.sh");
      fs.writeFileSync(
        ffmpeg,
        `#!/bin/sh\n${t.config.media.ffmpegPath} "$@" || exit $?\ntouch "${written}"\nexec sleep 600\n`,
        { mode: 0o755 },
      );
      const hanging = { ...dying, config: { ...t.config, media: { ...t.config.media, ffmpegPath: ffmpeg } } };
      const kill = new AbortController();
      let attempts = 0;
      await dying.jobs.work(transcodeQueue, async (data, job) => {
        attempts += 1;
        try {
          // ffmpeg dies with the process: SIGKILL through the signal.
          await runTask(hanging, data.assetId, data.task, { ...job, signal: kill.signal });
        } catch {
          // The process is gone: nothing more is written, no failure is reported, the claim stays.
        }
        await new Promise(() => {});
      });
      try {
        await eventually(async () => fs.existsSync(written), 60);
        kill.abort();
      } finally {
        await dying.jobs.stop(0);
      }
      expect(attempts).toBe(1);

      const killed = await rowOf(asset.id);
      expect(killed?.playable).toBe(false);
      expect(killed?.status).not.toBe("ready");
      const first = ((killed?.tasks ?? []) as AssetTask[]).find((task) => task.state !== "ready");
      expect(first).toBeDefined();
      // Never half-published: the interrupted rendition has no playlist in the store.
      expect(fs.existsSync(path.join(t.config.mediaDir, "hls", film.id, "360p", "index.m3u8"))).toBe(false);

      const rescuer = await worker();
      await rescuer.jobs.work(transcodeQueue, (data, job) => runTask(rescuer, data.assetId, data.task, job));
      const done = await eventually(async () => {
        const row = await rowOf(asset.id);
        return row?.status === "ready" ? row : null;
      }, 180);
      expect(done.playable).toBe(true);
      expect((done.tasks as AssetTask[]).every((task) => task.state === "ready")).toBe(true);
      expect(fs.existsSync(path.join(t.config.mediaDir, "hls", film.id, "360p", "index.m3u8"))).toBe(true);
      await rescuer.jobs.stop(1000);
    },
    scaled(300_000),
  );

  it(
    "deleting a film while its rung is encoded stops ffmpeg, and the job ends without a retry",
    async () => {
      const clip = makeClip(dir, { width: 854, height: 480, seconds: 3, rate: 10, name: "deleted.mp4" });
      const ctx = await worker();
      const { film, asset } = await probedFilm(ctx, clip);
      // An ffmpeg that reports progress for ever, its process id written down.
      const pidFile = path.join(dir, "endless.pid");
      const ffmpeg = path.join(dir, "ffmpeg-endless.sh");
      fs.writeFileSync(
        ffmpeg,
        `#!/bin/sh\necho $$ > "${pidFile}"\nwhile true; do echo out_time_us=1000000; sleep 0.2; done\n`,
        { mode: 0o755 },
      );
      const endless = { ...ctx, config: { ...t.config, media: { ...t.config.media, ffmpegPath: ffmpeg } } };
      const job = { id: "test", retryCount: 0, signal: new AbortController().signal };
      const running = runTask(endless, asset.id, "360p", job);
      const pid = await eventually(
        async () => fs.existsSync(pidFile) && Number(fs.readFileSync(pidFile, "utf8")),
      );
      await t.database.db.delete(videos).where(eq(videos.id, film.id));
      // The next progress report finds the asset gone: ffmpeg is killed, the task ends quietly.
      await expect(running).resolves.toBeUndefined();
      expect(() => process.kill(pid, 0)).toThrow();
      expect(fs.existsSync(path.join(t.config.mediaDir, "hls", film.id, "360p"))).toBe(false);
    },
    scaled(120_000),
  );

  it(
    "a rung finished after its film's file was replaced is thrown away, not published over the new one",
    async () => {
      const clip = makeClip(dir, { width: 854, height: 480, seconds: 3, rate: 10, name: "replaced.mp4" });
      const ctx = await worker();
      const { film, asset } = await probedFilm(ctx, clip);
      // A real encode that waits, once done, until the test lets it go.
      const done = path.join(dir, "encoded");
      const go = path.join(dir, "go");
      const ffmpeg = path.join(dir, "ffmpeg-then-wait.sh");
      fs.writeFileSync(
        ffmpeg,
        `#!/bin/sh\n${t.config.media.ffmpegPath} "$@" || exit $?\ntouch "${done}"\nwhile [ ! -e "${go}" ]; do sleep 0.1; done\n`,
        { mode: 0o755 },
      );
      const waiting = { ...ctx, config: { ...t.config, media: { ...t.config.media, ffmpegPath: ffmpeg } } };
      const job = { id: "test", retryCount: 0, signal: new AbortController().signal };
      const running = runTask(waiting, asset.id, "360p", job);
      await eventually(async () => fs.existsSync(done), 60);
      // The administrator's new file takes the asset's place (replaceAsset): the old one is gone.
      await t.database.db.delete(mediaAssets).where(eq(mediaAssets.id, asset.id));
      fs.writeFileSync(go, "");
      await expect(running).resolves.toBeUndefined();
      expect(fs.existsSync(path.join(t.config.mediaDir, "hls", film.id, "360p", "index.m3u8"))).toBe(false);
    },
    scaled(120_000),
  );

  it(
    "two workers on the same queue never take the same job",
    async () => {
      const clip = makeClip(dir, { width: 854, height: 480, seconds: 3, rate: 10, name: "pair.mp4" });
      const a = await worker();
      const b = await worker();
      const { asset } = await probedFilm(a, clip);
      const ran: string[] = [];
      for (const [name, ctx] of [
        ["a", a],
        ["b", b],
      ] as const) {
        await ctx.jobs.work(transcodeQueue, async (data, job) => {
          if (data.assetId === asset.id) ran.push(`${data.task}:${name}`);
          await runTask(ctx, data.assetId, data.task, job);
        });
      }
      const done = await eventually(async () => {
        const row = await rowOf(asset.id);
        return row?.status === "ready" ? row : null;
      }, 180);
      const tasks = (done.tasks as AssetTask[]).map((task) => task.name);
      expect(tasks).toEqual(["360p", "480p", "audio-0", "trickplay"]);
      // Each task ran once, on one worker or the other.
      expect(ran.map((r) => r.split(":")[0]).sort()).toEqual([...tasks].sort());
    },
    scaled(300_000),
  );
});
