import type { FileHandle } from "node:fs/promises";
import fs from "node:fs/promises";
import type { OutgoingHttpHeaders } from "node:http";
import { pipeline } from "node:stream";
import type { FastifyReply, FastifyRequest } from "fastify";
import { AppError } from "../errors.ts";
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
 * the checks the reply is hijacked and the file stream piped straight to the socket.
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
    const body = JSON.stringify({
      code: "RANGE_NOT_SATISFIABLE",
      message: new AppError("RANGE_NOT_SATISFIABLE").message,
      requestId: String(request.id),
    });
    headers["content-range"] = `bytes */${file.size}`;
    headers["content-type"] = "application/json; charset=utf-8";
    headers["content-length"] = Buffer.byteLength(body);
    delete headers.etag;
    void file.handle.close();
    reply.hijack();
    reply.raw.writeHead(416, headers);
    reply.raw.end(isHead ? undefined : body);
    return;
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
  reply.hijack();
  const res = reply.raw;
  if (status === 304) {
    delete headers["content-length"];
    delete headers["content-type"];
  }
  res.writeHead(status, headers);
  if (isHead || status === 304 || span === null) {
    void file.handle.close();
    res.end();
    return;
  }
  const stream = file.handle.createReadStream({
    start: span.start,
    end: span.end,
    highWaterMark: HIGH_WATER_MARK,
    autoClose: true,
  });
  // pipeline destroys both sides on error or when the client goes away (and closes the file).
  pipeline(stream, res, () => {});
}

const single = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);
