import type { FileHandle } from "node:fs/promises";
import fs from "node:fs/promises";
import type { OutgoingHttpHeaders } from "node:http";
import type { FastifyReply, FastifyRequest } from "fastify";
import { AppError } from "../shared/errors.ts";
import type { MediaStore } from "../shared/media-store.ts";
import { ifRangeMatches, noneMatch, parseRange } from "./ranges.ts";

/**
 * Large reads, few chunks: each chunk costs a read() and a write() and nothing else (no
 * compression, no hooks). Measured by `npm run bench` (stream scenario), docs/decisions/006.
 */
const HIGH_WATER_MARK = 1024 * 1024;

export interface MediaFile {
  handle: FileHandle;
  size: number;
  etag: string;
  lastModified: string;
}

/** Opens the file once (no stat/open race); a missing file is the caller's 404. */
export async function openMedia(absolutePath: string): Promise<MediaFile | null> {
  let handle: FileHandle;
  try {
    handle = await fs.open(absolutePath, "r");
  } catch {
    return null;
  }
  try {
    const st = await handle.stat();
    if (!st.isFile()) {
      await handle.close();
      return null;
    }
    const etag = `"${st.size.toString(36)}-${Math.floor(st.mtimeMs).toString(36)}"`;
    return { handle, size: st.size, etag, lastModified: st.mtime.toUTCString() };
  } catch (err) {
    await handle.close();
    throw err;
  }
}

/**
 * Answers GET/HEAD for an opened media file per RFC 9110: validators, conditional requests,
 * If-Range, one byte range (206) or the whole file (200), 416 for an unsatisfiable range. After
 * the checks the file stream goes to reply.send, which pipes it to the socket: measured as fast
 * as hijacking the reply and piping by hand (docs/decisions/006-stream.md), and the request keeps
 * its hooks and log line. Video types are not compressible, so @fastify/compress leaves them.
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
    void file.handle.close();
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
    void file.handle.close();
    return reply.send();
  }
  // Fastify pipes the stream to the socket and destroys it (closing the file) if the client leaves.
  return reply.send(
    file.handle.createReadStream({
      start: span.start,
      end: span.end,
      highWaterMark: HIGH_WATER_MARK,
      autoClose: true,
    }),
  );
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
