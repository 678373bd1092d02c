import { and, asc, eq, sql } from "drizzle-orm";
import type { VideoSummary } from "#contract/catalogue";
import type { VideoDetail } from "#contract/video-detail";
import type { Db } from "#db/client";
import { profiles } from "#db/schema/auth";
import { episodes, videos } from "#db/schema/catalogue";
import { audienceCondition } from "../shared/audience.queries.ts";
import { type Audience, EVERYONE } from "../shared/audience.ts";
import { rowsOf } from "../shared/sql.queries.ts";
import { summariesInOrder, toVideoSummary, videoSummarySelection } from "../shared/video-summary.queries.ts";

/**
 * spec §2 Info modal: the video, its creator's username and its episodes by season and number;
 * null when there is no such video for this audience.
 */
export async function findVideoDetail(
  db: Db,
  id: string,
  audience: Audience = EVERYONE,
): Promise<VideoDetail | null> {
  const [row] = await db
    .select({ ...videoSummarySelection, creator: profiles.username, likes: videos.likes })
    .from(videos)
    .leftJoin(profiles, eq(profiles.id, videos.createdBy))
    .where(and(eq(videos.id, id), audienceCondition(audience)));
  if (!row) return null;
  const episodeRows =
    row.type === "series"
      ? await db
          .select({
            id: episodes.id,
            title: episodes.title,
            description: episodes.description,
            thumbnail: episodes.thumbnail,
            duration: episodes.duration,
            seasonNumber: episodes.seasonNumber,
            episodeNumber: episodes.episodeNumber,
          })
          .from(episodes)
          .where(eq(episodes.seriesId, id))
          .orderBy(asc(episodes.seasonNumber), asc(episodes.episodeNumber))
      : [];
  return { ...toVideoSummary(row), creator: row.creator, likes: row.likes, episodes: episodeRows };
}

/**
 * Related videos (spec §2, §9): those sharing the video's main category first, then those sharing
 * any of its other categories. Within each group, the most liked and viewed first, by the score
 * `ln(1 + views) + 2 × ln(1 + likes)` (docs/decisions/040-likes-are-their-own-mark.md):
 * - a « J'aime » is a member's deliberate mark, a view is passive, so likes weigh double: doubling
 *   a title's likes lifts it as much as quadrupling its views;
 * - both on a log scale, since views run to millions while likes stay in the tens or hundreds: a
 *   plain sum would let views drown the likes, and a few likes would not bury a title nobody saw;
 * - ties go to the most viewed, then the id, so the order is stable.
 * Walks the (category_id, video_id) index of the video's categories only, so it stays cheap on a
 * large catalogue. Null when there is no such video for this audience.
 */
export async function findSimilarVideos(
  db: Db,
  id: string,
  limit: number,
  audience: Audience = EVERYONE,
): Promise<VideoSummary[] | null> {
  const exists = await db
    .select({ id: videos.id })
    .from(videos)
    .where(and(eq(videos.id, id), audienceCondition(audience)));
  const visible = audienceCondition(audience, "v");
  if (exists.length === 0) return null;
  const ranked = rowsOf<{ id: string }>(
    await db.execute(sql`
      with own as (
        select category_id, position from video_categories where video_id = ${id}
      ), main as (
        select category_id from own order by position, category_id limit 1
      )
      select v.id
      from own
      join video_categories vc on vc.category_id = own.category_id
      join videos v on v.id = vc.video_id
      where v.id <> ${id} and ${visible}
      group by v.id, v.views, v.likes
      order by bool_or(vc.category_id = (select category_id from main)) desc,
        ln(1 + v.views::float8) + 2 * ln(1 + v.likes::float8) desc, v.views desc, v.id
      limit ${limit}
    `),
  ).map((r) => r.id);
  return summariesInOrder(db, ranked);
}
