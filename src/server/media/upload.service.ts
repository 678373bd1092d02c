import { AsyncLocalStorage } from "node:async_hooks";
import { randomUUID } from "node:crypto";
import fs from "node:fs/promises";
import { FileStore } from "@tus/file-store";
import { Server, type Upload } from "@tus/server";
import type { FastifyReply, FastifyRequest } from "fastify";
import { createUpload, mediaMessages, UPLOAD_METADATA } from "#contract/media";
import type { AppContext } from "../shared/context.ts";
import { AppError, fieldError } from "../shared/errors.ts";
import { mediaKeys } from "../shared/media-ladder.ts";
import type { CurrentUser } from "../shared/session.ts";
import { probeSource } from "./ffmpeg.ts";
import {
  deleteUpload,
  insertUpload,
  replaceAsset,
  uploadById,
  uploadOfSession,
  uploadTarget,
} from "./media.queries.ts";
import { probeQueue, uploadFiles } from "./transcode.service.ts";

/**
 * Resumable uploads (tus 1.0 through @tus/server; docs/decisions/026-tus-in-the-contract.md).
 * Bobine checks everything before tus sees a request: the admin guard (the contract), the upload
 * belonging to this very session (SECURITY-CHECKLIST 38), the target and the size. tus keeps the
 * bytes in DATA_DIR/uploads under an id Bobine generates (a file name never reaches a path). The
 * last chunk is probed by ffprobe before the upload is accepted: not a video → 415 in French and
 * nothing left behind; a video → moved into the store as `uploads/<target>/source`, its asset
 * created and its probe job sent in one transaction.
 */

/** The upload being created: its id (Bobine's, never the client's) and its owner. */
interface Creating {
  id: string;
  user: CurrentUser;
  videoId: string;
  episodeId: string | null;
  size: number;
}

/** Upload-Metadata: `key base64,key base64` (tus 1.0). */
export function parseMetadata(header: string | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  if (!header) return out;
  for (const pair of header.split(",").slice(0, 20)) {
    const [key, value] = pair.trim().split(" ");
    if (!key) continue;
    out[key] = value ? Buffer.from(value, "base64").toString("utf8") : "";
  }
  return out;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const tusError = (status: number, code: string, message: string) => ({
  status_code: status,
  body: JSON.stringify({ code, message }),
});

/** tus's own refusals (English in the library) said in French. */
function frenchTusError(err: Error | { status_code: number; body: string }) {
  const status = "status_code" in err ? err.status_code : 500;
  if ("body" in err && err.body.startsWith("{")) return { status_code: status, body: err.body };
  switch (status) {
    case 404:
    case 410:
      return tusError(404, "NOT_FOUND", mediaMessages.uploadNotFound);
    case 409:
      return tusError(409, "CONFLICT", mediaMessages.uploadOffsetMismatch);
    case 413:
      return tusError(413, "PAYLOAD_TOO_LARGE", mediaMessages.uploadFailed);
    case 400:
    case 412:
    case 415:
      return tusError(status, "VALIDATION_ERROR", mediaMessages.uploadBadChunk);
    default:
      return tusError(
        status >= 400 && status < 600 ? status : 500,
        "INTERNAL_ERROR",
        mediaMessages.uploadFailed,
      );
  }
}

export function openUploads(ctx: AppContext) {
  const { config, db } = ctx;
  const creating = new AsyncLocalStorage<Creating>();

  /** The upload is a video: into the store, its asset and its probe job in one transaction. */
  async function accept(upload: Upload) {
    const row = await uploadById(db, upload.id);
    const [file, info] = uploadFiles(config.media.uploadDir, upload.id) as [string, string];
    const discard = async () => {
      await fs.rm(file, { force: true });
      await fs.rm(info, { force: true });
      await deleteUpload(db, upload.id);
    };
    if (!row) {
      await discard();
      throw tusError(404, "NOT_FOUND", mediaMessages.uploadNotFound);
    }
    const probe = await probeSource(config, file);
    if (!probe) {
      await discard();
      throw tusError(415, "UNSUPPORTED_MEDIA_TYPE", mediaMessages.notAVideo);
    }
    const target = row.episodeId ?? row.videoId;
    // A new source for the same film: its old ladder goes first.
    await ctx.mediaStore.deletePrefix(mediaKeys.ladder(target));
    await ctx.mediaStore.putFile(mediaKeys.source(target), file);
    await ctx.jobs.prepare(probeQueue);
    await db.transaction(async (tx) => {
      const asset = await replaceAsset(tx, {
        videoId: row.videoId,
        episodeId: row.episodeId,
        targetId: target,
        sourceKey: mediaKeys.source(target),
        sourceBytes: upload.size ?? 0,
        createdBy: row.userId,
      });
      await ctx.jobs.send(probeQueue, { assetId: asset.id }, { tx });
    });
    await fs.rm(info, { force: true });
    await deleteUpload(db, upload.id);
  }

  const tus = new Server({
    path: createUpload.path,
    datastore: new FileStore({ directory: config.media.uploadDir }),
    maxSize: config.media.uploadMaxBytes,
    relativeLocation: true,
    respectForwardedHeaders: false,
    disableTerminationForFinishedUploads: true,
    namingFunction: () => {
      const owner = creating.getStore();
      if (!owner) throw tusError(400, "VALIDATION_ERROR", mediaMessages.uploadBadChunk);
      return owner.id;
    },
    onUploadCreate: async (_req, upload) => {
      const owner = creating.getStore();
      if (owner?.id !== upload.id) throw tusError(400, "VALIDATION_ERROR", mediaMessages.uploadBadChunk);
      await insertUpload(db, {
        id: upload.id,
        userId: owner.user.id,
        sessionId: owner.user.sessionId,
        videoId: owner.videoId,
        episodeId: owner.episodeId,
        size: owner.size,
      });
      return {};
    },
    onUploadFinish: async (_req, upload) => {
      await accept(upload);
      return {};
    },
    onResponseError: (_req, err) => frenchTusError(err),
  });

  /** Hands the request to tus (which answers on the raw response). */
  async function handOver(request: FastifyRequest, reply: FastifyReply) {
    reply.hijack();
    await tus.handle(request.raw, reply.raw);
  }

  return {
    /** POST: a new upload for a film or an episode of this administrator's session. */
    async create(user: CurrentUser, request: FastifyRequest, reply: FastifyReply) {
      const metadata = parseMetadata(header(request, "upload-metadata"));
      const videoId = metadata[UPLOAD_METADATA.videoId] ?? "";
      const episodeId = metadata[UPLOAD_METADATA.episodeId] || null;
      if (!UUID.test(videoId) || (episodeId !== null && !UUID.test(episodeId))) {
        throw fieldError("videoId", mediaMessages.uploadTargetMissing);
      }
      const target = await uploadTarget(db, videoId, episodeId);
      if (!target) throw new AppError("VIDEO_NOT_FOUND");
      const length = Number(header(request, "upload-length"));
      if (!Number.isSafeInteger(length) || length < 0) {
        throw fieldError("Upload-Length", mediaMessages.uploadLengthRequired);
      }
      if (length > config.media.uploadMaxBytes) {
        throw new AppError("PAYLOAD_TOO_LARGE", mediaMessages.tooLarge(config.media.uploadMaxBytes));
      }
      if (length === 0) throw new AppError("UNSUPPORTED_MEDIA_TYPE", mediaMessages.notAVideo);
      await creating.run({ id: randomUUID(), user, videoId, episodeId, size: length }, () =>
        handOver(request, reply),
      );
    },
    /** HEAD, PATCH, DELETE of an upload: only the session that created it reaches tus. */
    async resume(user: CurrentUser, uploadId: string, request: FastifyRequest, reply: FastifyReply) {
      if (!(await uploadOfSession(db, uploadId, user.sessionId))) {
        throw new AppError("NOT_FOUND", mediaMessages.uploadNotFound);
      }
      if (request.method === "DELETE") {
        // Cancelled: nothing stays, whatever tus keeps.
        await handOver(request, reply);
        for (const file of uploadFiles(config.media.uploadDir, uploadId)) await fs.rm(file, { force: true });
        await deleteUpload(db, uploadId);
        return;
      }
      await handOver(request, reply);
    },
  };
}

const header = (request: FastifyRequest, name: string) => {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
};
