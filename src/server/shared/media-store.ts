import { createReadStream, createWriteStream, type Dirent } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";

/**
 * Where Bobine keeps media bytes (ARCHITECTURE "Outside services sit behind small interfaces";
 * docs/decisions/013-media-store.md): uploads, transcoder output, posters, subtitles. A key is a
 * relative path of plain segments (`images/<video>-poster.webp`, `hls/<video>/720p/seg-00001.m4s`):
 * never an absolute path, `..`, a hidden file or an empty segment, so that no row or request can
 * name anything outside the store. The folder store (DATA_DIR/media) is the default; an
 * S3-compatible store implements the same interface.
 */
export interface StoredObject {
  size: number;
  modifiedAt: Date;
}

export interface MediaStore {
  readonly kind: "folder" | "s3";
  /** Writes the whole object (replacing it). */
  put(key: string, body: Buffer | Uint8Array | string | Readable, contentType?: string): Promise<void>;
  /** Moves a local file into the store (the transcoder's output, a finished upload). */
  putFile(key: string, file: string, contentType?: string): Promise<void>;
  stat(key: string): Promise<StoredObject | null>;
  /** The object's bytes, or a range of them (inclusive `end`). */
  read(key: string, range?: { start: number; end: number }): Promise<Readable | null>;
  /** The object as a local file, when the store is a folder (sendfile, X-Accel, ffmpeg input). */
  localPath(key: string): string | null;
  delete(key: string): Promise<void>;
  /** Deletes every object under `prefix/` (a video's ladder, thumbnails and original). */
  deletePrefix(prefix: string): Promise<void>;
  /** Bytes stored under `prefix/` (storage used by a video, or in all with ""). */
  usage(prefix: string): Promise<number>;
  /** A short-lived URL a browser can fetch the object from (object storage only). */
  signedUrl?(key: string): Promise<string>;
}

const SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]{0,200}$/;

export class MediaKeyError extends Error {}

/** The key, checked: plain segments only (SECURITY-CHECKLIST 38, 40: names never reach a path). */
export function mediaKey(key: string): string {
  const parts = key.split("/");
  if (parts.length === 0 || parts.length > 8 || !parts.every((p) => SEGMENT.test(p) && !p.includes(".."))) {
    throw new MediaKeyError(`invalid media key: ${JSON.stringify(key.slice(0, 80))}`);
  }
  return parts.join("/");
}

const prefixOf = (prefix: string) => (prefix === "" ? "" : mediaKey(prefix));

export function folderStore(root: string): MediaStore {
  const base = path.resolve(root);
  const fileOf = (key: string) => {
    const full = path.resolve(base, mediaKey(key));
    if (!full.startsWith(base + path.sep)) throw new MediaKeyError("media key outside the store");
    return full;
  };
  const dirOf = (prefix: string) => (prefix === "" ? base : fileOf(prefix));

  /** Written under a temporary name and renamed: a reader never sees half an object. */
  async function writeAtomically(key: string, write: (tmp: string) => Promise<void>) {
    const target = fileOf(key);
    await fs.mkdir(path.dirname(target), { recursive: true });
    const tmp = `${target}.${process.pid}.${Date.now()}.partial`;
    try {
      await write(tmp);
      await fs.rename(tmp, target);
    } catch (err) {
      await fs.rm(tmp, { force: true });
      throw err;
    }
  }

  async function sizeOf(dir: string): Promise<number> {
    let total = 0;
    let entries: Dirent[];
    try {
      entries = await fs.readdir(dir, { withFileTypes: true });
    } catch {
      return 0;
    }
    for (const entry of entries) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) total += await sizeOf(full);
      else if (entry.isFile()) total += (await fs.stat(full)).size;
    }
    return total;
  }

  return {
    kind: "folder",
    async put(key, body) {
      await writeAtomically(key, async (tmp) => {
        if (typeof body === "string" || body instanceof Uint8Array) await fs.writeFile(tmp, body);
        else await pipeline(body, createWriteStream(tmp));
      });
    },
    async putFile(key, file) {
      await writeAtomically(key, async (tmp) => {
        try {
          await fs.rename(file, tmp);
        } catch (err) {
          // Another file system: copy, then remove the source.
          if ((err as NodeJS.ErrnoException).code !== "EXDEV") throw err;
          await fs.copyFile(file, tmp);
          await fs.rm(file, { force: true });
        }
      });
    },
    async stat(key) {
      try {
        const st = await fs.stat(fileOf(key));
        return st.isFile() ? { size: st.size, modifiedAt: st.mtime } : null;
      } catch {
        return null;
      }
    },
    async read(key, range) {
      const file = fileOf(key);
      try {
        await fs.access(file);
      } catch {
        return null;
      }
      return createReadStream(file, range ? { start: range.start, end: range.end } : {});
    },
    localPath: (key) => fileOf(key),
    async delete(key) {
      await fs.rm(fileOf(key), { force: true });
    },
    async deletePrefix(prefix) {
      if (prefix === "") throw new MediaKeyError("refusing to delete the whole store");
      await fs.rm(dirOf(prefixOf(prefix)), { recursive: true, force: true });
    },
    usage: (prefix) => sizeOf(dirOf(prefixOf(prefix))),
  };
}

/** The configured store: S3-compatible when S3_BUCKET is set, else the folder DATA_DIR/media. */
export async function openMediaStore(config: {
  mediaDir: string;
  s3: Parameters<typeof import("./media-store-s3.ts").s3Store>[0] | undefined;
}): Promise<MediaStore> {
  if (!config.s3) return folderStore(config.mediaDir);
  const { s3Store } = await import("./media-store-s3.ts");
  return s3Store(config.s3);
}
