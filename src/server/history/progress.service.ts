import { and, desc, eq, sql } from "drizzle-orm";
import {
  historyMessages,
  historyStatusOf,
  isResumable,
  type ResumeQuery,
  type ResumeResponse,
  type SaveProgressBody,
  type SaveProgressResult,
  WATCH_PROGRESS,
} from "#contract/history";
import type { Db } from "#db/client";
import { watchHistory } from "#db/schema/activity";
import { episodes, videos } from "#db/schema/catalogue";
import { AppError } from "../errors.ts";
import { isForeignKeyViolation } from "../library/sql-state.ts";

/**
 * How far ahead of the server's clock a client's clientSavedAt is believed. A device whose clock
 * runs hours ahead would otherwise lock the row: every save from a correct clock would look older.
 */
export const CLIENT_CLOCK_TOLERANCE_MS = 5 * 60 * 1000;

/** spec §5 Watch progress: ratio clamped 0 to 1, position at least 0 (and within the video). */
export function clampProgress(currentPosition: number, totalDuration: number) {
  const position = Math.min(Math.max(currentPosition, 0), totalDuration);
  const ratio = Math.min(Math.max(position / totalDuration, 0), 1);
  // spec §5/§9: the stored ratio is capped at 0.95.
  const progress = Math.min(ratio, WATCH_PROGRESS.saveCap);
  return { position, progress };
}

const badEpisode = (message: string) => new AppError("VALIDATION_ERROR", message, { episodeId: message });

/**
 * A film takes no episode; a series needs one of its own episodes. One read: the video's type and,
 * when an episode is given, whether it belongs to that series.
 */
async function checkTarget(db: Db, videoId: string, episodeId: string | null): Promise<void> {
  const [row] = await db
    .select({ type: videos.type, episodeId: episodes.id })
    .from(videos)
    .leftJoin(
      episodes,
      and(eq(episodes.seriesId, videos.id), episodeId ? eq(episodes.id, episodeId) : sql`false`),
    )
    .where(eq(videos.id, videoId));
  if (!row) throw new AppError("VIDEO_NOT_FOUND");
  if (row.type === "movie") {
    if (episodeId) throw badEpisode(historyMessages.episodeOnMovie);
    return;
  }
  if (!episodeId) throw badEpisode(historyMessages.episodeRequired);
  if (!row.episodeId) throw badEpisode(historyMessages.episodeNotInSeries);
}

/**
 * spec §7 watch_history upsert keyed on user, video and episode, with the clamps of spec §5.
 * Out of order safe: the row only moves forward in the client's time (clientSavedAt), and the
 * conflict clause makes any number of concurrent saves of one row a single row, never an error.
 */
export async function saveProgress(
  db: Db,
  userId: string,
  body: SaveProgressBody,
  now = Date.now(),
): Promise<SaveProgressResult> {
  const episodeId = body.episodeId ?? null;
  await checkTarget(db, body.videoId, episodeId);
  const { position, progress } = clampProgress(body.currentPosition, body.totalDuration);
  const result = {
    progress,
    currentPosition: position,
    completed: historyStatusOf(progress) === "completed",
  };
  // spec §5: saved only when the position is at least 10 s.
  if (position < WATCH_PROGRESS.minPositionSeconds) return { saved: false, ...result };

  const clientSavedAt = Math.min(body.clientSavedAt, now + CLIENT_CLOCK_TOLERANCE_MS);
  let rows: { id: string }[];
  try {
    rows = await db
      .insert(watchHistory)
      .values({
        userId,
        videoId: body.videoId,
        episodeId,
        progress,
        currentPosition: position,
        totalDuration: body.totalDuration,
        clientSavedAt,
      })
      .onConflictDoUpdate({
        target: [watchHistory.userId, watchHistory.videoId, watchHistory.episodeId],
        set: {
          progress: sql`excluded.progress`,
          currentPosition: sql`excluded.current_position`,
          totalDuration: sql`excluded.total_duration`,
          clientSavedAt: sql`excluded.client_saved_at`,
          watchedAt: sql`now()`,
          updatedAt: sql`now()`,
        },
        // A save older than the stored one changes nothing (equal: the same save repeated).
        setWhere: sql`${watchHistory.clientSavedAt} <= excluded.client_saved_at`,
      })
      .returning({ id: watchHistory.id });
  } catch (err) {
    // The video (or episode) was deleted between the check and the write.
    if (isForeignKeyViolation(err)) throw new AppError("VIDEO_NOT_FOUND");
    throw err;
  }
  return { saved: rows.length > 0, ...result };
}

/**
 * spec §5: resume is offered only when the stored progress is inside the window (0.05, 0.9). For a
 * series asked without an episode, the answer is about its most recently watched episode.
 */
export async function resumePoint(db: Db, userId: string, query: ResumeQuery): Promise<ResumeResponse> {
  const [row] = await db
    .select({
      episodeId: watchHistory.episodeId,
      progress: watchHistory.progress,
      currentPosition: watchHistory.currentPosition,
    })
    .from(watchHistory)
    .where(
      and(
        eq(watchHistory.userId, userId),
        eq(watchHistory.videoId, query.videoId),
        query.episodeId ? eq(watchHistory.episodeId, query.episodeId) : undefined,
      ),
    )
    .orderBy(desc(watchHistory.watchedAt), desc(watchHistory.clientSavedAt))
    .limit(1);
  if (!row) return { episodeId: query.episodeId ?? null, position: null, progress: 0 };
  return {
    episodeId: row.episodeId,
    position: isResumable(row.progress) ? row.currentPosition : null,
    progress: row.progress,
  };
}
