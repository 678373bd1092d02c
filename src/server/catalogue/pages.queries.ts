import { and, desc, eq, type SQL, sql } from "drizzle-orm";
import {
  type CatalogueSummary,
  TOP_RATED_PRIOR_MEAN,
  TOP_RATED_PRIOR_VOTES,
  type TopRatedResponse,
} from "#contract/catalogue-pages";
import type { Db } from "#db/client";
import { categories, videos } from "#db/schema/catalogue";
import { audienceCondition } from "../shared/audience.queries.ts";
import { type Audience, EVERYONE } from "../shared/audience.ts";
import { summariesInOrder } from "../shared/video-summary.queries.ts";

/**
 * A whole number, so equal rational scores are bit-identical doubles (IEEE division is correctly
 * rounded) and the tie-break decides. The index videos_top_rated_score_idx (src/db/schema) bakes
 * in 30 and 10: changing the prior means a migration for that index too.
 */
const PRIOR_SUM = TOP_RATED_PRIOR_MEAN * TOP_RATED_PRIOR_VOTES;
if (PRIOR_SUM !== 30 || TOP_RATED_PRIOR_VOTES !== 10) {
  throw new Error("The top-rated prior changed: update videos_top_rated_score_idx with a migration.");
}

/** The Bayesian score of the contract, from the exact aggregates (not the rounded average). */
const scoreSql = sql<number>`(${sql.raw(String(PRIOR_SUM))} + ${videos.ratingSum})::float8 / (${sql.raw(
  String(TOP_RATED_PRIOR_VOTES),
)} + ${videos.totalRatings})`;

interface Ranked {
  id: string;
}

/**
 * Ids of the `limit` best videos by the top-rated rule, in order. The score is the expression of
 * the partial index videos_top_rated_score_idx (rated videos only), written the same way so the
 * planner walks that index and sorts only the few rows that tie on the score.
 */
export async function topRatedRanking(
  db: Db,
  limit: number,
  /** Parental control (decision 008), on the `videos` table. */
  visible?: SQL | undefined,
): Promise<Ranked[]> {
  // A literal 0 (not a bound parameter) so that the partial index's predicate is provably implied.
  const rated = sql`${videos.totalRatings} > 0`;
  return db
    .select({ id: videos.id })
    .from(videos)
    .where(and(rated, visible))
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
export async function topRated(
  db: Db,
  limit: number,
  audience: Audience = EVERYONE,
): Promise<TopRatedResponse> {
  const ranking = await topRatedRanking(db, limit, audienceCondition(audience));
  const items = await summariesInOrder(
    db,
    ranking.map((r) => r.id),
  );
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
export async function catalogueSummary(db: Db, audience: Audience = EVERYONE): Promise<CatalogueSummary> {
  const visible = audienceCondition(audience);
  const [totals, categoryTotals, best] = await Promise.all([
    db
      .select({
        totalVideos: sql<number>`count(*)::int`,
        totalViews: sql<number>`coalesce(sum(${videos.views}), 0)::float8`,
      })
      .from(videos)
      .where(visible),
    db.select({ totalCategories: sql<number>`count(*)::int` }).from(categories),
    topRatedRanking(db, 1, visible),
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
