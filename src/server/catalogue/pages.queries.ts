import { desc, eq, gt, inArray, sql } from "drizzle-orm";
import {
  type CatalogueSummary,
  TOP_RATED_PRIOR_MEAN,
  TOP_RATED_PRIOR_VOTES,
  type TopRatedResponse,
} from "#contract/catalogue-pages";
import type { Db } from "#db/client";
import { categories, videos } from "#db/schema/catalogue";
import { toVideoSummary, videoSummarySelection } from "./catalogue.queries.ts";

/** A whole number (contract), so equal rational scores give bit-identical doubles in SQL and JS. */
const PRIOR_SUM = TOP_RATED_PRIOR_MEAN * TOP_RATED_PRIOR_VOTES;

/** The Bayesian score of the contract, from the exact aggregates (not the rounded average). */
const scoreSql = sql<number>`(${sql.raw(String(PRIOR_SUM))} + ${videos.ratingSum})::float8 / (${sql.raw(
  String(TOP_RATED_PRIOR_VOTES),
)} + ${videos.totalRatings})`;

interface Ranked {
  id: string;
  score: number;
  averageRating: number;
  totalRatings: number;
  views: number;
}

/** The tie-break of the contract: score, average, number of ratings, views (all descending), id. */
function compareRanked(a: Ranked, b: Ranked): number {
  return (
    b.score - a.score ||
    b.averageRating - a.averageRating ||
    b.totalRatings - a.totalRatings ||
    b.views - a.views ||
    (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)
  );
}

const rankedColumns = {
  id: videos.id,
  score: scoreSql,
  averageRating: videos.averageRating,
  totalRatings: videos.totalRatings,
  views: videos.views,
};

/**
 * Candidate pools walked down the average_rating index before giving up on the shortcut. At
 * 100,000 videos the top-rated list is settled within the first pool in practice.
 */
const POOLS = [256, 4096] as const;
/** average_rating is rounded to 2 decimals: a stored value v may stand for a true mean below v + 0.005. */
const ROUNDING = 0.005;

/**
 * Ids of the `limit` best videos by the top-rated rule, without scoring the whole catalogue.
 *
 * A video's score never exceeds max(its average, PRIOR_MEAN): the prior pulls every average
 * towards PRIOR_MEAN. So we read the rated videos with the highest averages (a range scan of
 * videos_average_rating_idx), rank them, and stop as soon as the `limit`-th score is above
 * max(lowest average read + rounding, PRIOR_MEAN): no video left unread can reach it. Only a
 * catalogue where that never happens (very few ratings everywhere) falls back to scoring every
 * rated video.
 */
export async function topRatedRanking(db: Db, limit: number): Promise<Ranked[]> {
  for (const pool of POOLS) {
    const rows = await db
      .select(rankedColumns)
      .from(videos)
      .where(gt(videos.totalRatings, 0))
      .orderBy(desc(videos.averageRating))
      .limit(pool);
    const ranked = rows.sort(compareRanked);
    // Every rated video was read: the ranking is complete.
    if (rows.length < pool) return ranked.slice(0, limit);
    const floor = Math.min(...rows.map((r) => r.averageRating));
    const last = ranked[limit - 1];
    if (last && last.score > Math.max(floor + ROUNDING, TOP_RATED_PRIOR_MEAN)) return ranked.slice(0, limit);
  }
  return db
    .select(rankedColumns)
    .from(videos)
    .where(gt(videos.totalRatings, 0))
    .orderBy(
      desc(scoreSql),
      desc(videos.averageRating),
      desc(videos.totalRatings),
      desc(videos.views),
      videos.id,
    )
    .limit(limit);
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/** spec §2 Top-rated: up to `limit` videos in ranking order and the totals of that list. */
export async function topRated(db: Db, limit: number): Promise<TopRatedResponse> {
  const ranking = await topRatedRanking(db, limit);
  const ids = ranking.map((r) => r.id);
  const rows =
    ids.length === 0
      ? []
      : await db.select(videoSummarySelection).from(videos).where(inArray(videos.id, ids));
  const position = new Map(ids.map((id, index) => [id, index]));
  const items = rows
    .map(toVideoSummary)
    .sort((a, b) => (position.get(a.id) ?? 0) - (position.get(b.id) ?? 0));
  return {
    items,
    stats: {
      averageRating:
        items.length === 0 ? 0 : round2(items.reduce((sum, v) => sum + v.averageRating, 0) / items.length),
      totalRatings: items.reduce((sum, v) => sum + v.totalRatings, 0),
      totalViews: items.reduce((sum, v) => sum + v.views, 0),
    },
  };
}

/**
 * spec §2 Categories page counters. The two aggregates read every row of videos and categories
 * (a count and a sum cannot use an index range): cheap at 100,000 rows, and cacheable.
 */
export async function catalogueSummary(db: Db): Promise<CatalogueSummary> {
  const [totals, categoryTotals, best] = await Promise.all([
    db
      .select({
        totalVideos: sql<number>`count(*)::int`,
        totalViews: sql<number>`coalesce(sum(${videos.views}), 0)::float8`,
      })
      .from(videos),
    db.select({ totalCategories: sql<number>`count(*)::int` }).from(categories),
    topRatedRanking(db, 1),
  ]);
  const first = best[0];
  const bestRated = first
    ? ((
        await db
          .select({
            id: videos.id,
            title: videos.title,
            averageRating: videos.averageRating,
            totalRatings: videos.totalRatings,
          })
          .from(videos)
          .where(eq(videos.id, first.id))
      )[0] ?? null)
    : null;
  return {
    totalVideos: totals[0]?.totalVideos ?? 0,
    totalCategories: categoryTotals[0]?.totalCategories ?? 0,
    totalViews: Number(totals[0]?.totalViews ?? 0),
    bestRating: bestRated?.averageRating ?? 0,
    bestRated,
  };
}
