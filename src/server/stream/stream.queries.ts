import { and, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "#db/client";
import { episodes, subtitles, videos } from "#db/schema/catalogue";
import { mediaAssets } from "#db/schema/media";
import { streamLeases } from "#db/schema/stream";

/** Where a film's bytes are (its `video_url`), and whether it is a series. */
export async function videoSource(db: Db, videoId: string) {
  const [row] = await db
    .select({ id: videos.id, type: videos.type, videoUrl: videos.videoUrl })
    .from(videos)
    .where(eq(videos.id, videoId));
  return row;
}

/** Where an episode's bytes are, when it belongs to that series. */
export async function episodeSource(db: Db, seriesId: string, episodeId: string) {
  const [row] = await db
    .select({ id: episodes.id, videoUrl: episodes.videoUrl })
    .from(episodes)
    .where(and(eq(episodes.id, episodeId), eq(episodes.seriesId, seriesId)));
  return row;
}

const ofTarget = (videoId: string, episodeId: string | null) =>
  and(
    eq(subtitles.videoId, videoId),
    episodeId ? eq(subtitles.episodeId, episodeId) : isNull(subtitles.episodeId),
  );

/** The subtitle tracks of a film or an episode, the default one first. */
export async function subtitleTracks(db: Db, videoId: string, episodeId: string | null) {
  return db
    .select({
      id: subtitles.id,
      language: subtitles.language,
      languageName: subtitles.languageName,
      isDefault: subtitles.isDefault,
    })
    .from(subtitles)
    .where(ofTarget(videoId, episodeId))
    .orderBy(sql`${subtitles.isDefault} desc`, subtitles.language);
}

/** The source of one subtitle track, when it belongs to that film or episode. */
export async function subtitleSource(db: Db, id: string, videoId: string, episodeId: string | null) {
  const [row] = await db
    .select({ url: subtitles.subtitleUrl })
    .from(subtitles)
    .where(and(eq(subtitles.id, id), ofTarget(videoId, episodeId)));
  return row?.url;
}

/**
 * spec §4 Player: +1 view once per video load. The lease row remembers the nonce of the ticket it
 * last counted, and the conditional update takes the row lock, so a replay or a concurrent duplicate
 * finds it already set. The video's views after it; undefined when the video is gone.
 */
export async function countViewOnce(
  db: Db,
  view: { leaseId: string; userId: string; videoId: string; nonce: string },
) {
  return db.transaction(async (tx) => {
    const marked = await tx
      .update(streamLeases)
      .set({ viewedTicket: view.nonce })
      .where(
        and(
          eq(streamLeases.id, view.leaseId),
          eq(streamLeases.userId, view.userId),
          sql`${streamLeases.viewedTicket} is distinct from ${view.nonce}`,
        ),
      )
      .returning({ id: streamLeases.id });
    if (marked.length > 0) {
      const [row] = await tx
        .update(videos)
        .set({ views: sql`${videos.views} + 1` })
        .where(eq(videos.id, view.videoId))
        .returning({ views: videos.views });
      return row && { counted: true, views: row.views };
    }
    const [row] = await tx.select({ views: videos.views }).from(videos).where(eq(videos.id, view.videoId));
    return row && { counted: false, views: row.views };
  });
}

/** The ladder of a film or an episode (decision 025): its asset, when there is one. */
export async function ladderOf(db: Db, targetId: string) {
  const [row] = await db
    .select({
      status: mediaAssets.status,
      playable: mediaAssets.playable,
      tasks: mediaAssets.tasks,
      probe: mediaAssets.probe,
      trickplay: mediaAssets.trickplay,
    })
    .from(mediaAssets)
    .where(eq(mediaAssets.targetId, targetId));
  return row;
}
