import { getTableColumns, inArray, type SQL, sql } from "drizzle-orm";
import type { VideoSort, VideoSummary } from "#contract/catalogue";
import type { Db } from "#db/client";
import { categories, videoCategories, videos } from "#db/schema/catalogue";
import { key, orderOf, type SortKey } from "./keyset.queries.ts";

/**
 * A video as every list shows it (spec §3 Video, `videoSummary` of the contract): the catalogue,
 * « Ma liste », the history and the profile read it the same way. Never the media URL
 * (SECURITY-CHECKLIST 19).
 */

/**
 * Category names of a video, main category first. The outer column is written qualified by hand:
 * Drizzle renders `${videos.id}` unqualified, which inside this subquery would mean `c.id`.
 */
const categoryNames = sql<string[]>`coalesce((
  select array_agg(c.name order by vc.position, c.name)
  from ${videoCategories} vc join ${categories} c on c.id = vc.category_id
  where vc.video_id = "videos"."id"
), '{}')`;

const { videoUrl: _never, ratingSum: _derived, ...publicColumns } = getTableColumns(videos);

export const videoSummarySelection = { ...publicColumns, category: categoryNames };

type VideoRow = typeof videos.$inferSelect & { category: string[] };

export function toVideoSummary(
  row: Omit<VideoRow, "videoUrl" | "ratingSum" | "updatedAt" | "createdBy"> & { createdAt: Date },
): VideoSummary {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    thumbnail: row.thumbnail,
    backdrop: row.backdrop,
    category: row.category,
    year: row.year,
    language: row.language,
    duration: row.duration,
    type: row.type,
    maturity: row.maturity,
    views: row.views,
    averageRating: row.averageRating,
    totalRatings: row.totalRatings,
    totalSeasons: row.totalSeasons,
    totalEpisodes: row.totalEpisodes,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * Summaries of these videos in the order of `ids` (a ranking made by another query): the page's
 * ids first, then the category names for those rows only.
 */
export async function summariesInOrder(db: Db, ids: string[]): Promise<VideoSummary[]> {
  if (ids.length === 0) return [];
  const rows = await db.select(videoSummarySelection).from(videos).where(inArray(videos.id, ids));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [toVideoSummary(row)] : [];
  });
}

/**
 * spec §2 sort modes as keyset keys (keyset.queries.ts), each ending with the id so that pages never
 * overlap, each matched by an index (migration 0020_keyset_paging). Title A-Z compares folded
 * titles (accents and case ignored: the stored `title_fold`, migration 0007) so that « Élise »
 * sorts with the E's on every server, whatever its collation.
 */
export function videoKeys(sort: Exclude<VideoSort, "relevance">): SortKey[] {
  const id = (dir: SortKey["dir"]) => key(sql`${videos.id}`, dir, "uuid");
  const created = key(sql`${videos.createdAt}`, "desc", "timestamptz");
  switch (sort) {
    case "recent":
      return [created, id("desc")];
    case "title":
      return [
        key(sql`"videos"."title_fold"`, "asc", "text"),
        key(sql`${videos.title}`, "asc", "text"),
        id("asc"),
      ];
    case "year":
      return [key(sql`${videos.year}`, "desc", "int4"), created, id("desc")];
    case "rating":
      return [
        key(sql`${videos.averageRating}`, "desc", "float8"),
        key(sql`${videos.totalRatings}`, "desc", "int4"),
        id("desc"),
      ];
    case "views":
      return [key(sql`${videos.views}`, "desc", "int8"), id("desc")];
  }
}

/** The ORDER BY of a sort mode (videoKeys). */
export const videoOrder = (sort: Exclude<VideoSort, "relevance">): SQL[] => orderOf(videoKeys(sort));
