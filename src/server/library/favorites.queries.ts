import { desc, eq, type SQL, sql } from "drizzle-orm";
import type {
  FavoriteCategory,
  FavoriteItem,
  FavoriteListQuery,
  FavoriteSort,
  FavoriteStats,
} from "#contract/library";
import type { Db } from "#db/client";
import { favorites } from "#db/schema/activity";
import { videos } from "#db/schema/catalogue";
import { toVideoSummary, videoSummarySelection } from "../catalogue/catalogue.queries.ts";
import { videoOrder } from "../catalogue/video-filters.ts";

/** spec §9 favourite sorts; `recent` is the order of addition, the others the catalogue's orders. */
function favoriteOrder(sort: FavoriteSort): SQL[] {
  return sort === "recent" ? [desc(favorites.addedAt), desc(favorites.videoId)] : videoOrder(sort);
}

export async function favoritePage(
  db: Db,
  userId: string,
  query: FavoriteListQuery,
): Promise<FavoriteItem[]> {
  const rows = await db
    .select({ ...videoSummarySelection, addedAt: favorites.addedAt })
    .from(favorites)
    .innerJoin(videos, eq(videos.id, favorites.videoId))
    .where(eq(favorites.userId, userId))
    .orderBy(...favoriteOrder(query.sort))
    .limit(query.limit)
    .offset(query.offset);
  return rows.map((row) => ({ ...toVideoSummary(row), addedAt: row.addedAt.toISOString() }));
}

/**
 * spec §2 Ma liste, over the whole list: the four tiles (total, average rating to one decimal,
 * distinct categories by first category, total views) and the favourite categories with counts.
 * The average is taken over the rated videos only: an unrated video has no rating, not a 0.
 */
export async function favoriteSummary(
  db: Db,
  userId: string,
): Promise<{ stats: FavoriteStats; categories: FavoriteCategory[] }> {
  const result = await db.execute(sql`
    with fav as (
      select v.views, v.average_rating, v.total_ratings,
        (select c.name from video_categories vc join categories c on c.id = vc.category_id
          where vc.video_id = v.id order by vc.position, c.name limit 1) as main_category
      from favorites f join videos v on v.id = f.video_id
      where f.user_id = ${userId}
    ),
    cats as (
      select main_category as name, count(*)::int as count from fav
      where main_category is not null group by main_category
    )
    select
      (select count(*)::int from fav) as total,
      (select coalesce(round(avg(average_rating) filter (where total_ratings > 0)::numeric, 1), 0)::float8 from fav)
        as average_rating,
      (select coalesce(sum(views), 0)::float8 from fav) as total_views,
      (select coalesce(json_agg(json_build_object('name', name, 'count', count) order by count desc, name), '[]'::json)
        from cats) as categories
  `);
  // Both drivers answer `{ rows }`; float8, int4 and json columns arrive as JS values.
  const [row] = (
    result as unknown as {
      rows: { total: number; average_rating: number; total_views: number; categories: FavoriteCategory[] }[];
    }
  ).rows;
  const categories = (row?.categories ?? []) as FavoriteCategory[];
  return {
    stats: {
      total: Number(row?.total ?? 0),
      averageRating: Number(row?.average_rating ?? 0),
      categories: categories.length,
      totalViews: Number(row?.total_views ?? 0),
    },
    categories,
  };
}
