import type { MyVideoState, RatingResult } from "#contract/library";
import type { Db } from "#db/client";
import { assertPublished } from "../shared/audience.ts";
import { isForeignKeyViolation } from "../shared/db-errors.ts";
import { AppError } from "../shared/errors.ts";
import { videoStateOf, writeRating } from "./ratings.queries.ts";

/**
 * spec §5 Ratings: whole stars 1 to 5, 0 removes the member's rating; spec §3: one per member and
 * video. Answers the member's rating with the video's new average and count.
 */
export async function rateVideo(
  db: Db,
  userId: string,
  videoId: string,
  rating: number,
): Promise<RatingResult> {
  if (rating > 0) await assertPublished(db, videoId);
  let video: Awaited<ReturnType<typeof writeRating>>;
  try {
    video = await writeRating(db, userId, videoId, rating);
  } catch (err) {
    if (isForeignKeyViolation(err)) throw new AppError("VIDEO_NOT_FOUND");
    throw err;
  }
  if (!video) throw new AppError("VIDEO_NOT_FOUND");
  return { rating: rating === 0 ? null : rating, ...video };
}

/**
 * Whether the video is in the member's list, the member's rating (spec §7: no row = no rating) and
 * whether the member likes it (a mark of its own: decision 040).
 */
export async function myVideoState(db: Db, userId: string, videoId: string): Promise<MyVideoState> {
  const row = await videoStateOf(db, userId, videoId);
  if (!row) throw new AppError("VIDEO_NOT_FOUND");
  return {
    favorite: row.favorite,
    rating: row.rating === null ? null : Number(row.rating),
    liked: row.liked,
  };
}
