import fsSync from "node:fs";
import type { FileHandle } from "node:fs/promises";
import fs from "node:fs/promises";
import type { OutgoingHttpHeaders } from "node:http";
import type { FastifyReply, FastifyRequest } from "fastify";
import { AppError } from "../shared/errors.ts";
import type { MediaStore } from "../shared/media-store.ts";
import { ifRangeMatches, noneMatch, parseRange } from "./ranges.ts";

export interface MediaFile {
  handle: FileHandle;
  size: number;
  etag: string;
  lastModified: string;
  /** Done with the file (once): it is closed when no answer uses it and it is no longer reused. */
  release(): void;
}

/**
 * How long an opened file serves the next answers without being opened again: a player asks for
 * the same file (a film, a segment) many times in a row, and each open and stat is a trip through
 * the thread pool that nginx does not pay (issue 14's stream p99). Each reuse checks the path
 * still names the same unchanged file (sameFile); a deleted one answers 404 at once.
 */
const REUSE_MS = 1000;
/** Files kept open for reuse, process-wide. */
const REUSE_MAX = 256;

interface OpenedFile {
  handle: FileHandle;
  /** What the path was when opened: its inode, size and modification time. */
  ino: number;
  mtimeMs: number;
  size: number;
  etag: string;
  lastModified: string;
  /** Answers using it now. */
  users: number;
  /** No longer handed out: closed once its last answer is done. */
  retired: boolean;
}

const openedFiles = new Map<string, OpenedFile>();

function sameFile(absolutePath: string, file: OpenedFile): boolean {
  const st = fsSync.statSync(absolutePath, { throwIfNoEntry: false });
  return st !== undefined && st.ino === file.ino && st.size === file.size && st.mtimeMs === file.mtimeMs;
}

function retire(absolutePath: string, file: OpenedFile) {
  if (openedFiles.get(absolutePath) === file) openedFiles.delete(absolutePath);
  if (file.retired) return;
  file.retired = true;
  if (file.users === 0) void file.handle.close().catch(() => {});
}

function lend(file: OpenedFile): MediaFile {
  file.users++;
  let released = false;
  return {
    handle: file.handle,
    size: file.size,
    etag: file.etag,
    lastModified: file.lastModified,
    release() {
      if (released) return;
      released = true;
      file.users--;
      if (file.retired && file.users === 0) void file.handle.close().catch(() => {});
    },
  };
}

/**
 * Opens the file once (no stat/open race), or lends the one opened less than REUSE_MS ago; a
 * missing file is the caller's 404.
 */
export async function openMedia(absolutePath: string): Promise<MediaFile | null> {
  const known = openedFiles.get(absolutePath);
  if (known && !known.retired) {
    // Still the same file? One stat of the path, on this thread (its inode is in the kernel's
    // cache: microseconds, no trip through the thread pool); changed in place or replaced: opened anew.
    if (sameFile(absolutePath, known)) return lend(known);
    retire(absolutePath, known);
  }
  let handle: FileHandle;
  try {
    handle = await fs.open(absolutePath, "r");
  } catch {
    return null;
  }
  let file: OpenedFile;
  try {
    const st = await handle.stat();
    if (!st.isFile()) {
      await handle.close();
      return null;
    }
    const etag = `"${st.size.toString(36)}-${Math.floor(st.mtimeMs).toString(36)}"`;
    file = {
      handle,
      ino: st.ino,
      mtimeMs: st.mtimeMs,
      size: st.size,
      etag,
      lastModified: st.mtime.toUTCString(),
      users: 0,
      retired: false,
    };
  } catch (err) {
    await handle.close();
    throw err;
  }
  // Another answer may have opened it meanwhile: the newer one is kept.
  const meanwhile = openedFiles.get(absolutePath);
  if (meanwhile) retire(absolutePath, meanwhile);
  openedFiles.set(absolutePath, file);
  setTimeout(() => retire(absolutePath, file), REUSE_MS).unref();
  if (openedFiles.size > REUSE_MAX) {
    const [oldestPath, oldest] = openedFiles.entries().next().value as [string, OpenedFile];
    retire(oldestPath, oldest);
  }
  return lend(file);
}

/**
 * Answers GET/HEAD for an opened media file per RFC 9110: validators, conditional requests,
 * If-Range, one byte range (206) or the whole file (200), 416 for an unsatisfiable range. After
 * the checks the reply is taken over (its headers, security ones included, written as they are;
 * the request keeps its log line) and the bytes copied from reused buffers (pumpRange). Video
 * types are not compressible: nothing is lost by skipping @fastify/compress.
 */
export function sendMedia(
  request: FastifyRequest,
  reply: FastifyReply,
  file: MediaFile,
  contentType: string,
  extraHeaders: OutgoingHttpHeaders = {},
) {
  const headers: OutgoingHttpHeaders = {
    ...(reply.getHeaders() as OutgoingHttpHeaders),
    ...extraHeaders,
    "accept-ranges": "bytes",
    etag: file.etag,
    "last-modified": file.lastModified,
    "cache-control": "private",
  };
  const isHead = request.method === "HEAD";
  const h = request.headers;

  if (noneMatch(h["if-none-match"], file.etag)) {
    return finish(reply, file, 304, headers, isHead, null);
  }
  // Range applies to GET only (RFC 9110 §14.2).
  const range =
    request.method === "GET" && ifRangeMatches(single(h["if-range"]), file.etag, file.lastModified)
      ? parseRange(h.range, file.size)
      : ({ kind: "full" } as const);

  if (range.kind === "unsatisfiable") {
    file.release();
    delete headers.etag;
    reply.code(416).headers({ ...headers, "content-range": `bytes */${file.size}` });
    return reply.send({
      code: "RANGE_NOT_SATISFIABLE",
      message: new AppError("RANGE_NOT_SATISFIABLE").message,
      requestId: String(request.id),
    });
  }
  headers["content-type"] = contentType;
  if (range.kind === "partial") {
    headers["content-range"] = `bytes ${range.start}-${range.end}/${file.size}`;
    headers["content-length"] = range.end - range.start + 1;
    return finish(reply, file, 206, headers, isHead, { start: range.start, end: range.end });
  }
  headers["content-length"] = file.size;
  return finish(reply, file, 200, headers, isHead, file.size > 0 ? { start: 0, end: file.size - 1 } : null);
}

function finish(
  reply: FastifyReply,
  file: MediaFile,
  status: number,
  headers: OutgoingHttpHeaders,
  isHead: boolean,
  span: { start: number; end: number } | null,
) {
  if (status === 304) {
    delete headers["content-length"];
    delete headers["content-type"];
  }
  reply.code(status).headers(headers);
  if (isHead || status === 304 || span === null) {
    file.release();
    return reply.send();
  }
  // The bytes go out from reused buffers (pumpRange), not from a stream that allocates a new
  // megabyte per read: at a few hundred ranges a second those megabytes made V8 run a full
  // collection every ~60 ms, and one range in fifty waited 10–30 ms for it (issue 14's stream p99).
  reply.hijack();
  reply.raw.writeHead(status, headers);
  void pumpRange(file, reply, span.start, span.end);
  return reply;
}

/** Bytes per read and write; two per response in flight at most (one read while one is written). */
const CHUNK_BYTES = 1024 * 1024;
/** Buffers kept for reuse, process-wide (16 MiB at most): one read per MiB range, as nginx does. */
const SPARE_MAX = 16;
const spare: Buffer[] = [];
const takeBuffer = () => spare.pop() ?? Buffer.allocUnsafeSlow(CHUNK_BYTES);
const giveBack = (buffer: Buffer) => {
  if (spare.length < SPARE_MAX) spare.push(buffer);
};

/**
 * Writes bytes start..end of the file to the response: each chunk read into a buffer of the spare
 * list and handed back once the socket has taken it (the write's callback), the next one read
 * meanwhile. A client that leaves stops the copy; the file is released whatever happens.
 */
async function pumpRange(file: MediaFile, reply: FastifyReply, start: number, end: number) {
  const { handle } = file;
  const res = reply.raw;
  let closed = res.destroyed;
  const onClose = () => {
    closed = true;
  };
  res.once("close", onClose);
  // Settles when the socket took the chunk, or when the client has gone (no callback may follow).
  const write = (buffer: Buffer, length: number) =>
    new Promise<void>((resolve) => {
      const done = () => {
        res.off("close", done);
        resolve();
      };
      res.once("close", done);
      res.write(buffer.subarray(0, length), () => {
        giveBack(buffer);
        done();
      });
    });
  let position = start;
  let writing: Promise<void> | undefined;
  try {
    while (position <= end && !closed) {
      const buffer = takeBuffer();
      const { bytesRead } = await handle.read(buffer, 0, Math.min(CHUNK_BYTES, end - position + 1), position);
      if (bytesRead === 0) throw new Error("media file shorter than its announced length");
      position += bytesRead;
      await writing;
      if (closed) {
        giveBack(buffer);
        break;
      }
      writing = write(buffer, bytesRead);
    }
    await writing;
    if (!closed) res.end();
  } catch (err) {
    reply.log.warn({ err }, "media bytes not sent to the end");
    res.destroy();
  } finally {
    res.off("close", onClose);
    file.release();
  }
}

const single = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

/**
 * An object of a store that is not a folder (object storage, proxied): one byte range or the
 * whole object, validators from its size and date.
 */
export async function sendStored(
  request: FastifyRequest,
  reply: FastifyReply,
  store: MediaStore,
  key: string,
  contentType: string,
) {
  const st = await store.stat(key);
  if (!st) throw new AppError("VIDEO_NOT_FOUND");
  const etag = `"${st.size.toString(36)}-${Math.floor(st.modifiedAt.getTime()).toString(36)}"`;
  const headers: OutgoingHttpHeaders = {
    "accept-ranges": "bytes",
    etag,
    "last-modified": st.modifiedAt.toUTCString(),
    "cache-control": "private",
    "content-type": contentType,
  };
  if (noneMatch(request.headers["if-none-match"], etag)) return reply.code(304).headers(headers).send();
  const range =
    request.method === "GET" ? parseRange(request.headers.range, st.size) : ({ kind: "full" } as const);
  if (range.kind === "unsatisfiable") {
    return reply
      .code(416)
      .header("content-range", `bytes */${st.size}`)
      .send({ code: "RANGE_NOT_SATISFIABLE", message: new AppError("RANGE_NOT_SATISFIABLE").message });
  }
  const span = range.kind === "partial" ? { start: range.start, end: range.end } : null;
  if (span) headers["content-range"] = `bytes ${span.start}-${span.end}/${st.size}`;
  headers["content-length"] = span ? span.end - span.start + 1 : st.size;
  reply.code(span ? 206 : 200).headers(headers);
  if (request.method === "HEAD" || st.size === 0) return reply.send();
  const body = await store.read(key, span ?? undefined);
  if (!body) throw new AppError("VIDEO_NOT_FOUND");
  return reply.send(body);
}
