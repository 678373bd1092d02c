import { eq, getTableColumns, type SQL, sql } from "drizzle-orm";
import type { Category, VideoSummary } from "#contract/catalogue";
import type { Db } from "#db/client";
import { categories, videoCategories, videos } from "#db/schema/catalogue";

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

/** Number of videos matching the Explorer filters. */
export async function countVideos(db: Db, where: SQL | undefined): Promise<number> {
  const totals = await db.select({ total: sql<number>`count(*)::int` }).from(videos).where(where);
  return totals[0]?.total ?? 0;
}

/**
 * One page of the catalogue, filtered and sorted (spec §2 Explore), with the number of matches.
 * `count` replaces the plain count (the routes pass one that goes through the catalogue cache: an
 * exact count(*) reads every matching row, the page only its own).
 */
export async function listVideosFiltered(
  db: Db,
  opts: {
    limit: number;
    offset: number;
    where: SQL | undefined;
    order: SQL[];
    count?: () => Promise<number>;
  },
) {
  // The page's ids first, then the category names for those rows only: with a plain OFFSET the
  // per-row subquery would run for every skipped row (measured by `npm run bench`).
  const page = db
    .select({ pageId: videos.id })
    .from(videos)
    .where(opts.where)
    .orderBy(...opts.order)
    .limit(opts.limit)
    .offset(opts.offset)
    .as("page");
  const [rows, totals] = await Promise.all([
    db
      .select(videoSummarySelection)
      .from(videos)
      .innerJoin(page, eq(page.pageId, videos.id))
      .orderBy(...opts.order),
    opts.count ? opts.count() : countVideos(db, opts.where),
  ]);
  return { items: rows.map(toVideoSummary), total: totals };
}

/**
 * Categories with their number of videos; `visible` (on `v`, the counted video) leaves out the
 * videos an audience may not see (parental control, decision 008).
 */
export async function listCategoriesWithCounts(db: Db, visible?: SQL | undefined): Promise<Category[]> {
  const videoCount = visible
    ? sql<number>`(select count(*)::int from ${videoCategories} vc join ${videos} v on v.id = vc.video_id
        where vc.category_id = "categories"."id" and ${visible})`
    : sql<number>`(select count(*)::int from ${videoCategories} vc where vc.category_id = "categories"."id")`;
  const rows = await db
    .select({
      id: categories.id,
      name: categories.name,
      description: categories.description,
      color: categories.color,
      createdAt: categories.createdAt,
      videoCount,
    })
    .from(categories)
    .orderBy(categories.name);
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}
