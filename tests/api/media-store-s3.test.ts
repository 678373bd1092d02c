import { randomBytes } from "node:crypto";
import fs from "node:fs";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import S3rver from "s3rver";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { MediaAsset } from "#contract/media";
import type { TicketResponse } from "#contract/stream";
import { mediaAssets } from "#db/schema/media";
import type { MediaStore } from "#server/shared/media-store";
import { s3Store } from "#server/shared/media-store-s3";
import { scaled } from "#tests/support/time-scale";
import { makeVideo } from "../factories/catalogue.ts";
import { newDeviceId } from "../factories/stream.ts";
import { createTestApp, type TestApp } from "../harness.ts";
import { eventually, makeClip, tusUpload } from "../support/media.ts";
import { signedIn, signedInAdmin } from "../support/members.ts";

/**
 * The S3-compatible media store (docs/decisions/027-s3-media-store.md) against s3rver, a local
 * S3-compatible server this test starts on the loopback: put, a multipart upload, ranged gets,
 * deleting a video's prefix, the usage, and a signed URL a browser could fetch.
 */
let server: S3rver;
let dir: string;
let store: MediaStore;
let endpoint: string;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "bobine-s3-"));
  server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory: path.join(dir, "s3"),
    configureBuckets: [{ name: "bobine", configs: [] }],
  });
  const { port } = (await server.run()) as AddressInfo;
  endpoint = `http://127.0.0.1:${port}`;
  store = s3Store(
    {
      bucket: "bobine",
      endpoint,
      region: "us-east-1",
      accessKeyId: "S3RVER",
      secretAccessKey: "S3RVER",
      forcePathStyle: true,
      delivery: "presigned",
      presignSeconds: 60,
    },
    { multipartThreshold: 6 * 1024 * 1024, partSize: 5 * 1024 * 1024 },
  );
});
afterAll(async () => {
  await server?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const text = async (body: NodeJS.ReadableStream | null) => {
  if (!body) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
};

describe("S3-compatible media store", () => {
  it("puts an object and reads it back, whole and by range", async () => {
    await store.put("hls/film/360p/index.m3u8", "#EXTM3U\n", "application/vnd.apple.mpegurl");
    expect((await text(await store.read("hls/film/360p/index.m3u8")))?.toString()).toBe("#EXTM3U\n");
    expect((await text(await store.read("hls/film/360p/index.m3u8", { start: 1, end: 3 })))?.toString()).toBe(
      "EXT",
    );
    expect((await store.stat("hls/film/360p/index.m3u8"))?.size).toBe(8);
    expect(await store.stat("hls/film/absent.m4s")).toBeNull();
    expect(await store.read("hls/film/absent.m4s")).toBeNull();
  });

  it("moves a large file in with a multipart upload, byte for byte, and the local file goes", async () => {
    const bytes = randomBytes(11 * 1024 * 1024 + 17);
    const file = path.join(dir, "source");
    fs.writeFileSync(file, bytes);
    await store.putFile("uploads/film/source", file);
    expect(fs.existsSync(file)).toBe(false);
    expect((await store.stat("uploads/film/source"))?.size).toBe(bytes.length);
    const tail = await text(
      await store.read("uploads/film/source", { start: bytes.length - 100, end: bytes.length - 1 }),
    );
    expect(tail?.equals(bytes.subarray(bytes.length - 100))).toBe(true);
    expect((await text(await store.read("uploads/film/source")))?.equals(bytes)).toBe(true);
  });

  it("a signed URL serves the object to a client without credentials", async () => {
    await store.put("hls/film/360p/seg-00000.m4s", Buffer.from("segment"));
    const url = await store.signedUrl?.("hls/film/360p/seg-00000.m4s");
    expect(url).toContain("X-Amz-Signature");
    const res = await fetch(url as string);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe("segment");
  });

  it("deletes a video's whole prefix, and nothing of another video's", async () => {
    await store.put("hls/other/360p/index.m3u8", "#EXTM3U\n");
    expect(await store.usage("hls/film")).toBeGreaterThan(0);
    await store.deletePrefix("hls/film");
    await store.deletePrefix("uploads/film");
    expect(await store.usage("hls/film")).toBe(0);
    expect(await store.stat("uploads/film/source")).toBeNull();
    expect(await store.stat("hls/other/360p/index.m3u8")).not.toBeNull();
  });

  it("refuses keys that climb out or name nothing", async () => {
    await expect(store.put("../secret", "x")).rejects.toThrow();
    await expect(store.deletePrefix("")).rejects.toThrow();
  });
});

describe("the media pipeline on S3", () => {
  const s3Env = (delivery: "proxy" | "presigned") => ({
    MEDIA_FFMPEG_PRESET: "ultrafast",
    JOBS_POLL_SECONDS: "0.5",
    S3_BUCKET: "bobine",
    S3_ENDPOINT: endpoint,
    S3_ACCESS_KEY_ID: "S3RVER",
    S3_SECRET_ACCESS_KEY: "S3RVER",
    S3_DELIVERY: delivery,
  });

  async function segmentOf(t: TestApp, filmId: string) {
    const viewer = await signedIn(t, { plan: "premium_monthly" });
    const res = await t.app.inject({
      method: "POST",
      url: `/api/videos/${filmId}/ticket`,
      headers: { cookie: viewer.cookie },
      payload: { deviceId: newDeviceId() },
    });
    expect(res.statusCode, res.body).toBe(200);
    const token = encodeURIComponent((res.json() as TicketResponse).token);
    // The rendition playlist is read from the bucket and rewritten by Bobine.
    const playlist = await t.app.inject({
      method: "GET",
      url: `/api/stream/hls/${filmId}/360p/index.m3u8?token=${token}`,
    });
    expect(playlist.statusCode).toBe(200);
    expect(playlist.body).toContain("init.mp4?token=");
    return t.app.inject({ method: "GET", url: `/api/stream/hls/${filmId}/360p/init.mp4?token=${token}` });
  }

  it(
    "an upload is transcoded from and into the bucket; segments are signed URLs or proxied bytes",
    async () => {
      const t = await createTestApp({ env: s3Env("presigned") });
      let film: { id: string };
      let row: typeof mediaAssets.$inferSelect | undefined;
      try {
        film = await makeVideo(t.database.db, { videoUrl: null });
        const admin = await signedInAdmin(t);
        const clip = makeClip(dir, { width: 426, height: 240, seconds: 2, name: "s3.mp4" });
        const { last } = await tusUpload(t.app, admin.cookie, clip, { videoId: film.id });
        expect(last.statusCode, last.body).toBe(204);
        await eventually(async () => {
          const res = await admin.call("GET", `/api/admin/media/assets?videoId=${film.id}`);
          const [asset] = (res.json() as { items: MediaAsset[] }).items;
          if (asset?.status === "failed") throw new Error(asset.error ?? "failed");
          return asset?.status === "ready";
        }, 120);
        // Nothing on the server's disk: the original and the ladder are in the bucket.
        expect(await store.stat(`hls/${film.id}/360p/index.m3u8`)).not.toBeNull();
        expect(await store.stat(`uploads/${film.id}/source`)).not.toBeNull();
        expect(fs.existsSync(path.join(t.config.mediaDir, "hls"))).toBe(false);
        const signed = await segmentOf(t, film.id);
        expect(signed.statusCode).toBe(302);
        const fetched = await fetch(String(signed.headers.location));
        expect(fetched.status).toBe(200);
        [row] = await t.database.db.select().from(mediaAssets).where(eq(mediaAssets.targetId, film.id));
      } finally {
        await t.close();
      }

      // The same bucket behind an application that proxies the bytes.
      const proxied = await createTestApp({ env: s3Env("proxy") });
      try {
        if (!row) throw new Error("no asset");
        await makeVideo(proxied.database.db, { id: row.videoId, videoUrl: null });
        await proxied.database.db.insert(mediaAssets).values({ ...row, createdBy: null });
        const bytes = await segmentOf(proxied, row.videoId);
        expect(bytes.statusCode).toBe(200);
        expect(bytes.rawPayload.length).toBeGreaterThan(100);
      } finally {
        await proxied.close();
      }
    },
    scaled(180_000),
  );
});
