import { and, eq, sql } from "drizzle-orm";
import type { MyVideoState, RatingResult } from "#contract/library";
import type { Db } from "#db/client";
import { ratings } from "#db/schema/activity";
import { videos } from "#db/schema/catalogue";
import { AppError } from "../errors.ts";
import { isForeignKeyViolation } from "./sql-state.ts";

/**
 * spec §5 Ratings: whole stars 1 to 5, 0 removes the member's rating; spec §3: one per member and
 * video (primary key). The video's rating_sum / total_ratings follow through the trigger of
 * migration 0001 (docs/decisions/002), whose UPDATE takes the video's row lock, so concurrent
 * ratings serialise there and stay exact. The average is read back in the same transaction.
 */
export async function rateVideo(
  db: Db,
  userId: string,
  videoId: string,
  rating: number,
): Promise<RatingResult> {
  try {
    return await db.transaction(async (tx) => {
      if (rating === 0) {
        await tx.delete(ratings).where(and(eq(ratings.userId, userId), eq(ratings.videoId, videoId)));
      } else {
        await tx
          .insert(ratings)
          .values({ userId, videoId, rating })
          .onConflictDoUpdate({
            target: [ratings.userId, ratings.videoId],
            set: { rating, updatedAt: sql`now()` },
            // The same rating again changes nothing: no row version, no trigger.
            setWhere: sql`${ratings.rating} is distinct from excluded.rating`,
          });
      }
      const [video] = await tx
        .select({ averageRating: videos.averageRating, totalRatings: videos.totalRatings })
        .from(videos)
        .where(eq(videos.id, videoId));
      if (!video) throw new AppError("VIDEO_NOT_FOUND");
      return { rating: rating === 0 ? null : rating, ...video };
    });
  } catch (err) {
    if (isForeignKeyViolation(err)) throw new AppError("VIDEO_NOT_FOUND");
    throw err;
  }
}

/** Whether the video is in the member's list, and the member's rating (spec §7: no row = no rating). */
export async function myVideoState(db: Db, userId: string, videoId: string): Promise<MyVideoState> {
  const [row] = await db
    .select({
      favorite: sql<boolean>`exists (select 1 from favorites f where f.user_id = ${userId} and f.video_id = "videos"."id")`,
      rating: sql<
        number | null
      >`(select r.rating from ratings r where r.user_id = ${userId} and r.video_id = "videos"."id")`,
    })
    .from(videos)
    .where(eq(videos.id, videoId));
  if (!row) throw new AppError("VIDEO_NOT_FOUND");
  return { favorite: row.favorite, rating: row.rating === null ? null : Number(row.rating) };
}
