import { and, desc, eq, sql } from "drizzle-orm";
import type { Db } from "#db/client";
import { likes } from "#db/schema/activity";
import { videos } from "#db/schema/catalogue";

/**
 * Likes the member's « J'aime » (or takes it back) and reads the video's count back in the same
 * transaction. The primary key (user_id, video_id) makes a second like a no-op; the video's
 * `likes` counter follows through the trigger of migration 0028, whose UPDATE takes the video's
 * row lock, so concurrent likes serialise there and the count stays exact. Undefined when the
 * video does not exist; liking an unknown video fails on its foreign key.
 */
export async function writeLike(db: Db, userId: string, videoId: string, liked: boolean) {
  return db.transaction(async (tx) => {
    if (liked) {
      await tx.insert(likes).values({ userId, videoId }).onConflictDoNothing();
    } else {
      await tx.delete(likes).where(and(eq(likes.userId, userId), eq(likes.videoId, videoId)));
    }
    const [video] = await tx.select({ likes: videos.likes }).from(videos).where(eq(videos.id, videoId));
    return video;
  });
}

/** Ids of every video the member likes, most recently liked first. */
export async function likedIdsOf(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .select({ videoId: likes.videoId })
    .from(likes)
    .where(eq(likes.userId, userId))
    .orderBy(desc(likes.likedAt), desc(likes.videoId));
  return rows.map((r) => r.videoId);
}

/** Whether the member likes the video (for the member's state of one video). */
export const likedCondition = (userId: string) =>
  sql<boolean>`exists (select 1 from likes l where l.user_id = ${userId} and l.video_id = "videos"."id")`;
