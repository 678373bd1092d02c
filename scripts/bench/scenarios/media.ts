/**
 * Media bench (decision 025), `npm run bench -- --media` (alone) and at the end of a full bench:
 *  1. transcoding speed, as a multiple of real time, of the ladder of a 1080p source (360p, 480p,
 *     720p, 1080p and the audio) by Bobine's pipeline (jobs, database, store), next to the same
 *     ffmpeg commands run by hand one after the other, and to one hand-written ffmpeg command
 *     making the whole ladder from one decode (split filter);
 *  2. time to first playable — the upload done to the 360p rung and the audio ready — for a
 *     10-minute 1080p source;
 *  3. segment serving p99 (curl, one keep-alive connection) through Bobine's ticketed HLS route
 *     next to nginx serving the same files.
 * Options: --media-seconds N (source of part 1, default 60), --playable-minutes N (part 2,
 * default 10), --segments N (part 3, default 400), --parts 1,2,3 (which parts; 3 needs 1),
 * --ladder single (the pipeline with MEDIA_LADDER=single: every rung from one decode).
 */
import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { openDatabase } from "#db/client";
import { profiles, users } from "#db/schema/auth";
import { subscriptionPlans } from "#db/schema/billing";
import { videos } from "#db/schema/catalogue";
import { mediaAssets } from "#db/schema/media";
import { buildApp } from "#server/app";
import { audioArgs, planTasks, probeSource, videoRungArgs } from "#server/media/ffmpeg";
import { loadConfig } from "#server/shared/config";
import { grantEntitlement } from "#server/shared/entitlement.queries";
import type { AssetTask } from "#server/shared/media-ladder";
import { createSession } from "#server/shared/session";
import { hasNginx, nginxConfig, startNginx } from "../../../tests/nginx.ts";
import { originOf } from "../baseline.ts";

const run = promisify(execFile);
const say = (line: string) => process.stdout.write(`${line}\n`);

function arg(args: string[], name: string, fallback: number) {
  const i = args.indexOf(`--${name}`);
  const value = i >= 0 ? Number(args[i + 1]) : Number.NaN;
  return Number.isFinite(value) && value > 0 ? value : fallback;
}

/** A 1080p25 source with a stereo track, made by ffmpeg (fast preset: the bench measures the ladder). */
async function makeSource(file: string, seconds: number) {
  await run("ffmpeg", [
    ...["-hide_banner", "-loglevel", "error", "-y"],
    ...["-f", "lavfi", "-i", `testsrc2=size=1920x1080:rate=25:duration=${seconds}`],
    ...["-f", "lavfi", "-i", `sine=frequency=440:duration=${seconds}`],
    ...["-c:v", "libx264", "-preset", "ultrafast", "-crf", "23", "-pix_fmt", "yuv420p"],
    ...["-c:a", "aac", "-b:a", "128k", "-shortest", file],
  ]);
}

const ms = (start: bigint) => Number(process.hrtime.bigint() - start) / 1e6;

async function wait<T>(check: () => Promise<T | null | undefined | false>, seconds: number): Promise<T> {
  const until = Date.now() + seconds * 1000;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > until) throw new Error("media bench: timed out");
    await new Promise((r) => setTimeout(r, 200));
  }
}

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? 0 : (sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0);

/** Segment fetches in sequence by one curl process over one keep-alive connection. */
async function curlTimes(dir: string, urls: string[]) {
  const file = path.join(dir, `curl-${Date.now()}.cfg`);
  const lines = urls.map((url, i) =>
    [
      i > 0 ? "next" : "",
      `url = "${url}"`,
      'output = "/dev/null"',
      'write-out = "%{http_code} %{time_total}\\n"',
    ]
      .filter(Boolean)
      .join("\n"),
  );
  fs.writeFileSync(file, `silent\n${lines.join("\n")}\n`);
  const { stdout } = await run("curl", ["--config", file], { maxBuffer: 16 * 1024 * 1024 });
  fs.rmSync(file);
  const rows = stdout
    .trim()
    .split("\n")
    .map((l) => l.split(" "));
  return {
    errors: rows.filter(([code]) => code !== "200").length,
    times: rows.map(([, t]) => Number(t) * 1000).sort((a, b) => a - b),
  };
}

export async function mediaBenchMain(args: string[], log: (line: string) => void = say) {
  const seconds = arg(args, "media-seconds", 60);
  const playableMinutes = arg(args, "playable-minutes", 10);
  const segments = arg(args, "segments", 400);
  const ladderAt = args.indexOf("--ladder");
  const ladderMode = ladderAt >= 0 && args[ladderAt + 1] === "single" ? "single" : "progressive";
  const at = args.indexOf("--parts");
  const parts = new Set((at >= 0 ? (args[at + 1] ?? "") : "1,2,3").split(",").map((p) => p.trim()));
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bobine-bench-media-"));
  fs.chmodSync(dataDir, 0o755);
  const database = await openDatabase({});
  let app: FastifyInstance | undefined;
  let nginx: Awaited<ReturnType<typeof startNginx>> | undefined;
  try {
    await database.migrate();
    const config = loadConfig({
      NODE_ENV: "production",
      LOG_LEVEL: "silent",
      SERVE_WEB: "false",
      DATA_DIR: dataDir,
      PUBLIC_URL: "http://127.0.0.1",
      JOBS_POLL_SECONDS: "0.5",
      MEDIA_LADDER: ladderMode,
    });
    app = await buildApp({ config, database });
    await app.listen({ port: 0, host: "127.0.0.1" });
    const origin = originOf(app.server.address());
    const db = database.db;
    log(
      `media: x264 preset ${config.media.ffmpegPreset}, MEDIA_LADDER=${config.media.ladder}, ${os.cpus().length} cores, load ${os.loadavg()[0]?.toFixed(1)}`,
    );

    /** Puts a source in the store as an upload would, and returns when `until` holds for its asset. */
    const pipeline = async (source: string, until: (row: typeof mediaAssets.$inferSelect) => boolean) => {
      const [video] = await db
        .insert(videos)
        .values({ title: "Bench", year: 2026, type: "movie", thumbnail: "/media/images/x.svg" })
        .returning();
      if (!video) throw new Error("bench video");
      const key = `uploads/${video.id}/source`;
      const copy = path.join(dataDir, "copy.mp4");
      fs.copyFileSync(source, copy);
      const start = process.hrtime.bigint();
      // The moment the last byte of an upload has arrived: moved into the store, probe job sent.
      const store = (await import("#server/shared/media-store")).folderStore(config.mediaDir);
      await store.putFile(key, copy);
      const [asset] = await db
        .insert(mediaAssets)
        .values({ videoId: video.id, targetId: video.id, sourceKey: key })
        .returning();
      if (!asset) throw new Error("bench asset");
      const { probeQueue } = await import("#server/media/transcode.service");
      await (await import("#server/shared/jobs"))
        .openJobs({
          database,
          log: app?.log as never,
          worksQueues: false,
          pollSeconds: 1,
        })
        .then(async (jobs) => {
          await jobs.send(probeQueue, { assetId: asset.id });
          await jobs.stop(100);
        });
      const row = await wait(async () => {
        const [r] = await db.select().from(mediaAssets).where(eq(mediaAssets.id, asset.id));
        if (r?.status === "failed") throw new Error(`pipeline failed: ${r.error}`);
        return r && until(r) ? r : null;
      }, 24 * 3600);
      return { ms: ms(start), row, videoId: video.id };
    };

    // 1. Ladder speed.
    if (parts.has("1")) {
      const source = path.join(dataDir, "source.mp4");
      await makeSource(source, seconds);
      const probe = await probeSource(config, source);
      if (!probe) throw new Error("bench source not a video");
      const ladder = planTasks(probe, { poster: false }).filter(
        (t) => t.kind === "video" || t.kind === "audio",
      );
      log(`1. ladder of a ${seconds} s 1080p25 source: ${ladder.map((t) => t.name).join(", ")}`);
      const byPipeline = await pipeline(source, (r) => {
        const work = (r.tasks as AssetTask[]).filter((t) => t.kind === "video" || t.kind === "audio");
        return work.length > 0 && work.every((t) => t.state === "ready");
      });
      const handDir = path.join(dataDir, "hand");
      let handStart = process.hrtime.bigint();
      for (const task of ladder) {
        const out = path.join(handDir, task.name);
        fs.mkdirSync(out, { recursive: true });
        const taskArgs =
          task.kind === "video"
            ? videoRungArgs(config, source, task, probe.frameRate, out)
            : audioArgs(config, source, task, out);
        await run("ffmpeg", ["-hide_banner", "-nostdin", "-y", "-loglevel", "error", ...taskArgs]);
      }
      const bySequence = ms(handStart);
      // One command: one decode, split into the rungs, each encoded with the same settings.
      fs.rmSync(handDir, { recursive: true, force: true });
      const videoRungs = ladder.filter((t) => t.kind === "video");
      const filter = `[0:v]split=${videoRungs.length}${videoRungs.map((_, i) => `[v${i}]`).join("")};${videoRungs
        .map((t, i) => `[v${i}]scale=${t.width}:${t.height}:flags=bicubic,format=yuv420p[o${i}]`)
        .join(";")}`;
      const oneArgs = [
        "-hide_banner",
        "-nostdin",
        "-y",
        "-loglevel",
        "error",
        "-i",
        source,
        "-filter_complex",
        filter,
      ];
      videoRungs.forEach((t, i) => {
        const out = path.join(handDir, t.name);
        fs.mkdirSync(out, { recursive: true });
        const own = videoRungArgs(config, source, t, probe.frameRate, out);
        const codecAt = own.indexOf("-c:v");
        oneArgs.push("-map", `[o${i}]`, "-an", ...own.slice(codecAt));
      });
      const audioOut = path.join(handDir, "audio-0");
      fs.mkdirSync(audioOut, { recursive: true });
      const audioOwn = audioArgs(
        config,
        source,
        ladder.find((t) => t.kind === "audio") as AssetTask,
        audioOut,
      );
      oneArgs.push("-map", "0:a:0", "-vn", ...audioOwn.slice(audioOwn.indexOf("-c:a")));
      handStart = process.hrtime.bigint();
      await run("ffmpeg", oneArgs);
      const byOne = ms(handStart);
      const speed = (t: number) =>
        `${((seconds * 1000) / t).toFixed(2)}× real time (${(t / 1000).toFixed(1)} s)`;
      log(`   Bobine pipeline (jobs, database, store)       ${speed(byPipeline.ms)}`);
      log(`   bare ffmpeg, the same commands in sequence     ${speed(bySequence)}`);
      log(`   bare ffmpeg, one command (one decode, split)   ${speed(byOne)}`);
      log(
        `   pipeline overhead: ${(((byPipeline.ms - bySequence) / bySequence) * 100).toFixed(1)} % over the same commands, ${(((byPipeline.ms - byOne) / byOne) * 100).toFixed(1)} % over one command (target ≤ 10 %)`,
      );

      // 3 (before 2, on this ladder). Segments through the ticket next to nginx.
      if (hasNginx && parts.has("3")) {
        const [user] = await db
          .insert(users)
          .values({ email: "bench-media@bobine.example", emailVerified: true })
          .returning();
        if (!user) throw new Error("bench user");
        await db.insert(profiles).values({ id: user.id, username: "bench-media" });
        const [plan] = await db
          .select({ id: subscriptionPlans.id })
          .from(subscriptionPlans)
          .where(eq(subscriptionPlans.code, "lifetime"));
        if (!plan) throw new Error("plan");
        await db.transaction((tx) =>
          grantEntitlement(tx, { userId: user.id, planId: plan.id, source: "demo", endsAt: null }),
        );
        const { token } = await createSession(db, config, user.id, { ip: "127.0.0.1", userAgent: "bench" });
        const ticket = await app.inject({
          method: "POST",
          url: `/api/videos/${byPipeline.videoId}/ticket`,
          headers: { cookie: `bobine_session=${token}`, "user-agent": "curl" },
          payload: { deviceId: "bench-media" },
        });
        if (ticket.statusCode !== 200) throw new Error(`ticket ${ticket.statusCode} ${ticket.body}`);
        const ticketToken = encodeURIComponent(ticket.json().token as string);
        const rungDir = path.join(config.mediaDir, "hls", byPipeline.videoId, "720p");
        const names = fs
          .readdirSync(rungDir)
          .filter((n) => n.endsWith(".m4s"))
          .sort();
        nginx = await startNginx((prefix, listenPort) =>
          nginxConfig({
            prefix,
            listenPort,
            bobinePort: Number(new URL(origin).port),
            mediaDir: config.mediaDir,
            extraLocations: `
    location /bench-hls/ {
        alias ${rungDir}/;
        sendfile on;
        tcp_nopush on;
    }`,
          }),
        );
        const pick = (i: number) => names[i % names.length] as string;
        const bobineUrls = Array.from(
          { length: segments },
          (_, i) => `${origin}/api/stream/hls/${byPipeline.videoId}/720p/${pick(i)}?token=${ticketToken}`,
        );
        const nginxUrls = Array.from({ length: segments }, (_, i) => `${nginx?.origin}/bench-hls/${pick(i)}`);
        await curlTimes(dataDir, bobineUrls.slice(0, 20));
        await curlTimes(dataDir, nginxUrls.slice(0, 20));
        const b = await curlTimes(dataDir, bobineUrls);
        const n = await curlTimes(dataDir, nginxUrls);
        const avg = Math.round(
          names.reduce((s, name) => s + fs.statSync(path.join(rungDir, name)).size, 0) / names.length / 1024,
        );
        log(`3. ${segments} 720p segments (~${avg} KiB each), curl on one keep-alive connection:`);
        log(
          `   nginx static            p50 ${percentile(n.times, 50).toFixed(2)} ms  p99 ${percentile(n.times, 99).toFixed(2)} ms${n.errors ? `  !! ${n.errors} errors` : ""}`,
        );
        log(
          `   Bobine (ticket checked) p50 ${percentile(b.times, 50).toFixed(2)} ms  p99 ${percentile(b.times, 99).toFixed(2)} ms${b.errors ? `  !! ${b.errors} errors` : ""}  (p99 ${(percentile(b.times, 99) / Math.max(0.01, percentile(n.times, 99))).toFixed(1)}× nginx)`,
        );
      } else if (parts.has("3")) {
        log("3. segment serving skipped: needs /usr/sbin/nginx");
      }
    }

    // 2. Time to first playable for a long 1080p source.
    if (!parts.has("2")) return;
    const long = path.join(dataDir, "long.mp4");
    log(`2. time to first playable: making a ${playableMinutes}-minute 1080p25 source…`);
    await makeSource(long, playableMinutes * 60);
    const firstPlayable = await pipeline(long, (r) => r.playable);
    log(
      `   upload done → 360p and audio ready (playable): ${(firstPlayable.ms / 1000).toFixed(1)} s for ${playableMinutes} min of 1080p`,
    );
    await db.delete(mediaAssets).where(eq(mediaAssets.id, firstPlayable.row.id));
  } finally {
    await nginx?.stop();
    await app?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
