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
import { isForeignKeyViolation } from "../shared/db-errors.ts";
import { AppError, fieldError } from "../shared/errors.ts";
import { latestSave, playTarget, saveIfPlayable } from "./history.queries.ts";

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

/** A film takes no episode; a series needs one of its own episodes (VIDEO_NOT_FOUND: no such video). */
function checkTarget(
  row: { type: "movie" | "series"; episodeFits: boolean } | undefined,
  episodeId: string | null,
): void {
  if (!row) throw new AppError("VIDEO_NOT_FOUND");
  if (row.type === "movie") {
    if (episodeId) throw fieldError("episodeId", historyMessages.episodeOnMovie);
    return;
  }
  if (!episodeId) throw fieldError("episodeId", historyMessages.episodeRequired);
  if (!row.episodeFits) throw fieldError("episodeId", historyMessages.episodeNotInSeries);
}

/**
 * spec §5: saves the position with the clamps of spec §5, never moving progress back in time. The
 * check of the video and episode and the write are one statement (saveIfPlayable).
 */
export async function saveProgress(
  db: Db,
  userId: string,
  body: SaveProgressBody,
  now = Date.now(),
): Promise<SaveProgressResult> {
  const episodeId = body.episodeId ?? null;
  const { position, progress } = clampProgress(body.currentPosition, body.totalDuration);
  const result = {
    progress,
    currentPosition: position,
    completed: historyStatusOf(progress) === "completed",
  };
  // spec §5: saved only when the position is at least 10 s (the target is still checked).
  if (position < WATCH_PROGRESS.minPositionSeconds) {
    const target = await playTarget(db, body.videoId, episodeId);
    checkTarget(target && { type: target.type, episodeFits: target.episodeId !== null }, episodeId);
    return { saved: false, ...result };
  }
  try {
    const written = await saveIfPlayable(db, {
      userId,
      videoId: body.videoId,
      episodeId,
      progress,
      currentPosition: position,
      totalDuration: body.totalDuration,
      clientSavedAt: Math.min(body.clientSavedAt, now + CLIENT_CLOCK_TOLERANCE_MS),
    });
    checkTarget(written, episodeId);
    return { saved: written?.saved ?? false, ...result };
  } catch (err) {
    // The video (or episode) was deleted between the check and the write.
    if (isForeignKeyViolation(err)) throw new AppError("VIDEO_NOT_FOUND");
    throw err;
  }
}

/**
 * spec §5: resume is offered only when the stored progress is inside the window (0.05, 0.9). For a
 * series asked without an episode, the answer is about its most recently watched episode.
 */
export async function resumePoint(db: Db, userId: string, query: ResumeQuery): Promise<ResumeResponse> {
  const row = await latestSave(db, userId, query.videoId, query.episodeId);
  if (!row) return { episodeId: query.episodeId ?? null, position: null, progress: 0 };
  return {
    episodeId: row.episodeId,
    position: isResumable(row.progress) ? row.currentPosition : null,
    progress: row.progress,
  };
}
