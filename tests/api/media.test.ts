import { execFileSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import type net from "node:net";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type MediaAsset, mediaMessages } from "#contract/media";
import type { TicketResponse } from "#contract/stream";
import { videos } from "#db/schema/catalogue";
import { mediaAssets, mediaUploads } from "#db/schema/media";
import { importFile } from "#server/media/import.service";
import { openJobs } from "#server/shared/jobs";
import { folderStore } from "#server/shared/media-store";
import { scaled } from "#tests/support/time-scale";
import { makeEpisode, makeVideo } from "../factories/catalogue.ts";
import { newDeviceId } from "../factories/stream.ts";
import { createTestApp, type TestApp } from "../harness.ts";
import {
  eventually,
  makeClip,
  tmpDir,
  tusCreate,
  tusHeaders,
  tusPatch,
  tusUpload,
} from "../support/media.ts";
import { type SignedIn, signedIn, signedInAdmin } from "../support/members.ts";
import { silentLog } from "../support/silent-log.ts";

/**
 * The media pipeline through the API (decision 025): a clip made by ffmpeg here is uploaded with tus,
 * probed, transcoded into an HLS ladder by the in-process workers and played through the stream
 * ticket, capped by plan (SECURITY-CHECKLIST 38, 39, 40).
 */
let t: TestApp;
let admin: SignedIn;
let dir: string;
let clip: string;
let film: { id: string };
let asset: MediaAsset;

const assets = async (videoId?: string) => {
  const res = await admin.call("GET", `/api/admin/media/assets${videoId ? `?videoId=${videoId}` : ""}`);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { items: MediaAsset[] }).items;
};

const readyAsset = (videoId: string) =>
  eventually(async () => {
    const [found] = await assets(videoId);
    if (found?.status === "failed") throw new Error(found.error ?? "failed");
    return found?.status === "ready" ? found : null;
  }, 240);

async function ticketFor(viewer: SignedIn, videoId: string, body: object = {}) {
  const res = await t.app.inject({
    method: "POST",
    url: `/api/videos/${videoId}/ticket`,
    headers: { cookie: viewer.cookie },
    payload: { deviceId: newDeviceId(), ...body },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as TicketResponse;
}

const get = (url: string) => t.app.inject({ method: "GET", url, headers: { "user-agent": "vitest-hls" } });

/** The URI lines and the STREAM-INF attributes of a master playlist. */
function parseMaster(text: string) {
  const lines = text.trim().split("\n");
  const variants: { attrs: string; uri: string }[] = [];
  lines.forEach((line, i) => {
    if (line.startsWith("#EXT-X-STREAM-INF:")) variants.push({ attrs: line, uri: lines[i + 1] ?? "" });
  });
  return { lines, variants };
}

/** A URI of a playlist, resolved against the playlist's own URL. */
const resolve = (base: string, uri: string) =>
  new URL(uri, `http://x${base}`).pathname + new URL(uri, `http://x${base}`).search;

beforeAll(async () => {
  t = await createTestApp({
    env: { MEDIA_FFMPEG_PRESET: "ultrafast", JOBS_POLL_SECONDS: "0.5", MEDIA_UPLOAD_MAX_MB: "50" },
  });
  admin = await signedInAdmin(t);
  dir = tmpDir();
  clip = makeClip(dir);
  film = await makeVideo(t.database.db, { videoUrl: null, thumbnail: null });
  const upload = await tusUpload(t.app, admin.cookie, clip, {
    videoId: film.id,
    filename: "../../etc/passwd",
  });
  expect(upload.created.statusCode, upload.created.body).toBe(201);
  expect(upload.last.statusCode, upload.last.body).toBe(204);
  asset = await readyAsset(film.id);
}, scaled(300_000));
afterAll(async () => {
  await t?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe("upload → ladder → playable", () => {
  it("builds every rung the 1080p source allows, its audio, a poster and trickplay sheets", () => {
    expect(asset.progress).toBe(100);
    expect(asset.playable).toBe(true);
    expect(asset.tasks.map((task) => [task.name, task.state])).toEqual([
      ["360p", "ready"],
      ["480p", "ready"],
      ["720p", "ready"],
      ["1080p", "ready"],
      ["audio-0", "ready"],
      ["poster", "ready"],
      ["trickplay", "ready"],
    ]);
    const store = t.config.mediaDir;
    expect(fs.existsSync(path.join(store, "hls", film.id, "1080p", "init.mp4"))).toBe(true);
    expect(fs.existsSync(path.join(store, "hls", film.id, "trickplay", "sheet-001.jpg"))).toBe(true);
    expect(fs.existsSync(path.join(store, "uploads", film.id, "source"))).toBe(true);
    // The given file name never reached a path: only Bobine's own names are in the store.
    expect(fs.readdirSync(path.join(store, "uploads", film.id))).toEqual(["source"]);
    // Nothing of the upload stays in the tus folder.
    expect(fs.readdirSync(t.config.media.uploadDir)).toEqual([]);
  });

  it("gives the film the poster frame when it had none", async () => {
    const [row] = await t.database.db
      .execute<{ thumbnail: string }>(sql`select thumbnail from videos where id = ${film.id}`)
      .then((r) => (r as unknown as { rows: { thumbnail: string }[] }).rows);
    expect(row?.thumbnail).toBe(`/media/images/${film.id}-poster.jpg`);
    expect(fs.existsSync(path.join(t.config.mediaDir, "images", `${film.id}-poster.jpg`))).toBe(true);
  });

  it("a premium member's master lists up to 1080p with bandwidth, resolution, frame rate, codecs and the French audio", async () => {
    const premium = await signedIn(t, { plan: "premium_monthly" });
    const tk = await ticketFor(premium, film.id);
    expect(tk.hls).toBe(true);
    expect(tk.qualities.map((q) => q.name)).toEqual(["360p", "480p", "720p", "1080p"]);
    expect(tk.trickplay).toMatchObject({
      intervalSeconds: 10,
      tileWidth: 320,
      columns: 10,
      rows: 10,
      count: 1,
    });
    const res = await get(tk.url);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["content-type"]).toContain("application/vnd.apple.mpegurl");
    const { lines, variants } = parseMaster(res.body);
    expect(variants.map((v) => /RESOLUTION=(\d+x\d+)/.exec(v.attrs)?.[1])).toEqual([
      "640x360",
      "854x480",
      "1280x720",
      "1920x1080",
    ]);
    for (const v of variants) {
      expect(v.attrs).toMatch(/BANDWIDTH=\d{4,}/);
      expect(v.attrs).toMatch(/FRAME-RATE=10\.000/);
      // ultrafast (the tests' preset) gives Constrained Baseline: avc1.42e0xx; veryfast, High: 6400xx.
      expect(v.attrs).toMatch(/CODECS="avc1\.(42e0|6400)[0-9a-f]{2},mp4a\.40\.2"/);
      expect(v.uri).toContain("token=");
    }
    expect(lines.find((l) => l.startsWith("#EXT-X-MEDIA:TYPE=AUDIO"))).toContain('LANGUAGE="fr"');

    // Premium fetches the 1080p rung: its playlist, init and first segment.
    const rung = variants[3] as { uri: string };
    const playlistUrl = resolve(tk.url, rung.uri);
    const playlist = await get(playlistUrl);
    expect(playlist.statusCode).toBe(200);
    expect(playlist.body).toMatch(/#EXT-X-MAP:URI="init\.mp4\?token=/);
    const segment = playlist.body.split("\n").find((l) => l.startsWith("seg-")) as string;
    const seg = await get(resolve(playlistUrl, segment));
    expect(seg.statusCode).toBe(200);
    expect(seg.rawPayload.length).toBeGreaterThan(1000);
    // A range of a segment, as a player may ask.
    const ranged = await t.app.inject({
      method: "GET",
      url: resolve(playlistUrl, segment),
      headers: { "user-agent": "vitest-hls", range: "bytes=0-99" },
    });
    expect(ranged.statusCode).toBe(206);
    expect(ranged.rawPayload.length).toBe(100);
  });

  it("a basic member's master stops at 720p, and the 1080p playlist and segments are refused for their ticket", async () => {
    const basic = await signedIn(t, { plan: "basic_monthly" });
    const tk = await ticketFor(basic, film.id);
    expect(tk.qualities.map((q) => q.name)).toEqual(["360p", "480p", "720p"]);
    const { variants } = parseMaster((await get(tk.url)).body);
    expect(variants.map((v) => /RESOLUTION=\d+x(\d+)/.exec(v.attrs)?.[1])).toEqual(["360", "480", "720"]);
    const base = tk.url.replace(/master\.m3u8.*$/, "");
    const token = encodeURIComponent(tk.token);
    for (const url of [
      `${base}1080p/index.m3u8?token=${token}`,
      `${base}1080p/init.mp4?token=${token}`,
      `${base}1080p/seg-00001.m4s?token=${token}`,
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(403);
      expect(res.json().message).toBe(mediaMessages.rungRefused);
    }
    expect((await get(`${base}720p/seg-00001.m4s?token=${token}`)).statusCode).toBe(200);
  });

  it("a ticket for one video opens no other video's ladder, and segment names cannot climb out", async () => {
    const other = await makeVideo(t.database.db, { videoUrl: "local:videos/autre.mp4" });
    const premium = await signedIn(t, { plan: "premium_monthly" });
    const otherTicket = await ticketFor(premium, other.id);
    expect(otherTicket.hls).toBe(false);
    const token = encodeURIComponent(otherTicket.token);
    const res = await get(`/api/stream/hls/${film.id}/master.m3u8?token=${token}`);
    expect(res.statusCode).toBe(403);
    expect((await get(`/api/stream/hls/${film.id}/360p/seg-00001.m4s?token=${token}`)).statusCode).toBe(403);
    const mine = await ticketFor(premium, film.id);
    const mineToken = encodeURIComponent(mine.token);
    for (const name of ["..%2F..%2Fuploads%2Fsource", "..", "index.m3u8.bak", "seg-1.m4s", "source"]) {
      const answer = await get(`/api/stream/hls/${film.id}/360p/${name}?token=${mineToken}`);
      expect([400, 404], name).toContain(answer.statusCode);
    }
    expect((await get(`/api/stream/hls/${film.id}/uploads/source?token=${mineToken}`)).statusCode).toBe(400);
    // The ladder's ticket does not open the single-file proxy either.
    expect((await get(`/api/videos/proxy?videoId=${film.id}&token=${mineToken}`)).statusCode).toBe(403);
  });

  it("a video whose ladder is not ready yet gets no ticket", async () => {
    const waiting = await makeVideo(t.database.db, { videoUrl: null });
    await t.database.db.insert(mediaAssets).values({
      videoId: waiting.id,
      targetId: waiting.id,
      status: "transcoding",
      sourceKey: `uploads/${waiting.id}/source`,
    });
    const premium = await signedIn(t, { plan: "premium_monthly" });
    const res = await t.app.inject({
      method: "POST",
      url: `/api/videos/${waiting.id}/ticket`,
      headers: { cookie: premium.cookie },
      payload: { deviceId: newDeviceId() },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(mediaMessages.notReady);
  });
});

describe("uploads", () => {
  it("refuses a file that is not a video, in French, and keeps nothing", async () => {
    const fake = path.join(dir, "film.mp4");
    fs.writeFileSync(fake, `<html><script>alert(1)</script>${"x".repeat(5000)}</html>`);
    const target = await makeVideo(t.database.db, { videoUrl: null });
    const { created, last } = await tusUpload(t.app, admin.cookie, fake, { videoId: target.id });
    expect(created.statusCode).toBe(201);
    expect(last.statusCode).toBe(415);
    expect(JSON.parse(last.body).message).toBe(mediaMessages.notAVideo);
    expect(fs.readdirSync(t.config.media.uploadDir)).toEqual([]);
    expect(await assets(target.id)).toEqual([]);
    expect(
      await t.database.db.select().from(mediaUploads).where(eq(mediaUploads.videoId, target.id)),
    ).toEqual([]);
    expect(fs.existsSync(path.join(t.config.mediaDir, "uploads", target.id))).toBe(false);
  });

  it("a source cut short whose index still announces its whole length fails at once, in French, naming both lengths; nothing of it plays", async () => {
    // The index (moov) first, then half the file: ffmpeg encodes the first half and exits 0.
    const whole = makeClip(dir, { width: 426, height: 240, seconds: 12, rate: 10, name: "whole.mp4" });
    const indexed = path.join(dir, "indexed.mp4");
    execFileSync("ffmpeg", [
      "-hide_banner",
      "-loglevel",
      "error",
      "-y",
      "-i",
      whole,
      "-c",
      "copy",
      "-movflags",
      "+faststart",
      indexed,
    ]);
    const cut = path.join(dir, "cut.mp4");
    const bytes = fs.readFileSync(indexed);
    fs.writeFileSync(cut, bytes.subarray(0, Math.floor(bytes.length / 2)));
    const target = await makeVideo(t.database.db, { videoUrl: null, thumbnail: null });
    const { last } = await tusUpload(t.app, admin.cookie, cut, { videoId: target.id });
    expect(last.statusCode, last.body).toBe(204);
    const failed = await eventually(async () => {
      const [found] = await assets(target.id);
      return found?.status === "failed" ? found : null;
    }, 240);
    expect(failed.tasks.some((task) => task.kind === "video" && task.state === "failed")).toBe(true);
    expect(failed.error).toMatch(
      /le fichier source est tronqué : sa lecture s'arrête à 0:0\d sur les 0:12 qu'il annonce/,
    );
    const ticket = await t.app.inject({
      method: "POST",
      url: `/api/videos/${target.id}/ticket`,
      headers: { cookie: admin.cookie },
      payload: { deviceId: newDeviceId() },
    });
    expect(ticket.statusCode).not.toBe(200);
  });

  it("refuses an upload over MEDIA_UPLOAD_MAX_MB before any byte, and an empty one", async () => {
    const target = await makeVideo(t.database.db, { videoUrl: null });
    const big = await tusCreate(t.app, admin.cookie, 51 * 1024 * 1024, { videoId: target.id });
    expect(big.statusCode).toBe(413);
    expect(big.json().message).toBe(mediaMessages.tooLarge(50 * 1024 * 1024));
    const empty = await tusCreate(t.app, admin.cookie, 0, { videoId: target.id });
    expect(empty.statusCode).toBe(415);
    const unknown = await tusCreate(t.app, admin.cookie, 10, { videoId: "pas-un-film" });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe(mediaMessages.uploadTargetMissing);
  });

  it("an upload belongs to the session that created it: another administrator's session cannot resume or cancel it", async () => {
    const target = await makeVideo(t.database.db, { videoUrl: null });
    const created = await tusCreate(t.app, admin.cookie, 1000, { videoId: target.id });
    const url = String(created.headers.location);
    const other = await signedInAdmin(t);
    for (const method of ["HEAD", "PATCH", "DELETE"] as const) {
      const res =
        method === "PATCH"
          ? await tusPatch(t.app, other.cookie, url, 0, Buffer.alloc(10))
          : await t.app.inject({ method, url, headers: { cookie: other.cookie, ...tusHeaders } });
      expect(res.statusCode, method).toBe(404);
    }
    // A member is not an administrator at all.
    const member = await signedIn(t);
    const res = await t.app.inject({
      method: "HEAD",
      url,
      headers: { cookie: member.cookie, ...tusHeaders },
    });
    expect(res.statusCode).toBe(403);
    // Its own session cancels it: nothing stays.
    const cancel = await t.app.inject({
      method: "DELETE",
      url,
      headers: { cookie: admin.cookie, ...tusHeaders },
    });
    expect(cancel.statusCode).toBe(204);
    expect(fs.readdirSync(t.config.media.uploadDir)).toEqual([]);
  });

  it("an upload cut off mid-chunk resumes from where the server got to", async () => {
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    const port = (t.app.server.address() as net.AddressInfo).port;
    const small = makeClip(dir, { width: 426, height: 240, seconds: 2, name: "small.mp4" });
    const bytes = fs.readFileSync(small);
    const episodeOf = await makeVideo(t.database.db, { type: "series", videoUrl: null });
    const episode = await makeEpisode(t.database.db, episodeOf.id, { videoUrl: null });
    const created = await tusCreate(t.app, admin.cookie, bytes.length, {
      videoId: episodeOf.id,
      episodeId: episode.id,
    });
    expect(created.statusCode).toBe(201);
    const url = String(created.headers.location);
    const half = Math.floor(bytes.length / 2);
    // The network goes away after half the file: the request never completes.
    await new Promise<void>((done) => {
      const req = http.request({
        host: "127.0.0.1",
        port,
        method: "PATCH",
        path: url,
        headers: {
          cookie: admin.cookie,
          ...tusHeaders,
          "content-type": "application/offset+octet-stream",
          "upload-offset": "0",
          "content-length": String(bytes.length),
        },
      });
      req.on("error", () => done());
      req.write(bytes.subarray(0, half), () => setTimeout(() => req.destroy(), 300));
      req.on("close", () => done());
    });
    const offset = await eventually(async () => {
      const head = await t.app.inject({
        method: "HEAD",
        url,
        headers: { cookie: admin.cookie, ...tusHeaders },
      });
      expect(head.statusCode).toBe(200);
      const at = Number(head.headers["upload-offset"]);
      return at > 0 ? at : null;
    }, 10);
    expect(offset).toBeLessThanOrEqual(half);
    const rest = await tusPatch(t.app, admin.cookie, url, offset, bytes.subarray(offset));
    expect(rest.statusCode, rest.body).toBe(204);
    const [row] = await t.database.db.select().from(mediaAssets).where(eq(mediaAssets.targetId, episode.id));
    expect(row?.sourceBytes).toBe(bytes.length);
    expect(fs.readFileSync(path.join(t.config.mediaDir, "uploads", episode.id, "source")).equals(bytes)).toBe(
      true,
    );
  });
});

describe("failures and retry", () => {
  it(
    "a failed transcoding says why in French, and the administrator's retry completes it",
    async () => {
      const film = await makeVideo(t.database.db, { videoUrl: null, thumbnail: "/media/images/donnee.svg" });
      const [row] = await t.database.db
        .insert(mediaAssets)
        .values({
          videoId: film.id,
          targetId: film.id,
          status: "failed",
          sourceKey: `uploads/${film.id}/source`,
        })
        .returning();
      if (!row) throw new Error("no asset");
      // Retried while its source is missing from the store: the analysis fails, and says why.
      expect((await admin.call("POST", `/api/admin/media/assets/${row.id}/retry`)).statusCode).toBe(200);
      const failed = await eventually(async () => {
        const [found] = await assets(film.id);
        return found?.status === "failed" && found.error ? found : null;
      });
      expect(failed.error).toBe(mediaMessages.failedTask("analyse", mediaMessages.ffmpeg.missingSource));
      const small = makeClip(dir, { width: 426, height: 240, seconds: 2, name: "retry.mp4" });
      fs.mkdirSync(path.join(t.config.mediaDir, "uploads", film.id), { recursive: true });
      fs.copyFileSync(small, path.join(t.config.mediaDir, "uploads", film.id, "source"));
      const retried = await admin.call("POST", `/api/admin/media/assets/${row.id}/retry`);
      expect(retried.statusCode).toBe(200);
      expect(retried.json().error).toBeNull();
      const ready = await readyAsset(film.id);
      expect(ready.playable).toBe(true);
      const again = await admin.call("POST", `/api/admin/media/assets/${row.id}/retry`);
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe(mediaMessages.notFailed);
    },
    scaled(240_000),
  );
});

describe("npm run media:import", () => {
  it(
    "sends a file of the operator's library through the same pipeline, leaving the file where it is",
    async () => {
      const ctx = {
        config: t.config,
        database: t.database,
        db: t.database.db,
        mailer: undefined as never,
        jobs: await openJobs({ database: t.database, log: silentLog, worksQueues: false, pollSeconds: 1 }),
        mediaStore: folderStore(t.config.mediaDir),
        log: silentLog,
      };
      try {
        const file = makeClip(dir, { width: 426, height: 240, seconds: 2, name: "le_grand-voyage.2019.mp4" });
        const result = await importFile(ctx, file);
        if (!result.ok) throw new Error(result.reason);
        expect(result.title).toBe("le grand voyage 2019");
        expect(fs.existsSync(file)).toBe(true);
        const ready = await readyAsset(result.videoId);
        expect(ready.tasks.map((task) => task.name)).toContain("360p");
        const notVideo = path.join(dir, "notes.txt");
        fs.writeFileSync(notVideo, "pas une vidéo");
        expect(await importFile(ctx, notVideo)).toEqual({ ok: false, reason: "not-a-video" });
        expect(await importFile(ctx, path.join(dir, "absent.mp4"))).toEqual({ ok: false, reason: "missing" });
      } finally {
        await ctx.jobs.stop(500);
      }
    },
    scaled(240_000),
  );
});

describe("deleting", () => {
  it("deleting a video's media removes its ladder, thumbnails, poster frame and original from the store, and the poster it gave the film", async () => {
    const before = (await assets(film.id))[0] as MediaAsset;
    const thumbnail = async () =>
      (await t.database.db.select({ t: videos.thumbnail }).from(videos).where(eq(videos.id, film.id)))[0]?.t;
    expect(await thumbnail()).toBe(`/media/images/${film.id}-poster.jpg`);
    const res = await admin.call("DELETE", `/api/admin/media/assets/${before.id}`);
    expect(res.statusCode).toBe(204);
    // The catalogue shows its placeholder, not a broken image of a file the sweep removes.
    expect(await thumbnail()).toBeNull();
    await eventually(
      async () =>
        !fs.existsSync(path.join(t.config.mediaDir, "hls", film.id)) &&
        !fs.existsSync(path.join(t.config.mediaDir, "uploads", film.id)) &&
        !fs.existsSync(path.join(t.config.mediaDir, "images", `${film.id}-poster.jpg`)),
      30,
    );
    expect(await assets(film.id)).toEqual([]);
  });
});
