import { createHash } from "node:crypto";
import fs from "node:fs/promises";
import { and, eq, isNull } from "drizzle-orm";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  countView,
  createTicket,
  heartbeatLease,
  proxyQuery,
  releaseLease,
  releaseLeaseBeacon,
  SUBTITLE_MAX_BYTES,
  streamMessages,
  subtitleParams,
  subtitleQuery,
} from "#contract/stream";
import type { Db } from "#db/client";
import { subtitles } from "#db/schema/catalogue";
import { requireUser } from "../auth/guards.ts";
import { clientKey } from "../auth/rate-limit.ts";
import type { Config } from "../config.ts";
import { AppError } from "../errors.ts";
import { route } from "../route.ts";
import { bindLeaseClient, releaseLease as endLease } from "./leases.ts";
import { localMediaPath, resolveInMedia, videoContentType } from "./media-source.ts";
import { openMedia, sendMedia } from "./send-file.ts";
import { SubtitleError, subtitleToVtt } from "./srt-to-vtt.ts";
import * as stream from "./stream.service.ts";
import { loadTicketSecret, readTicket, type TicketClaims } from "./ticket.ts";

/**
 * The protected stream (issue #5, docs/decisions/006-stream.md): tickets, the byte proxy (or the
 * nginx offload), leases, views and subtitles.
 */
/** Who fetches the bytes: the network (IPv6 /64) and the browser, hashed. */
function streamClientKey(request: FastifyRequest): string {
  const agent = request.headers["user-agent"] ?? "";
  return createHash("sha256")
    .update(`${clientKey(request.ip)}\n${agent}`)
    .digest("base64url")
    .slice(0, 22);
}

export function registerStreamRoutes(app: FastifyInstance, deps: { db: Db; config: Config }) {
  const { db, config } = deps;
  let keyPromise: Promise<Buffer> | undefined;
  const key = () => {
    keyPromise ??= loadTicketSecret(db, config.stream.secret).catch((err) => {
      keyPromise = undefined;
      throw err;
    });
    return keyPromise;
  };
  const sdeps: stream.StreamDeps = { db, config, key };

  /**
   * SECURITY-CHECKLIST 24 without a database write per range request: a binding this process has
   * just confirmed for a ticket is trusted for a minute (a player asks for ranges every few seconds); anything
   * else goes to the database, which decides for every process.
   */
  const confirmed = new Map<string, { client: string; until: number }>();
  async function leaseServesClient(leaseId: string, ticketNonce: string, client: string): Promise<boolean> {
    const now = Date.now();
    // Per ticket: a new ticket for the device (which frees the binding) is always checked anew.
    const memoKey = `${leaseId}:${ticketNonce}`;
    const memo = confirmed.get(memoKey);
    if (memo && memo.client === client && memo.until > now) return true;
    if (!(await bindLeaseClient(db, leaseId, client))) return false;
    if (confirmed.size >= 10_000) confirmed.clear();
    confirmed.set(memoKey, { client, until: now + 60_000 });
    return true;
  }

  /** Authentic ticket claims, or 401 without a ticket and 403 for a forged one. */
  async function ticketOf(token: string | undefined): Promise<TicketClaims> {
    if (!token) throw new AppError("UNAUTHENTICATED", streamMessages.ticketMissing);
    const claims = readTicket(await key(), token);
    if (!claims) throw new AppError("ACCESS_DENIED", streamMessages.ticketInvalid);
    return claims;
  }

  route(app, createTicket, async ({ request, params, body }) =>
    stream.issueTicket(sdeps, requireUser(request).id, params.videoId, body),
  );

  route(app, heartbeatLease, async ({ request, params }) =>
    stream.heartbeat(sdeps, requireUser(request).id, params.leaseId),
  );

  const release = async (request: FastifyRequest, leaseId: string) => {
    if (!(await endLease(db, requireUser(request).id, leaseId))) {
      throw new AppError("NOT_FOUND", streamMessages.leaseNotFound);
    }
    return null;
  };
  route(app, releaseLease, async ({ request, params }) => release(request, params.leaseId), { status: 204 });
  // navigator.sendBeacon posts text/plain (or nothing): accepted and ignored on this route only.
  app.register(async (beacon) => {
    beacon.addContentTypeParser(
      ["text/plain", "application/x-www-form-urlencoded"],
      { parseAs: "string", bodyLimit: 1024 },
      (_request, _body, done) => done(null, undefined),
    );
    route(beacon, releaseLeaseBeacon, async ({ request, params }) => release(request, params.leaseId), {
      status: 204,
    });
  });

  route(app, countView, async ({ request, params, body }) => {
    const user = requireUser(request);
    const claims = await ticketOf(body.token);
    if (claims.u !== user.id || (claims.v !== params.videoId && claims.e !== params.videoId)) {
      throw new AppError("ACCESS_DENIED", streamMessages.ticketInvalid);
    }
    return stream.countView(db, claims);
  });

  // spec §7 Stream: GET /api/videos/proxy?videoId=…&token=… (HEAD is answered by the same handler).
  app.withTypeProvider<ZodTypeProvider>().route({
    method: ["GET", "HEAD"],
    url: "/api/videos/proxy",
    // Our own HEAD: fastify's automatic one would read the whole file to discard it.
    exposeHeadRoute: false,
    schema: {
      summary:
        "Octets de la vidéo avec un ticket (plages RFC 9110 : 206, 416, If-Range). Sans ticket : 401 ; ticket d'un autre contenu ou falsifié : 403 ; expiré : 401.",
      tags: ["lecture"],
      querystring: proxyQuery,
    },
    handler: async (request, reply) => {
      const q = request.query;
      // SECURITY-CHECKLIST 22: not an open proxy; refused before any connection or lookup.
      if (q.url !== undefined) {
        throw new AppError("VALIDATION_ERROR", streamMessages.remoteUrlRefused, {
          url: streamMessages.remoteUrlRefused,
        });
      }
      const claims = await ticketOf(q.token);
      const target = claims.e ?? claims.v;
      const sameTarget =
        q.videoId === target || (q.videoId === claims.v && (q.episodeId ?? null) === claims.e);
      if (!sameTarget) throw new AppError("ACCESS_DENIED", streamMessages.ticketInvalid);
      await stream.assertTicketCurrent(db, claims);
      if (!(await leaseServesClient(claims.l, claims.n, streamClientKey(request)))) {
        throw new AppError("TOO_MANY_STREAMS", streamMessages.tooManyStreams(claims.m));
      }
      return serveVideo(request, reply, claims.f);
    },
  });

  async function serveVideo(request: FastifyRequest, reply: FastifyReply, file: string) {
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

  // Subtitles of the ticket's video or episode, as WebVTT (issue #5 Subtitles, SECURITY-CHECKLIST 30).
  app.withTypeProvider<ZodTypeProvider>().get(
    "/api/subtitles/:id",
    {
      schema: {
        summary: "Sous-titres en WebVTT (text/vtt; charset=utf-8), lisibles avec le ticket de lecture.",
        tags: ["lecture"],
        params: subtitleParams,
        querystring: subtitleQuery,
      },
    },
    async (request, reply) => {
      const claims = await ticketOf(request.query.token);
      await stream.assertTicketCurrent(db, claims);
      const [row] = await db
        .select({ url: subtitles.subtitleUrl })
        .from(subtitles)
        .where(
          and(
            eq(subtitles.id, request.params.id),
            eq(subtitles.videoId, claims.v),
            claims.e ? eq(subtitles.episodeId, claims.e) : isNull(subtitles.episodeId),
          ),
        );
      const relative = localMediaPath(row?.url, "subtitles");
      const absolute = relative ? resolveInMedia(config.mediaDir, relative) : null;
      if (!absolute) throw new AppError("NOT_FOUND", streamMessages.subtitleUnavailable);
      let bytes: Buffer;
      try {
        const st = await fs.stat(absolute);
        if (st.size > SUBTITLE_MAX_BYTES) throw new SubtitleError("too-large");
        bytes = await fs.readFile(absolute);
      } catch (err) {
        if (err instanceof SubtitleError)
          throw new AppError("PAYLOAD_TOO_LARGE", streamMessages.subtitleTooLarge);
        throw new AppError("NOT_FOUND", streamMessages.subtitleUnavailable);
      }
      let vtt: string;
      try {
        vtt = subtitleToVtt(bytes);
      } catch (err) {
        if (err instanceof SubtitleError && err.reason === "too-large") {
          throw new AppError("PAYLOAD_TOO_LARGE", streamMessages.subtitleTooLarge);
        }
        throw new AppError("VALIDATION_ERROR", streamMessages.subtitleInvalid);
      }
      return reply
        .type("text/vtt; charset=utf-8")
        .header("Cache-Control", "private")
        .header("X-Content-Type-Options", "nosniff")
        .send(vtt);
    },
  );
}
