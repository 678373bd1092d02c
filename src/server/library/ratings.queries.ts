import { and, eq, sql } from "drizzle-orm";
import type { Db } from "#db/client";
import { ratings } from "#db/schema/activity";
import { videos } from "#db/schema/catalogue";
import { likedCondition } from "./likes.queries.ts";

/**
 * Writes (or removes, for 0) the member's rating and reads the video's totals back in the same
 * transaction. The video's rating_sum / total_ratings follow through the trigger of migration 0001
 * (docs/decisions/002), whose UPDATE takes the video's row lock, so concurrent ratings serialise
 * there and stay exact. Undefined when the video is gone; an unknown video fails on its foreign key.
 */
export async function writeRating(db: Db, userId: string, videoId: string, rating: number) {
  return db.transaction(async (tx) => {
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
    return video;
  });
}

/**
 * Whether the video is in the member's list, the member's rating and whether the member likes it;
 * undefined for an unknown video.
 */
export async function videoStateOf(db: Db, userId: string, videoId: string) {
  const [row] = await db
    .select({
      favorite: sql<boolean>`exists (select 1 from favorites f where f.user_id = ${userId} and f.video_id = "videos"."id")`,
      rating: sql<
        number | null
      >`(select r.rating from ratings r where r.user_id = ${userId} and r.video_id = "videos"."id")`,
      liked: likedCondition(userId),
    })
    .from(videos)
    .where(eq(videos.id, videoId));
  return row;
}
