import fs from "node:fs";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { MediaAsset } from "#contract/media";
import type { TicketResponse } from "#contract/stream";
import { rowsOf } from "#server/shared/sql.queries";
import { scaled } from "#tests/support/time-scale";
import { makeVideo } from "../factories/catalogue.ts";
import { newDeviceId } from "../factories/stream.ts";
import { createTestApp, type TestApp } from "../harness.ts";
import { eventually, makeClip, tmpDir, tusUpload } from "../support/media.ts";
import { type SignedIn, signedIn, signedInAdmin } from "../support/members.ts";

/**
 * MEDIA_LADDER=single (decision 025, amended): every video rung comes from one decode — one
 * `media-transcode` job for the whole ladder, beside the audio, poster and trickplay jobs — and the
 * ladder it publishes plays exactly as the one-job-per-rung ladder does: every rung in the master
 * with its measured bandwidth, keyframes aligned (the same segments in every rung), capped by plan.
 */
let t: TestApp;
let admin: SignedIn;
let dir: string;
let film: { id: string };
let asset: MediaAsset;

beforeAll(async () => {
  t = await createTestApp({
    env: { MEDIA_LADDER: "single", MEDIA_FFMPEG_PRESET: "ultrafast", JOBS_POLL_SECONDS: "0.5" },
  });
  admin = await signedInAdmin(t);
  dir = tmpDir();
  const clip = makeClip(dir, { width: 1280, height: 720, seconds: 9, rate: 10 });
  film = await makeVideo(t.database.db, { videoUrl: null, thumbnail: null });
  const upload = await tusUpload(t.app, admin.cookie, clip, { videoId: film.id, filename: "un.mp4" });
  expect(upload.last.statusCode, upload.last.body).toBe(204);
  asset = await eventually(async () => {
    const res = await admin.call("GET", `/api/admin/media/assets?videoId=${film.id}`);
    const [found] = (res.json() as { items: MediaAsset[] }).items;
    if (found?.status === "failed") throw new Error(found.error ?? "failed");
    return found?.status === "ready" ? found : null;
  }, 240);
}, scaled(300_000));
afterAll(async () => {
  await t?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const get = (url: string) => t.app.inject({ method: "GET", url, headers: { "user-agent": "vitest-hls" } });

describe("a ladder made from one decode (MEDIA_LADDER=single)", () => {
  it("makes every rung the source allows in one transcoding job, beside the audio, poster and sheets", async () => {
    expect(asset.tasks.map((task) => [task.name, task.state])).toEqual([
      ["360p", "ready"],
      ["480p", "ready"],
      ["720p", "ready"],
      ["audio-0", "ready"],
      ["poster", "ready"],
      ["trickplay", "ready"],
    ]);
    const jobs = rowsOf<{ task: string }>(
      await t.database.db.execute(sql`select data->>'task' as task from pgboss.job
        where name = 'media-transcode' and data->>'assetId' = ${asset.id} order by 1`),
    ).map((r) => r.task);
    expect(jobs).toEqual(["audio-0", "ladder", "poster", "trickplay"]);
  });

  it("publishes a ladder that plays: every rung in the master, the same segments in each, capped by plan", async () => {
    const premium = await signedIn(t, { plan: "premium_monthly" });
    const res = await t.app.inject({
      method: "POST",
      url: `/api/videos/${film.id}/ticket`,
      headers: { cookie: premium.cookie },
      payload: { deviceId: newDeviceId() },
    });
    expect(res.statusCode, res.body).toBe(200);
    const ticket = res.json() as TicketResponse;
    expect(ticket.hls).toBe(true);
    expect(ticket.qualities.map((q) => q.name)).toEqual(["360p", "480p", "720p"]);
    const master = await get(ticket.url);
    expect(master.statusCode).toBe(200);
    const variants = master.body.split("\n").filter((line) => line.startsWith("#EXT-X-STREAM-INF:"));
    expect(variants).toHaveLength(3);
    for (const v of variants) expect(v).toMatch(/BANDWIDTH=\d+,AVERAGE-BANDWIDTH=\d+,RESOLUTION=\d+x\d+/);
    // Keyframes aligned: every rung cut into the same number of segments.
    const counts = await Promise.all(
      ["360p", "480p", "720p"].map(async (rung) => {
        const uri = master.body.split("\n").find((line) => line.startsWith(`${rung}/`)) as string;
        const playlist = await get(
          new URL(uri, `http://x${ticket.url}`).pathname + new URL(uri, `http://x${ticket.url}`).search,
        );
        expect(playlist.statusCode, rung).toBe(200);
        return playlist.body.split("\n").filter((line) => /seg-\d{5}\.m4s/.test(line)).length;
      }),
    );
    expect(new Set(counts).size).toBe(1);
    expect(counts[0]).toBeGreaterThanOrEqual(2);
  });
});
