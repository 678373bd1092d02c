import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Response as InjectResponse } from "light-my-request";

/**
 * Test clips made by ffmpeg in the test (decision 025): small and short so the ladder costs seconds on
 * two cores — a 1080p source (for the plan cap) at 10 frames per second, with a French audio track.
 */
export function makeClip(
  dir: string,
  opts: { width?: number; height?: number; seconds?: number; rate?: number; name?: string } = {},
): string {
  const { width = 1920, height = 1080, seconds = 6, rate = 10, name = "clip.mp4" } = opts;
  const file = path.join(dir, name);
  execFileSync(
    "ffmpeg",
    [
      "-hide_banner",
      "-loglevel",
      "error",
      "-y",
      "-f",
      "lavfi",
      "-i",
      `testsrc2=size=${width}x${height}:rate=${rate}:duration=${seconds}`,
      "-f",
      "lavfi",
      "-i",
      `sine=frequency=440:duration=${seconds}`,
      "-c:v",
      "libx264",
      "-preset",
      "ultrafast",
      "-pix_fmt",
      "yuv420p",
      "-c:a",
      "aac",
      "-metadata:s:a:0",
      "language=fra",
      "-shortest",
      file,
    ],
    { stdio: "ignore" },
  );
  return file;
}

export const tmpDir = () => fs.mkdtempSync(path.join(os.tmpdir(), "bobine-media-test-"));

const b64 = (s: string) => Buffer.from(s).toString("base64");

export const tusHeaders = { "tus-resumable": "1.0.0" };

/** The Upload-Metadata header tus-js-client sends. */
export const uploadMetadata = (meta: Record<string, string>) =>
  Object.entries(meta)
    .map(([k, v]) => `${k} ${b64(v)}`)
    .join(",");

interface Injector {
  inject(opts: {
    method: string;
    url: string;
    headers?: Record<string, string>;
    payload?: Buffer | string;
  }): Promise<InjectResponse>;
}

/** Creates an upload (tus POST) and returns its URL. */
export async function tusCreate(
  app: Injector,
  cookie: string,
  size: number,
  meta: Record<string, string>,
): Promise<InjectResponse> {
  return app.inject({
    method: "POST",
    url: "/api/admin/media/uploads",
    headers: {
      cookie,
      ...tusHeaders,
      "upload-length": String(size),
      "upload-metadata": uploadMetadata(meta),
    },
  });
}

/** Sends bytes at an offset (tus PATCH). */
export function tusPatch(app: Injector, cookie: string, url: string, offset: number, chunk: Buffer) {
  return app.inject({
    method: "PATCH",
    url,
    headers: {
      cookie,
      ...tusHeaders,
      "content-type": "application/offset+octet-stream",
      "upload-offset": String(offset),
    },
    payload: chunk,
  });
}

/** A whole file in chunks; the last answer is returned. */
export async function tusUpload(
  app: Injector,
  cookie: string,
  file: string,
  meta: Record<string, string>,
  chunkSize = 256 * 1024,
) {
  const bytes = fs.readFileSync(file);
  const created = await tusCreate(app, cookie, bytes.length, meta);
  if (created.statusCode !== 201) return { created, last: created, url: "" };
  const url = String(created.headers.location);
  let last = created;
  for (let offset = 0; offset < bytes.length; offset += chunkSize) {
    last = await tusPatch(app, cookie, url, offset, bytes.subarray(offset, offset + chunkSize));
    if (last.statusCode !== 204) break;
  }
  return { created, last, url };
}

/** Waits until `check` holds, failing after `seconds`. */
export async function eventually<T>(
  check: () => Promise<T | undefined | null | false>,
  seconds = 60,
): Promise<T> {
  const until = Date.now() + seconds * 1000;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > until) throw new Error("condition not reached in time");
    await new Promise((r) => setTimeout(r, 250));
  }
}
