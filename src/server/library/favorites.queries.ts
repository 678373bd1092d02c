import { and, desc, eq, type SQL, sql } from "drizzle-orm";
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
import { key, keysText, orderOf, type SortKey } from "../shared/keyset.queries.ts";
import { executePrepared } from "../shared/sql.queries.ts";
import { toVideoSummary, videoKeys, videoSummarySelection } from "../shared/video-summary.queries.ts";

/** spec §9 favourite sorts as keyset keys; `recent` is the order of addition, the others the catalogue's. */
function favoriteKeys(sort: FavoriteSort): SortKey[] {
  return sort === "recent"
    ? [key(sql`${favorites.addedAt}`, "desc", "timestamptz"), key(sql`${favorites.videoId}`, "desc", "uuid")]
    : videoKeys(sort);
}

/**
 * One page of « Ma liste » after the cursor's keys (`after`) or `offset`, with one row more telling
 * whether another follows (docs/decisions/031-keyset-paging.md).
 */
export async function favoritePage(
  db: Db,
  userId: string,
  query: FavoriteListQuery,
  after: (keys: SortKey[]) => SQL | undefined,
): Promise<{ items: FavoriteItem[]; lastKeys: string[] | null }> {
  const keys = favoriteKeys(query.sort);
  const rows = await db
    .select({ ...videoSummarySelection, addedAt: favorites.addedAt, cursorKeys: keysText(keys) })
    .from(favorites)
    .innerJoin(videos, eq(videos.id, favorites.videoId))
    .where(and(eq(favorites.userId, userId), after(keys)))
    .orderBy(...orderOf(keys))
    .limit(query.limit + 1)
    .offset(query.cursor ? 0 : query.offset);
  const more = rows.length > query.limit;
  const shown = more ? rows.slice(0, query.limit) : rows;
  return {
    items: shown.map((row) => ({ ...toVideoSummary(row), addedAt: row.addedAt.toISOString() })),
    lastKeys: more ? (shown.at(-1)?.cursorKeys ?? null) : null,
  };
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
  // Asked with every page of the list: prepared (its plan, with its subqueries, is planned once).
  const [row] = await executePrepared<{
    total: number;
    average_rating: number;
    total_views: number;
    categories: FavoriteCategory[];
  }>(
    db,
    "bobine_favorite_summary",
    sql`
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
  `,
  );
  // float8, int4 and json columns arrive as JS values on both drivers.
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

/** Ids of every favourite of the member, most recently added first. */
export async function favoriteIdsOf(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .select({ videoId: favorites.videoId })
    .from(favorites)
    .where(eq(favorites.userId, userId))
    .orderBy(desc(favorites.addedAt), desc(favorites.videoId));
  return rows.map((r) => r.videoId);
}

/**
 * One statement: the primary key (user_id, video_id) makes a concurrent second add a no-op that
 * returns nothing (undefined then). An unknown video is a foreign-key violation.
 */
export async function insertFavorite(db: Db, userId: string, videoId: string) {
  const [row] = await db
    .insert(favorites)
    .values({ userId, videoId })
    .onConflictDoNothing()
    .returning({ videoId: favorites.videoId, addedAt: favorites.addedAt });
  return row;
}

export async function deleteFavorite(db: Db, userId: string, videoId: string): Promise<void> {
  await db.delete(favorites).where(and(eq(favorites.userId, userId), eq(favorites.videoId, videoId)));
}
