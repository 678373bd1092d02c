import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { VideoSummary } from "#contract/catalogue";
import type { VideoDetail } from "#contract/video-detail";
import type { Db } from "#db/client";
import { profiles } from "#db/schema/auth";
import { episodes, videos } from "#db/schema/catalogue";
import { AppError } from "../errors.ts";
import { maturityCondition } from "../member/maturity.ts";
import { type Audience, EVERYONE } from "./cache.ts";
import { toVideoSummary, videoSummarySelection } from "./catalogue.queries.ts";

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** spec §2 Info modal: the video, its creator's username and its episodes by season and number. */
export async function findVideoDetail(
  db: Db,
  id: string,
  audience: Audience = EVERYONE,
): Promise<VideoDetail> {
  const [row] = await db
    .select({ ...videoSummarySelection, creator: profiles.username })
    .from(videos)
    .leftJoin(profiles, eq(profiles.id, videos.createdBy))
    .where(and(eq(videos.id, id), maturityCondition(audience)));
  if (!row) throw new AppError("VIDEO_NOT_FOUND");
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
  return { ...toVideoSummary(row), creator: row.creator, episodes: episodeRows };
}

/**
 * Related videos (spec §2, §9): those sharing the video's main category first, then those sharing
 * any of its other categories, most viewed first. Walks the (category_id, video_id) index of the
 * video's categories only, so it stays cheap on a large catalogue.
 */
export async function findSimilarVideos(
  db: Db,
  id: string,
  limit: number,
  audience: Audience = EVERYONE,
): Promise<VideoSummary[]> {
  const exists = await db
    .select({ id: videos.id })
    .from(videos)
    .where(and(eq(videos.id, id), maturityCondition(audience)));
  const visible = maturityCondition(audience, "v.maturity");
  if (exists.length === 0) throw new AppError("VIDEO_NOT_FOUND");
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
      where v.id <> ${id} ${visible ? sql`and ${visible}` : sql``}
      group by v.id, v.views
      order by bool_or(vc.category_id = (select category_id from main)) desc, v.views desc, v.id
      limit ${limit}
    `),
  ).map((r) => r.id);
  if (ranked.length === 0) return [];
  const rows = await db.select(videoSummarySelection).from(videos).where(inArray(videos.id, ranked));
  const byId = new Map(rows.map((r) => [r.id, toVideoSummary(r)]));
  return ranked.flatMap((rid) => byId.get(rid) ?? []);
}
