import type { FastifyReply, FastifyRequest } from "fastify";
import { hlsMaster, hlsPlaylist, hlsSegment, hlsSubtitles, trickplaySheet } from "#contract/media";
import {
  countView,
  createTicket,
  getSubtitles,
  heartbeatLease,
  releaseLease,
  releaseLeaseBeacon,
  streamMessages,
  streamVideo,
} from "#contract/stream";
import { entitlementOf } from "../shared/access.ts";
import type { Config } from "../shared/config.ts";
import type { DomainPlugin } from "../shared/context.ts";
import { AppError } from "../shared/errors.ts";
import { mediaKeys } from "../shared/media-ladder.ts";
import type { MediaStore } from "../shared/media-store.ts";
import { router } from "../shared/route.ts";
import {
  assertLadderTicket,
  assertTrackAllowed,
  masterPlaylist,
  renditionPlaylist,
  subtitlePlaylist,
} from "./hls.service.ts";
import { resolveInMedia, videoContentType } from "./media-source.ts";
import { openMedia, sendMedia, sendStored } from "./send-file.ts";
import * as stream from "./stream.service.ts";
import { subtitleVtt } from "./subtitles.service.ts";

/** Sends the ticket's media file: by nginx when offloaded, else with RFC 9110 ranges. */
async function sendVideo(config: Config, request: FastifyRequest, reply: FastifyReply, file: string) {
  const contentType = videoContentType(file);
  if (config.stream.offload === "x-accel") {
    // nginx serves the internal location (ranges, sendfile); see docs/deploy/nginx.conf.
    return reply
      .header("X-Accel-Redirect", `${config.stream.offloadPrefix}${file}`)
      .header("Content-Type", contentType)
      .header("Cache-Control", "private")
      .send("");
  }
  const absolute = resolveInMedia(config.mediaDir, file);
  const media = absolute ? await openMedia(absolute) : null;
  if (!media) throw new AppError("VIDEO_NOT_FOUND", streamMessages.videoUnavailable);
  sendMedia(request, reply, media, contentType);
  return reply;
}

/**
 * Sends an object of the media store (a segment, a sheet): nginx (X-Accel) or the file itself for
 * the folder, a short-lived signed URL or the bytes themselves for object storage.
 */
async function sendObject(
  config: Config,
  store: MediaStore,
  request: FastifyRequest,
  reply: FastifyReply,
  key: string,
  contentType: string,
) {
  if (store.kind === "folder" && config.stream.offload === "x-accel") {
    return reply
      .header("X-Accel-Redirect", `${config.stream.offloadPrefix}${key}`)
      .header("Content-Type", contentType)
      .header("Cache-Control", "private")
      .send("");
  }
  const local = store.localPath(key);
  if (local) {
    const media = await openMedia(local);
    if (!media) throw new AppError("VIDEO_NOT_FOUND", streamMessages.videoUnavailable);
    sendMedia(request, reply, media, contentType);
    return reply;
  }
  const signed = config.s3?.delivery === "presigned" ? await store.signedUrl?.(key) : undefined;
  if (signed) return reply.header("Cache-Control", "private, no-store").redirect(signed, 302);
  return sendStored(request, reply, store, key, contentType);
}

/**
 * The protected stream (spec §7 Stream; docs/decisions/006-stream.md): tickets, the byte proxy (or
 * the nginx offload), leases, views and subtitles.
 */
export const streamRoutes: DomainPlugin = async (app, ctx) => {
  const { config } = ctx;
  const route = router(app, ctx);
  const { state, close } = await stream.openStreamState(ctx);
  app.addHook("onClose", close);

  const asking = (user: { id: string; sessionId: string }) => ({
    userId: user.id,
    sessionId: user.sessionId,
  });
  route(createTicket, async ({ user, request, params, body }) =>
    stream.issueTicket(state, asking(user), entitlementOf(request), params.videoId, body),
  );
  route(heartbeatLease, async ({ user, params }) => stream.heartbeat(state, asking(user), params.leaseId));
  const release = async ({
    user,
    params,
    query,
  }: {
    user: { id: string };
    params: { leaseId: string };
    query: { ticketId?: string | undefined };
  }) => {
    await stream.release(state, user.id, params.leaseId, query.ticketId);
    return null;
  };
  route(releaseLease, release, { status: 204 });
  // navigator.sendBeacon posts text/plain (or nothing): the contract lets this route ignore it.
  route(releaseLeaseBeacon, release, { status: 204 });
  route(countView, async ({ user, params, body }) =>
    stream.countView(state, user.id, params.videoId, body.token),
  );

  route(streamVideo, async ({ query, request, reply }) => {
    const client = stream.streamClientKey(request.ip, request.headers["user-agent"]);
    return sendVideo(config, request, reply, await stream.authoriseBytes(state, query, client));
  });

  // The HLS ladder (decision 025, SECURITY-CHECKLIST 40): each request is the ticket's own video,
  // a live lease for this client, and a rung the plan allows.
  const ladderClaims = async (
    request: FastifyRequest,
    token: string | undefined,
    targetId: string,
    track?: string,
  ) => {
    const claims = await stream.ticketOf(state, token);
    assertLadderTicket(claims, targetId);
    if (track) assertTrackAllowed(claims, track);
    await stream.authoriseTicket(
      state,
      claims,
      stream.streamClientKey(request.ip, request.headers["user-agent"]),
    );
    return claims;
  };
  const playlistReply = (reply: FastifyReply, body: string) =>
    reply
      .type("application/vnd.apple.mpegurl")
      .header("Cache-Control", "private, no-store")
      .header("X-Content-Type-Options", "nosniff")
      .send(body);
  route(hlsMaster, async ({ params, query, request, reply }) => {
    const claims = await ladderClaims(request, query.token, params.targetId);
    return playlistReply(reply, await masterPlaylist(ctx.db, claims, params.targetId, query.token ?? ""));
  });
  route(hlsPlaylist, async ({ params, query, request, reply }) => {
    await ladderClaims(request, query.token, params.targetId, params.track);
    return playlistReply(
      reply,
      await renditionPlaylist(ctx.mediaStore, params.targetId, params.track, query.token ?? ""),
    );
  });
  route(hlsSubtitles, async ({ params, query, request, reply }) => {
    const claims = await ladderClaims(request, query.token, params.targetId);
    return playlistReply(reply, await subtitlePlaylist(ctx.db, claims, params.subtitleId, query.token ?? ""));
  });
  route(hlsSegment, async ({ params, query, request, reply }) => {
    await ladderClaims(request, query.token, params.targetId, params.track);
    const type = params.segment.endsWith(".m4s") ? "video/iso.segment" : "video/mp4";
    return sendObject(
      config,
      ctx.mediaStore,
      request,
      reply,
      mediaKeys.file(params.targetId, params.track, params.segment),
      type,
    );
  });
  route(trickplaySheet, async ({ params, query, request, reply }) => {
    await ladderClaims(request, query.token, params.targetId);
    return sendObject(
      config,
      ctx.mediaStore,
      request,
      reply,
      mediaKeys.trickplay(params.targetId, params.sheet),
      "image/jpeg",
    );
  });

  route(getSubtitles, async ({ params, query, request, reply }) => {
    // The same client as the video's bytes (SECURITY-CHECKLIST 24).
    const client = stream.streamClientKey(request.ip, request.headers["user-agent"]);
    return reply
      .type("text/vtt; charset=utf-8")
      .header("Cache-Control", "private")
      .header("X-Content-Type-Options", "nosniff")
      .send(await subtitleVtt(state, params.id, query.token, client));
  });
};
