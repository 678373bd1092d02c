import type { LikeResult } from "#contract/library";
import type { Db } from "#db/client";
import { assertPublished } from "../shared/audience.ts";
import { isForeignKeyViolation } from "../shared/db-errors.ts";
import { AppError } from "../shared/errors.ts";
import { likedIdsOf, writeLike } from "./likes.queries.ts";

/**
 * « J'aime » (spec §2 card overlay and info modal) is the member's own mark on a title, never a
 * rating: liking writes the `likes` table only, so a member's stars stay what they gave
 * (docs/decisions/040-likes-are-their-own-mark.md). Both directions are idempotent; each answers
 * the video's count after the write. An unknown video is not found, in both directions.
 */
export async function setLike(db: Db, userId: string, videoId: string, liked: boolean): Promise<LikeResult> {
  if (liked) await assertPublished(db, videoId);
  let video: Awaited<ReturnType<typeof writeLike>>;
  try {
    video = await writeLike(db, userId, videoId, liked);
  } catch (err) {
    if (isForeignKeyViolation(err)) throw new AppError("VIDEO_NOT_FOUND");
    throw err;
  }
  if (!video) throw new AppError("VIDEO_NOT_FOUND");
  return { liked, likes: video.likes };
}

/** Ids of every video the member likes, most recently liked first (pressed J'aime on the cards). */
export const likedIds = (db: Db, userId: string) => likedIdsOf(db, userId);
