import { and, eq, isNull, sql } from "drizzle-orm";
import type { TicketResponse } from "#contract/stream";
import { streamMessages } from "#contract/stream";
import type { Db } from "#db/client";
import { episodes, subtitles, videos } from "#db/schema/catalogue";
import { streamLeases } from "#db/schema/stream";
import type { Config } from "../config.ts";
import { AppError } from "../errors.ts";
import { assertVideoVisible } from "../member/maturity.ts";
import { activeStreamPlan } from "./entitlement.ts";
import { acquireLease, findLease, leaseIsLive, renewLease } from "./leases.ts";
import { localMediaPath } from "./media-source.ts";
import { newNonce, signTicket, type TicketClaims } from "./ticket.ts";

/** The player beats its lease three times per lease lifetime: two missed beats are tolerated. */
export const heartbeatSeconds = (config: Config) => Math.floor(config.stream.leaseSeconds / 3);
/**
 * Past its soft expiry a ticket keeps playing while its lease is beaten (a film outlives any
 * ticket), but never longer than this after it was issued.
 */
export const TICKET_HARD_MAX_SECONDS = 12 * 3600;

export interface StreamDeps {
  db: Db;
  config: Config;
  key: () => Promise<Buffer>;
}

const nowSeconds = () => Math.floor(Date.now() / 1000);

/** Where the bytes of a video or an episode are, or a 404 the player shows as 'Vidéo non trouvée'. */
async function playableSource(db: Db, videoId: string, episodeId: string | undefined) {
  const [video] = await db
    .select({ id: videos.id, type: videos.type, videoUrl: videos.videoUrl })
    .from(videos)
    .where(eq(videos.id, videoId));
  if (!video) throw new AppError("VIDEO_NOT_FOUND");
  if (video.type === "series") {
    if (!episodeId)
      throw new AppError("VALIDATION_ERROR", streamMessages.episodeRequired, {
        episodeId: streamMessages.episodeRequired,
      });
    const [episode] = await db
      .select({ id: episodes.id, videoUrl: episodes.videoUrl })
      .from(episodes)
      .where(and(eq(episodes.id, episodeId), eq(episodes.seriesId, videoId)));
    if (!episode) throw new AppError("VIDEO_NOT_FOUND");
    const file = localMediaPath(episode.videoUrl, "videos");
    if (!file) throw new AppError("VIDEO_NOT_FOUND", streamMessages.videoUnavailable);
    return { episodeId: episode.id, file };
  }
  if (episodeId) throw new AppError("VIDEO_NOT_FOUND");
  const file = localMediaPath(video.videoUrl, "videos");
  if (!file) throw new AppError("VIDEO_NOT_FOUND", streamMessages.videoUnavailable);
  return { episodeId: null, file };
}

/** POST /api/videos/:videoId/ticket — spec §7 Stream, issue #5. */
export async function issueTicket(
  deps: StreamDeps,
  userId: string,
  videoId: string,
  body: { episodeId?: string | undefined; deviceId: string },
): Promise<TicketResponse> {
  const { db, config } = deps;
  // Parental control (decision 008): a video above the member's level gets no ticket.
  await assertVideoVisible(db, userId, videoId);
  const source = await playableSource(db, videoId, body.episodeId);
  const plan = await activeStreamPlan(db, userId);
  if (!plan) throw new AppError("SUBSCRIPTION_REQUIRED");
  const lease = await acquireLease(db, {
    userId,
    deviceId: body.deviceId,
    maxStreams: plan.maxStreams,
    leaseSeconds: config.stream.leaseSeconds,
    videoId,
    episodeId: source.episodeId,
    resetClient: true,
  });
  const issued = nowSeconds();
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
    n: newNonce(),
  };
  const token = signTicket(await deps.key(), claims);
  const q = encodeURIComponent(token);
  const tracks = await db
    .select({
      id: subtitles.id,
      language: subtitles.language,
      languageName: subtitles.languageName,
      isDefault: subtitles.isDefault,
    })
    .from(subtitles)
    .where(
      and(
        eq(subtitles.videoId, videoId),
        source.episodeId ? eq(subtitles.episodeId, source.episodeId) : isNull(subtitles.episodeId),
      ),
    )
    .orderBy(sql`${subtitles.isDefault} desc`, subtitles.language);
  return {
    url: `/api/videos/proxy?videoId=${source.episodeId ?? videoId}&token=${q}`,
    token,
    subtitles: tracks.map((t) => ({ ...t, url: `/api/subtitles/${t.id}?token=${q}` })),
    leaseId: lease.id,
    heartbeatSeconds: heartbeatSeconds(config),
    expiresAt: new Date(claims.x * 1000).toISOString(),
    maxStreams: plan.maxStreams,
  };
}

/**
 * A ticket still opens bytes: before its soft expiry always; after it, while its lease is live
 * and within TICKET_HARD_MAX_SECONDS. Otherwise 401 (SECURITY-CHECKLIST 21: expired → 401).
 */
export async function assertTicketCurrent(db: Db, claims: TicketClaims) {
  const now = nowSeconds();
  if (now <= claims.x) return;
  if (now > claims.i + TICKET_HARD_MAX_SECONDS || !(await leaseIsLive(db, claims.u, claims.l))) {
    throw new AppError("UNAUTHENTICATED", streamMessages.ticketExpired);
  }
}

/**
 * POST …/heartbeat: renews a live lease; an ended one is taken again if the plan still has room
 * (a player whose beats were delayed, e.g. a background tab, resumes when nobody took its place).
 * The subscription is checked again: a plan that ended stops the stream at the next beat.
 */
export async function heartbeat(deps: StreamDeps, userId: string, leaseId: string) {
  const { db, config } = deps;
  const found = await findLease(db, userId, leaseId);
  if (!found) throw new AppError("NOT_FOUND", streamMessages.leaseNotFound);
  const plan = await activeStreamPlan(db, userId);
  if (!plan) {
    await db
      .update(streamLeases)
      .set({ expiresAt: sql`least(${streamLeases.expiresAt}, now())` })
      .where(eq(streamLeases.id, leaseId));
    throw new AppError("SUBSCRIPTION_REQUIRED");
  }
  const renewed =
    (await renewLease(db, { userId, leaseId, leaseSeconds: config.stream.leaseSeconds })) ??
    (await acquireLease(db, {
      userId,
      deviceId: found.deviceId,
      maxStreams: plan.maxStreams,
      leaseSeconds: config.stream.leaseSeconds,
      videoId: null,
      episodeId: null,
    }));
  return {
    leaseId: renewed.id,
    expiresAt: renewed.expiresAt.toISOString(),
    heartbeatSeconds: heartbeatSeconds(config),
  };
}

/**
 * spec §4 Player: +1 view once per video load, on first play. Idempotent per lease and load: the
 * lease row remembers the nonce of the ticket it last counted, and the conditional update takes
 * the row lock, so a replay or a concurrent duplicate finds it already set.
 */
export async function countView(db: Db, claims: TicketClaims) {
  return db.transaction(async (tx) => {
    const marked = await tx
      .update(streamLeases)
      .set({ viewedTicket: claims.n })
      .where(
        and(
          eq(streamLeases.id, claims.l),
          eq(streamLeases.userId, claims.u),
          sql`${streamLeases.viewedTicket} is distinct from ${claims.n}`,
        ),
      )
      .returning({ id: streamLeases.id });
    if (marked.length > 0) {
      const [row] = await tx
        .update(videos)
        .set({ views: sql`${videos.views} + 1` })
        .where(eq(videos.id, claims.v))
        .returning({ views: videos.views });
      if (!row) throw new AppError("VIDEO_NOT_FOUND");
      return { counted: true, views: row.views };
    }
    const [row] = await tx.select({ views: videos.views }).from(videos).where(eq(videos.id, claims.v));
    if (!row) throw new AppError("VIDEO_NOT_FOUND");
    return { counted: false, views: row.views };
  });
}
