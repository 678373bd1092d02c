import { createHash } from "node:crypto";
import type { FastifyBaseLogger } from "fastify";
import { endpointUrl } from "#contract/endpoint";
import { mediaMessages, QUALITY_MAX_HEIGHT } from "#contract/media";
import { getSubtitles, streamMessages, streamVideo, type TicketResponse } from "#contract/stream";
import { publicUrl } from "#contract/urls";
import type { Database, Db } from "#db/client";
import type { Listener } from "#db/listener";
import { assertVideoVisible } from "../shared/audience.ts";
import type { Config } from "../shared/config.ts";
import type { AppContext } from "../shared/context.ts";
import { activeStreamPlan, type StreamPlan } from "../shared/entitlement.queries.ts";
import { AppError, fieldError } from "../shared/errors.ts";
import { clientKey } from "../shared/rate-limits.ts";
import { LADDER_PREFIX, ladderTicket } from "./hls.service.ts";
import {
  acquireLease,
  claimLeaseClient,
  releaseLease as endLease,
  findLease,
  servingLease,
} from "./leases.queries.ts";
import { localMediaPath } from "./media-source.ts";
import { countViewOnce, episodeSource, ladderOf, subtitleTracks, videoSource } from "./stream.queries.ts";
import { loadTicketSecret, newNonce, readTicket, signTicket, type TicketClaims } from "./ticket.ts";

/**
 * The protected stream's rules (spec §7 Stream; docs/decisions/006-stream.md): tickets, leases,
 * the byte proxy's checks, views.
 */

/** The player beats its lease three times per lease lifetime: two missed beats are tolerated. */
export const heartbeatSeconds = (config: Config) => Math.floor(config.stream.leaseSeconds / 3);
/**
 * Past its soft expiry a ticket keeps playing while its lease is beaten (a film outlives any
 * ticket), but never longer than this after it was issued.
 */
export const TICKET_HARD_MAX_SECONDS = 12 * 3600;

const nowSeconds = () => Math.floor(Date.now() / 1000);

/** The NOTIFY channel of migration 0014: a member whose stream may have ended (payload: the id). */
export const STREAM_CHANNEL = "bobine_stream";

/** Whether a ticket's lease serves this client now. */
type Serving = "serves" | "ended" | "other-client";

/**
 * The stream of one application: its ticket key (STREAM_SECRET, or generated once into the
 * database and read once per process) and the ticket checks it has just confirmed.
 */
export class StreamState {
  private keyPromise: Promise<Buffer> | undefined;
  /**
   * SECURITY-CHECKLIST 24 without a database read per range request: per member, the checks this
   * process has just confirmed (lease, ticket and client → until when, in ms), trusted for
   * STREAM_RECHECK_SECONDS and never past the lease's own end. Whatever ends a stream in any
   * process announces the member on STREAM_CHANNEL, which forgets them; while that channel is not
   * heard, nothing is trusted.
   */
  private readonly confirmed = new Map<string, Map<string, number>>();
  private entries = 0;
  /** Bumped by every forget: a check read before it is not remembered after it. */
  private generation = 0;
  private listening = false;

  readonly db: Db;
  readonly config: Config;
  constructor(db: Db, config: Config) {
    this.db = db;
    this.config = config;
  }

  key(): Promise<Buffer> {
    this.keyPromise ??= loadTicketSecret(this.db, this.config.stream.secret).catch((err) => {
      this.keyPromise = undefined;
      throw err;
    });
    return this.keyPromise;
  }

  /** Listens on STREAM_CHANNEL; the memo is used only while listening. */
  async listen(database: Database, log: FastifyBaseLogger): Promise<Listener> {
    return database.listen(STREAM_CHANNEL, {
      onNotify: (userId) => this.forgetMember(userId),
      onListening: (listening) => {
        this.listening = listening;
        if (!listening) {
          this.forgetAll();
          log.warn(
            "stream end notifications lost: every range request checks the database until reconnected",
          );
        }
      },
      onError: (err) => log.warn({ err }, "stream end listener"),
    });
  }

  forgetMember(userId: string) {
    this.generation += 1;
    const memo = this.confirmed.get(userId);
    if (!memo) return;
    this.entries -= memo.size;
    this.confirmed.delete(userId);
  }

  private forgetAll() {
    this.generation += 1;
    this.confirmed.clear();
    this.entries = 0;
  }

  private remember(userId: string, key: string, until: number) {
    if (this.entries >= 10_000) this.forgetAll();
    let memo = this.confirmed.get(userId);
    if (!memo) {
      memo = new Map();
      this.confirmed.set(userId, memo);
    }
    if (!memo.has(key)) this.entries += 1;
    memo.set(key, until);
  }

  /**
   * Whether the ticket's lease serves this client: live, its session open, the member's access
   * covering now, and this client its owner (the first client of a ticket owns it; past its soft
   * expiry a ticket nobody opened opens nothing).
   */
  async serves(claims: TicketClaims, client: string): Promise<Serving> {
    const now = Date.now();
    const key = `${claims.l}:${claims.n}:${client}`;
    const until = this.confirmed.get(claims.u)?.get(key);
    if (until !== undefined && until > now) return "serves";
    const generation = this.generation;
    const lease = await servingLease(this.db, claims.u, claims.l);
    if (!lease) return "ended";
    if (lease.clientKey !== client) {
      if (lease.clientKey !== null) return "other-client";
      if (nowSeconds() > claims.x) return "ended";
      if (!(await claimLeaseClient(this.db, claims.l, client))) return "other-client";
    }
    const ttl = this.config.stream.recheckSeconds * 1000;
    if (this.listening && ttl > 0 && generation === this.generation) {
      this.remember(claims.u, key, Math.min(now + ttl, lease.expiresAt.getTime()));
    }
    return "serves";
  }
}

/** Opens the stream state of an application and its listener (closed with the application). */
export async function openStreamState(ctx: Pick<AppContext, "database" | "config" | "log">) {
  const state = new StreamState(ctx.database.db, ctx.config);
  const listener = await state.listen(ctx.database, ctx.log);
  return { state, close: () => listener.close() };
}

/** Who fetches the bytes: the network (IPv6 /64) and the browser, hashed. */
export function streamClientKey(ip: string, userAgent: string | undefined): string {
  return createHash("sha256")
    .update(`${clientKey(ip)}\n${userAgent ?? ""}`)
    .digest("base64url")
    .slice(0, 22);
}

/** The ticket's `f` of a video hosted elsewhere: the browser reads it there, never through Bobine. */
const REMOTE_SOURCE = "remote:";

/**
 * Where the bytes of a video or an episode are, or a 404 the player shows as 'Vidéo non trouvée':
 * its HLS ladder once a rung is ready (decision 025), else its single file (the demo's MP4s), else
 * the public http(s) address an operator gave (decision 006, amended: read by the browser from
 * there); a ladder still being built with nothing to fall back on is « en cours de préparation ».
 */
async function playableSource(db: Db, videoId: string, episodeId: string | undefined) {
  const video = await videoSource(db, videoId);
  if (!video) throw new AppError("VIDEO_NOT_FOUND");
  let target: { episodeId: string | null; videoUrl: string | null };
  if (video.type === "series") {
    if (!episodeId) throw fieldError("episodeId", streamMessages.episodeRequired);
    const episode = await episodeSource(db, videoId, episodeId);
    if (!episode) throw new AppError("VIDEO_NOT_FOUND");
    target = { episodeId: episode.id, videoUrl: episode.videoUrl };
  } else {
    if (episodeId) throw new AppError("VIDEO_NOT_FOUND");
    target = { episodeId: null, videoUrl: video.videoUrl };
  }
  const targetId = target.episodeId ?? videoId;
  const ladder = await ladderOf(db, targetId);
  if (ladder?.playable) return { episodeId: target.episodeId, file: `${LADDER_PREFIX}${targetId}`, ladder };
  const file = localMediaPath(target.videoUrl, "videos");
  if (file) return { episodeId: target.episodeId, file, ladder: null };
  // The same rule as the form's (admin-common mediaRef): a public http(s) address, never a private one.
  const remote = target.videoUrl
    ? publicUrl(target.videoUrl, { protocols: ["http:", "https:"], addresses: "public" })
    : null;
  if (remote && !ladder) return { episodeId: target.episodeId, file: REMOTE_SOURCE, ladder: null, remote };
  throw new AppError("VIDEO_NOT_FOUND", ladder ? mediaMessages.notReady : streamMessages.videoUnavailable);
}

/** POST /api/videos/:videoId/ticket — spec §7 Stream; the subscriber guard found `plan`. */
export async function issueTicket(
  state: StreamState,
  { userId, sessionId }: { userId: string; sessionId: string },
  plan: StreamPlan,
  videoId: string,
  body: { episodeId?: string | undefined; deviceId: string },
): Promise<TicketResponse> {
  const { db, config } = state;
  // Parental control (decision 008): a video above the member's level gets no ticket.
  await assertVideoVisible(db, userId, videoId);
  const source = await playableSource(db, videoId, body.episodeId);
  const ticketId = newNonce();
  const lease = await acquireLease(db, {
    userId,
    sessionId,
    deviceId: body.deviceId,
    maxStreams: plan.maxStreams,
    leaseSeconds: config.stream.leaseSeconds,
    target: { videoId, episodeId: source.episodeId },
    ticketId,
  });
  const issued = nowSeconds();
  const maxHeight = QUALITY_MAX_HEIGHT[plan.maxQuality];
  const claims: TicketClaims = {
    u: userId,
    v: videoId,
    e: source.episodeId,
    p: plan.code,
    m: plan.maxStreams,
    l: lease.id,
    d: body.deviceId,
    f: source.file,
    i: issued,
    x: issued + config.stream.ticketMinutes * 60,
    n: ticketId,
    ...(source.ladder ? { q: maxHeight } : {}),
  };
  const token = signTicket(await state.key(), claims);
  const tracks = await subtitleTracks(db, videoId, source.episodeId);
  const media = source.ladder
    ? ladderTicket(source.episodeId ?? videoId, token, source.ladder, maxHeight)
    : "remote" in source && source.remote
      ? // Played by the element from where the operator hosts it (a file: MP4, WebM…).
        { url: source.remote.href, hls: false, qualities: [], trickplay: null }
      : {
          url: endpointUrl(streamVideo, { query: { videoId: source.episodeId ?? videoId, token } }),
          hls: false,
          qualities: [],
          trickplay: null,
        };
  return {
    ...media,
    token,
    subtitles: tracks.map((t) => ({
      ...t,
      url: endpointUrl(getSubtitles, { params: { id: t.id }, query: { token } }),
    })),
    leaseId: lease.id,
    ticketId,
    heartbeatSeconds: heartbeatSeconds(config),
    expiresAt: new Date(claims.x * 1000).toISOString(),
    maxStreams: plan.maxStreams,
  };
}

/** Authentic ticket claims, or 401 without a ticket and 403 for a forged one. */
export async function ticketOf(state: StreamState, token: string | undefined): Promise<TicketClaims> {
  if (!token) throw new AppError("UNAUTHENTICATED", streamMessages.ticketMissing);
  const claims = readTicket(await state.key(), token);
  if (!claims) throw new AppError("ACCESS_DENIED", streamMessages.ticketInvalid);
  return claims;
}

/**
 * A ticket opens bytes (the video's and its subtitles') only for the client that owns its lease,
 * while that lease serves (StreamState.serves), and never more than TICKET_HARD_MAX_SECONDS after
 * it was issued. A ticket whose lease ended (released, lapsed, signed out, access taken back) is
 * expired: 401 (SECURITY-CHECKLIST 21), and the player asks for a new ticket, which the plan's
 * limit decides; another client presenting it is a second stream: 409 TOO_MANY_STREAMS (24).
 */
export async function authoriseTicket(state: StreamState, claims: TicketClaims, client: string) {
  if (nowSeconds() > claims.i + TICKET_HARD_MAX_SECONDS) {
    throw new AppError("UNAUTHENTICATED", streamMessages.ticketExpired);
  }
  const serving = await state.serves(claims, client);
  if (serving === "ended") throw new AppError("UNAUTHENTICATED", streamMessages.ticketExpired);
  if (serving === "other-client") {
    throw new AppError("TOO_MANY_STREAMS", streamMessages.tooManyStreams(claims.m));
  }
}

/**
 * The proxy's checks (spec §7 Stream; SECURITY-CHECKLIST 21, 22, 24): not an open proxy, a ticket
 * of this very video or episode, still current, and bytes for the one client that owns the lease.
 * Returns the media file the ticket opens.
 */
export async function authoriseBytes(
  state: StreamState,
  query: {
    videoId?: string | undefined;
    episodeId?: string | undefined;
    token?: string | undefined;
    url?: string | undefined;
  },
  client: string,
): Promise<string> {
  // SECURITY-CHECKLIST 22: refused before any connection or lookup.
  if (query.url !== undefined) throw fieldError("url", streamMessages.remoteUrlRefused);
  const claims = await ticketOf(state, query.token);
  const target = claims.e ?? claims.v;
  const sameTarget =
    query.videoId === target || (query.videoId === claims.v && (query.episodeId ?? null) === claims.e);
  if (!sameTarget) throw new AppError("ACCESS_DENIED", streamMessages.ticketInvalid);
  // A ladder's ticket reads its playlists, a remote video's reads nothing here.
  if (claims.f.startsWith(LADDER_PREFIX) || claims.f === REMOTE_SOURCE) {
    throw new AppError("ACCESS_DENIED", streamMessages.ticketInvalid);
  }
  await authoriseTicket(state, claims, client);
  return claims.f;
}

/**
 * POST …/heartbeat: renews the lease if the plan still has room for it beside the member's other
 * live leases — an ended one is taken again (a player whose beats were delayed, e.g. a background
 * tab, resumes when nobody took its place); with no room (a plan lowered while its devices play)
 * it ends now, its tickets with it. The subscription is checked again: a plan that ended ends the
 * lease at the next beat.
 */
export async function heartbeat(
  state: StreamState,
  { userId, sessionId }: { userId: string; sessionId: string },
  leaseId: string,
) {
  const { db, config } = state;
  const found = await findLease(db, userId, leaseId);
  if (!found) throw new AppError("NOT_FOUND", streamMessages.leaseNotFound);
  const plan = await activeStreamPlan(db, userId);
  if (!plan) {
    await endLease(db, userId, leaseId);
    state.forgetMember(userId);
    throw new AppError("SUBSCRIPTION_REQUIRED");
  }
  let renewed: Awaited<ReturnType<typeof acquireLease>>;
  try {
    // Counted again at every beat: a plan lowered while its devices play keeps as many as it allows.
    renewed = await acquireLease(db, {
      userId,
      sessionId,
      deviceId: found.deviceId,
      maxStreams: plan.maxStreams,
      leaseSeconds: config.stream.leaseSeconds,
    });
  } catch (err) {
    if (err instanceof AppError && err.code === "TOO_MANY_STREAMS") {
      await endLease(db, userId, leaseId);
      state.forgetMember(userId);
    }
    throw err;
  }
  return {
    leaseId: renewed.id,
    expiresAt: renewed.expiresAt.toISOString(),
    heartbeatSeconds: heartbeatSeconds(config),
  };
}

/**
 * The player stopped (DELETE or the beacon): the lease ends now, and its tickets with it (this
 * process forgets at once, the others when they hear it); another member's is not found. Naming
 * its ticket, it ends only that play: a newer ticket of the same device keeps the lease.
 */
export async function release(
  state: StreamState,
  userId: string,
  leaseId: string,
  ticketId?: string,
): Promise<void> {
  const ended = await endLease(state.db, userId, leaseId, ticketId);
  state.forgetMember(userId);
  if (!ended) throw new AppError("NOT_FOUND", streamMessages.leaseNotFound);
}

/**
 * spec §4 Player: +1 view once per video load, on first play, with the member's own ticket of that
 * video (or of one of its episodes).
 */
export async function countView(state: StreamState, userId: string, videoId: string, token: string) {
  const claims = await ticketOf(state, token);
  if (claims.u !== userId || (claims.v !== videoId && claims.e !== videoId)) {
    throw new AppError("ACCESS_DENIED", streamMessages.ticketInvalid);
  }
  const result = await countViewOnce(state.db, {
    leaseId: claims.l,
    userId: claims.u,
    videoId: claims.v,
    nonce: claims.n,
  });
  if (!result) throw new AppError("VIDEO_NOT_FOUND");
  return result;
}
