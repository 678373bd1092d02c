import { and, desc, eq, gte, inArray, type SQL, sql } from "drizzle-orm";
import {
  HOME_RAILS,
  type HomeRails,
  LANDING_ROW_SIZE,
  type LandingResponse,
  PREMIUM_MIN_RATING,
  type VideoSummary,
  type VideoType,
} from "#contract/catalogue";
import type { Db } from "#db/client";
import { videos } from "#db/schema/catalogue";
import { audienceCondition, maturitiesOf } from "../shared/audience.queries.ts";
import { type Audience, EVERYONE } from "../shared/audience.ts";
import { rowsOf } from "../shared/sql.queries.ts";
import { toVideoSummary, videoOrder, videoSummarySelection } from "../shared/video-summary.queries.ts";

/**
 * The first `limit` videos in `order`: the page's ids first (walking the sort's index), then the
 * category names for those rows only (the page-ids-first pattern of catalogue.queries.ts).
 */
async function topVideos(db: Db, where: SQL | undefined, order: SQL[], limit: number) {
  const page = db
    .select({ pageId: videos.id })
    .from(videos)
    .where(where)
    .orderBy(...order)
    .limit(limit)
    .as("page");
  const rows = await db
    .select(videoSummarySelection)
    .from(videos)
    .innerJoin(page, eq(page.pageId, videos.id))
    .orderBy(...order);
  return rows.map(toVideoSummary);
}

/**
 * 'Sélection {genre}': the categories with the most total views (sum of their videos' views, ties
 * by name) and, for each, its most viewed videos. The sums are kept per category and maturity by
 * triggers (migration 0027, published videos only): the audience adds up the maturities it may see,
 * without reading a single video. Each category's videos walk the views index until 8 match. Ids
 * come from one query, summaries from a second.
 */
async function genreRails(db: Db, audience: Audience): Promise<HomeRails["genres"]> {
  const visible = audienceCondition(audience, "v");
  const maturities = maturitiesOf(audience);
  const ranked = rowsOf<{ name: string; video_id: string }>(
    await db.execute(sql`
      with top as (
        select c.id, c.name, sum(t.views) as total
        from category_view_totals t
        join categories c on c.id = t.category_id
        where t.maturity in (${maturities})
        group by c.id, c.name
        having sum(t.videos) > 0
        order by total desc, c.name
        limit ${HOME_RAILS.genres}
      )
      select top.name, picked.id as video_id
      from top
      cross join lateral (
        select v.id, v.views from videos v
        where v.category_ids @> array[top.id] and ${visible}
        order by v.views desc, v.id desc
        limit ${HOME_RAILS.perGenre}
      ) picked
      order by top.total desc, top.name, picked.views desc, picked.id desc`),
  );
  if (ranked.length === 0) return [];
  const ids = [...new Set(ranked.map((r) => r.video_id))];
  const rows = await db.select(videoSummarySelection).from(videos).where(inArray(videos.id, ids));
  const byId = new Map<string, VideoSummary>(rows.map((r) => [r.id, toVideoSummary(r)]));
  const genres: HomeRails["genres"] = [];
  for (const r of ranked) {
    let genre = genres.at(-1);
    if (genre?.name !== r.name) {
      genre = { name: r.name, items: [] };
      genres.push(genre);
    }
    const video = byId.get(r.video_id);
    if (video) genre.items.push(video);
  }
  return genres;
}

/** spec §2 Home: every rail in one response, in a handful of parallel queries. */
export async function homeRails(db: Db, audience: Audience = EVERYONE): Promise<HomeRails> {
  // Parental control (decision 008): every rail holds only what the audience may see.
  const visible = audienceCondition(audience);
  const [recent, trending, premium, movies, series, genres] = await Promise.all([
    // The catalogue list (newest first): hero candidates, 'Nouveautés' and 'Découvrir plus'.
    topVideos(db, visible, videoOrder("recent"), HOME_RAILS.discover),
    topVideos(db, visible, videoOrder("views"), HOME_RAILS.trending),
    topVideos(
      db,
      and(gte(videos.averageRating, PREMIUM_MIN_RATING), visible),
      [desc(videos.averageRating), desc(videos.views), desc(videos.id)],
      HOME_RAILS.premium,
    ),
    topVideos(db, and(eq(videos.type, "movie"), visible), videoOrder("views"), HOME_RAILS.movies),
    topVideos(db, and(eq(videos.type, "series"), visible), videoOrder("views"), HOME_RAILS.series),
    genreRails(db, audience),
  ]);
  return {
    hero: recent.slice(0, HOME_RAILS.hero),
    trending,
    premium,
    newest: recent.slice(0, HOME_RAILS.newest),
    movies,
    series,
    genres,
    discover: recent,
  };
}

/** spec §2 Series and Films pages: hero candidates and three rows of 10 of one type. */
export async function landingRows(
  db: Db,
  type: VideoType,
  audience: Audience = EVERYONE,
): Promise<LandingResponse> {
  const ofType = and(eq(videos.type, type), audienceCondition(audience));
  const [hero, popular, newest, topRated] = await Promise.all([
    topVideos(db, ofType, videoOrder("recent"), HOME_RAILS.hero),
    topVideos(db, ofType, videoOrder("views"), LANDING_ROW_SIZE),
    topVideos(db, ofType, videoOrder("year"), LANDING_ROW_SIZE),
    topVideos(db, ofType, videoOrder("rating"), LANDING_ROW_SIZE),
  ]);
  return { hero, popular, newest, topRated };
}
