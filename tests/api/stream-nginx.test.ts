import { randomBytes } from "node:crypto";
import fs from "node:fs";
import type net from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TicketResponse } from "#contract/stream";
import { mediaAssets } from "#db/schema/media";
import { makeVideo } from "../factories/catalogue.ts";
import { writeMedia } from "../factories/stream.ts";
import { createTestApp, type TestApp } from "../harness.ts";
import { hasNginx, NGINX, nginxConfig, startNginx } from "../nginx.ts";
import { signedIn } from "../support/members.ts";

/** A file of a ladder in the media folder, readable by nginx's workers. */
function writeLadderFile(mediaDir: string, target: string, track: string, name: string, bytes: Buffer) {
  const dir = path.join(mediaDir, "hls", target, track);
  fs.mkdirSync(dir, { recursive: true, mode: 0o755 });
  for (const d of [path.join(mediaDir, "hls"), path.join(mediaDir, "hls", target), dir])
    fs.chmodSync(d, 0o755);
  fs.writeFileSync(path.join(dir, name), bytes, { mode: 0o644 });
}

/**
 * STREAM_OFFLOAD=x-accel: Debian's nginx runs docs/deploy/nginx.conf (ports and paths replaced)
 * in front of Bobine; Bobine authorises, nginx sends the bytes.
 */
if (!hasNginx) console.warn(`stream-nginx: ${NGINX} absent, test ignoré (apt-get install nginx-light)`);

describe.skipIf(!hasNginx)("nginx offload (STREAM_OFFLOAD=x-accel)", () => {
  let t: TestApp;
  let nginx: Awaited<ReturnType<typeof startNginx>>;
  const bytes = randomBytes(256 * 1024 + 7);
  let tk: TicketResponse;
  let videoId: string;

  beforeAll(async () => {
    t = await createTestApp({ env: { STREAM_OFFLOAD: "x-accel", TRUSTED_PROXIES: "127.0.0.1" } });
    // mkdtemp folders are private; nginx's workers read the media folder like any other user would.
    fs.chmodSync(t.config.dataDir, 0o755);
    const video = await makeVideo(t.database.db, {
      videoUrl: writeMedia(t.config, "videos", "film.mp4", bytes),
    });
    videoId = video.id;
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    const bobinePort = (t.app.server.address() as net.AddressInfo).port;
    nginx = await startNginx((prefix, listenPort) =>
      nginxConfig({ prefix, listenPort, bobinePort, mediaDir: t.config.mediaDir }),
    );
    const viewer = await signedIn(t, { plan: "premium_monthly" });
    const res = await t.app.inject({
      method: "POST",
      url: `/api/videos/${video.id}/ticket`,
      headers: { cookie: viewer.cookie },
      payload: { deviceId: "appareil-nginx" },
    });
    expect(res.statusCode, res.body).toBe(200);
    tk = res.json();
  });
  afterAll(async () => {
    await nginx?.stop();
    await t?.close();
  });

  it("Bobine only authorises and names the file for nginx", async () => {
    // The same client as the fetches through nginx below (a ticket serves one client).
    const res = await t.app.inject({
      method: "GET",
      url: tk.url,
      headers: { "user-agent": "bobine-nginx-test" },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers["x-accel-redirect"]).toBe("/protected-media/videos/film.mp4");
    expect(res.rawPayload.length).toBe(0);
  });

  it("serves a byte range through nginx with the ticket", async () => {
    const res = await fetch(`${nginx.origin}${tk.url}`, {
      headers: { range: "bytes=100-1123", "user-agent": "bobine-nginx-test" },
    });
    expect(res.status).toBe(206);
    expect(res.headers.get("content-range")).toBe(`bytes 100-1123/${bytes.length}`);
    expect(res.headers.get("content-type")).toBe("video/mp4");
    expect(res.headers.get("cache-control")).toBe("private");
    expect(Buffer.from(await res.arrayBuffer()).equals(bytes.subarray(100, 1124))).toBe(true);

    const open = await fetch(`${nginx.origin}${tk.url}`, {
      headers: { range: "bytes=0-", "user-agent": "bobine-nginx-test" },
    });
    expect(open.status).toBe(206);
    expect(Buffer.from(await open.arrayBuffer()).equals(bytes)).toBe(true);
    const past = await fetch(`${nginx.origin}${tk.url}`, {
      headers: { range: "bytes=999999999-", "user-agent": "bobine-nginx-test" },
    });
    expect(past.status).toBe(416);
    await past.arrayBuffer();
  });

  it("serves the segments of an HLS ladder through nginx too, and refuses a rung above the plan", async () => {
    const film = await makeVideo(t.database.db, { videoUrl: null });
    const segment = randomBytes(64 * 1024 + 3);
    writeLadderFile(t.config.mediaDir, film.id, "360p", "seg-00000.m4s", segment);
    await t.database.db.insert(mediaAssets).values({
      videoId: film.id,
      targetId: film.id,
      status: "ready",
      playable: true,
      sourceKey: `uploads/${film.id}/source`,
      tasks: [
        { name: "360p", kind: "video", state: "ready", progress: 100, weight: 1, width: 640, height: 360 },
        { name: "1080p", kind: "video", state: "ready", progress: 100, weight: 9, width: 1920, height: 1080 },
      ],
      probe: { duration: 4, width: 1920, height: 1080, frameRate: 25, audio: [] },
    });
    const basic = await signedIn(t, { plan: "basic_monthly" });
    const res = await t.app.inject({
      method: "POST",
      url: `/api/videos/${film.id}/ticket`,
      headers: { cookie: basic.cookie },
      payload: { deviceId: "appareil-nginx-hls" },
    });
    expect(res.statusCode, res.body).toBe(200);
    const token = encodeURIComponent((res.json() as TicketResponse).token);
    const headers = { "user-agent": "bobine-nginx-hls" };
    const got = await fetch(`${nginx.origin}/api/stream/hls/${film.id}/360p/seg-00000.m4s?token=${token}`, {
      headers,
    });
    expect(got.status).toBe(200);
    expect(got.headers.get("content-type")).toBe("video/iso.segment");
    expect(Buffer.from(await got.arrayBuffer()).equals(segment)).toBe(true);
    const above = await fetch(
      `${nginx.origin}/api/stream/hls/${film.id}/1080p/seg-00000.m4s?token=${token}`,
      {
        headers,
      },
    );
    expect(above.status).toBe(403);
    await above.arrayBuffer();
  });

  it("refuses without a ticket and never serves the internal location directly", async () => {
    const anonymous = await fetch(`${nginx.origin}/api/videos/proxy?videoId=${videoId}`);
    expect(anonymous.status).toBe(401);
    expect((await anonymous.json()).message).toBe("Authentification requise");
    const direct = await fetch(`${nginx.origin}/protected-media/videos/film.mp4`);
    expect(direct.status).toBe(404);
    await direct.arrayBuffer();
  });
});
