import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { afterAll, describe, expect, it } from "vitest";
import { folderStore, MediaKeyError, mediaKey } from "./media-store.ts";

const root = fs.mkdtempSync(path.join(os.tmpdir(), "bobine-store-"));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));
const store = folderStore(path.join(root, "media"));

describe("media store (folder)", () => {
  it("refuses keys that could name anything outside the store", () => {
    for (const bad of [
      "../etc/passwd",
      "/etc/passwd",
      "a/../../b",
      "videos/.hidden",
      "",
      "a//b",
      "a/b/",
      "c:\\x",
      "a\0b",
    ]) {
      expect(() => mediaKey(bad), bad).toThrow(MediaKeyError);
    }
    expect(mediaKey("hls/3f1c/720p/seg-00001.m4s")).toBe("hls/3f1c/720p/seg-00001.m4s");
  });

  it("writes, reads whole or by range, and reports size and usage", async () => {
    await store.put("subtitles/one.vtt", "WEBVTT\n\n00:00.000 --> 00:01.000\nBonjour\n");
    await store.put("hls/v1/360p/seg-1.m4s", Buffer.alloc(1000, 1));
    await store.put("hls/v1/360p/seg-2.m4s", Readable.from([Buffer.alloc(500, 2)]));
    expect((await store.stat("subtitles/one.vtt"))?.size).toBe(40);
    expect(await text((await store.read("subtitles/one.vtt", { start: 0, end: 5 })) as Readable)).toBe(
      "WEBVTT",
    );
    expect(await store.usage("hls/v1")).toBe(1500);
    expect(await store.stat("hls/v1/absent.m4s")).toBeNull();
    expect(await store.read("hls/v1/absent.m4s")).toBeNull();
  });

  it("moves a finished local file in and deletes a video's whole folder", async () => {
    const tmp = path.join(root, "upload.bin");
    fs.writeFileSync(tmp, "octets");
    await store.putFile("uploads/v2/original.mp4", tmp);
    expect(fs.existsSync(tmp)).toBe(false);
    expect(store.localPath("uploads/v2/original.mp4")).toBe(path.join(root, "media/uploads/v2/original.mp4"));
    await store.put("hls/v2/master.m3u8", "#EXTM3U\n");
    await store.deletePrefix("hls/v2");
    expect(await store.stat("hls/v2/master.m3u8")).toBeNull();
    await expect(store.deletePrefix("")).rejects.toThrow(MediaKeyError);
  });

  it("never leaves half an object when a write fails midway", async () => {
    const failing = new Readable({
      read() {
        this.push(Buffer.alloc(100));
        this.destroy(new Error("connexion coupée"));
      },
    });
    await expect(store.put("images/broken.webp", failing)).rejects.toThrow();
    expect(await store.stat("images/broken.webp")).toBeNull();
    expect(fs.readdirSync(path.join(root, "media/images")).filter((f) => f.includes("partial"))).toEqual([]);
  });
});
