import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  TOP_RATED_DEFAULT,
  TOP_RATED_MAX,
  TOP_RATED_PRIOR_MEAN,
  TOP_RATED_PRIOR_VOTES,
  topRatedMessages,
} from "#contract/catalogue-pages";
import { ratings } from "#db/schema/activity";
import { categories, videos } from "#db/schema/catalogue";
import { makeCategory, makeVideo } from "../factories/catalogue.ts";
import { makeUser } from "../factories/users.ts";
import { createTestApp, type TestApp } from "../harness.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});
// Each test builds its own catalogue (ratings and links go with their videos).
beforeEach(async () => {
  await t.database.db.delete(videos);
  await t.database.db.delete(categories);
});

/** The aggregates the ratings trigger maintains (decision 002); average_rating is derived from them. */
async function rated(
  over: Parameters<typeof makeVideo>[1] & { sum: number; count: number },
  categoryIds: string[] = [],
) {
  const { sum, count, ...video } = over;
  const row = await makeVideo(t.database.db, video, categoryIds);
  await t.database.db
    .update(videos)
    .set({ ratingSum: sum, totalRatings: count })
    .where(sql`${videos.id} = ${row.id}`);
  return row;
}

const get = (url: string) => t.app.inject({ method: "GET", url });
const idsOf = (body: { items: { id: string }[] }) => body.items.map((v) => v.id);

describe("GET /api/catalogue/summary", () => {
  it("answers zeros and no best-rated video on an empty catalogue", async () => {
    const res = await get("/api/catalogue/summary");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      totalVideos: 0,
      totalCategories: 0,
      totalViews: 0,
      bestRating: 0,
      bestRated: null,
    });
  });

  it("counts videos, categories (empty ones too) and views right after they are inserted", async () => {
    const db = t.database.db;
    const drame = await makeCategory(db, { name: "Drame" });
    const polar = await makeCategory(db, { name: "Policier" });
    await makeCategory(db, { name: "Musical" });
    await makeVideo(db, { views: 1_200 }, [drame.id, polar.id]);
    await makeVideo(db, { views: 3_000_000_000 }, [polar.id]);
    await makeVideo(db, { views: 0, type: "series" });

    const body = (await get("/api/catalogue/summary")).json();
    expect(body).toMatchObject({ totalVideos: 3, totalCategories: 3, totalViews: 3_000_001_200 });
  });

  it("takes the best rating from the top-rated N° 1, not from a single 5-star vote", async () => {
    await rated({ title: "Une seule voix", sum: 5, count: 1 });
    const solid = await rated({ title: "Valeur sûre", sum: 2_400, count: 500 });
    await makeVideo(t.database.db, { title: "Jamais noté" });

    const body = (await get("/api/catalogue/summary")).json();
    expect(body.bestRating).toBe(4.8);
    expect(body.bestRated).toEqual({
      id: solid.id,
      title: "Valeur sûre",
      averageRating: 4.8,
      totalRatings: 500,
    });
    const top = (await get("/api/top-rated?limit=1")).json();
    expect(idsOf(top)).toEqual([solid.id]);
  });
});

describe("GET /api/top-rated", () => {
  it("ranks 4.8 over 500 ratings before a single 5-star rating (Bayesian average)", async () => {
    const lucky = await rated({ title: "Une seule voix", sum: 5, count: 1 });
    const solid = await rated({ title: "Valeur sûre", sum: 2_400, count: 500 });
    const body = (await get("/api/top-rated")).json();
    expect(idsOf(body)).toEqual([solid.id, lucky.id]);
  });

  it("counts real rating rows (the ratings trigger) and leaves unrated videos out", async () => {
    const db = t.database.db;
    const members = await Promise.all([makeUser(db), makeUser(db), makeUser(db)]);
    const liked = await makeVideo(db, { title: "Aimé de tous" });
    const mixed = await makeVideo(db, { title: "Partagé" });
    await makeVideo(db, { title: "Jamais noté" });
    await db
      .insert(ratings)
      .values([
        ...members.map((m) => ({ userId: m.id, videoId: liked.id, rating: 5 })),
        { userId: members[0]?.id as string, videoId: mixed.id, rating: 2 },
        { userId: members[1]?.id as string, videoId: mixed.id, rating: 4 },
      ]);

    const body = (await get("/api/top-rated")).json();
    expect(idsOf(body)).toEqual([liked.id, mixed.id]);
    expect(body.items[0]).toMatchObject({ averageRating: 5, totalRatings: 3 });
    expect(body.items[1]).toMatchObject({ averageRating: 3, totalRatings: 2 });
  });

  it("breaks equal scores by average, then number of ratings, then views, then id", async () => {
    // (30 + 50) / (10 + 10) = 4 and (30 + 130) / (10 + 30) = 4: same score, the higher average first.
    const sameScoreLowerAverage = await rated({ sum: 130, count: 30 });
    const sameScoreHigherAverage = await rated({ sum: 50, count: 10 });
    // An average of exactly 3 scores 3 whatever the count: the one with more ratings first.
    const fewer = await rated({ sum: 6, count: 2 });
    const more = await rated({ sum: 12, count: 4 });
    // Identical ratings: the more viewed first; identical everything: by id.
    const lessViewed = await rated({ sum: 4, count: 2, views: 10 });
    const moreViewed = await rated({ sum: 4, count: 2, views: 99 });
    const twinA = await rated({ sum: 2, count: 2, views: 5 });
    const twinB = await rated({ sum: 2, count: 2, views: 5 });
    const twins = [twinA.id, twinB.id].sort();

    const body = (await get("/api/top-rated")).json();
    expect(idsOf(body)).toEqual([
      sameScoreHigherAverage.id,
      sameScoreLowerAverage.id,
      more.id,
      fewer.id,
      moreViewed.id,
      lessViewed.id,
      ...twins,
    ]);
  });

  it("shows 12 by default, honours a smaller limit, and sums up the list it returns", async () => {
    // Averages 3.0 to 4.4 over 10 ratings each; the best three are 4.4, 4.3 and 4.2.
    for (let i = 0; i < 15; i++) await rated({ sum: 30 + i, count: 10, views: 100 * (i + 1) });
    const body = (await get("/api/top-rated")).json();
    expect(body.items).toHaveLength(TOP_RATED_DEFAULT);

    const three = (await get("/api/top-rated?limit=3")).json();
    expect(three.items.map((v: { averageRating: number }) => v.averageRating)).toEqual([4.4, 4.3, 4.2]);
    expect(three.stats).toEqual({ averageRating: 4.3, totalRatings: 30, totalViews: 1_500 + 1_400 + 1_300 });
  });

  it("answers an empty list with zero stats when nothing is rated", async () => {
    await makeVideo(t.database.db, { views: 50 });
    expect((await get("/api/top-rated")).json()).toEqual({
      items: [],
      stats: { averageRating: 0, totalRatings: 0, totalViews: 0 },
    });
  });

  it.each(["0", String(TOP_RATED_MAX + 1), "2.5", "douze"])(
    "refuses limit=%s with a French 400 naming the field",
    async (limit) => {
      const res = await get(`/api/top-rated?limit=${limit}`);
      expect(res.statusCode).toBe(400);
      const body = res.json();
      expect(body.code).toBe("VALIDATION_ERROR");
      expect(body.fields.limit).toBe(topRatedMessages.limitRange);
    },
  );

  it(`accepts the largest limit (${TOP_RATED_MAX})`, async () => {
    await rated({ sum: 5, count: 1 });
    const res = await get(`/api/top-rated?limit=${TOP_RATED_MAX}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().items).toHaveLength(1);
  });
});

/** Deterministic pseudo-random numbers (mulberry32), so a failure can be replayed. */
function prng(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let r = Math.imul(a ^ (a >>> 15), 1 | a);
    r = (r + Math.imul(r ^ (r >>> 7), 61 | r)) ^ r;
    return ((r ^ (r >>> 14)) >>> 0) / 4_294_967_296;
  };
}

interface Row {
  id: string;
  ratingSum: number;
  totalRatings: number;
  averageRating: number;
  views: number;
}

/** The contract's rule applied to every rated video, by brute force. */
function bruteForce(rows: Row[], limit: number): string[] {
  const score = (r: Row) =>
    (TOP_RATED_PRIOR_MEAN * TOP_RATED_PRIOR_VOTES + r.ratingSum) / (TOP_RATED_PRIOR_VOTES + r.totalRatings);
  return rows
    .filter((r) => r.totalRatings > 0)
    .sort(
      (a, b) =>
        score(b) - score(a) ||
        b.averageRating - a.averageRating ||
        b.totalRatings - a.totalRatings ||
        b.views - a.views ||
        (a.id < b.id ? -1 : 1),
    )
    .slice(0, limit)
    .map((r) => r.id);
}

/** Inserts generated videos in batches and reads back their stored aggregates. */
async function insertMany(values: { ratingSum: number; totalRatings: number; views: number }[]) {
  const db = t.database.db;
  for (let i = 0; i < values.length; i += 1_000) {
    await db.insert(videos).values(
      values.slice(i, i + 1_000).map((v, j) => ({
        title: `Généré ${i + j}`,
        year: 2000,
        type: "movie" as const,
        ...v,
      })),
    );
  }
  return db
    .select({
      id: videos.id,
      ratingSum: videos.ratingSum,
      totalRatings: videos.totalRatings,
      averageRating: videos.averageRating,
      views: videos.views,
    })
    .from(videos);
}

describe("GET /api/top-rated on larger catalogues", () => {
  it("matches a brute-force ranking of every rated video (long tail of few ratings)", async () => {
    const rand = prng(42);
    const values = Array.from({ length: 900 }, () => {
      const count = rand() < 0.1 ? 0 : rand() < 0.6 ? 1 + Math.floor(rand() * 4) : Math.floor(rand() * 800);
      const mean = 1 + rand() * 4;
      return {
        totalRatings: count,
        ratingSum: Math.min(5 * count, Math.max(count, Math.round(mean * count))),
        views: Math.floor(rand() * 5),
      };
    });
    const rows = await insertMany(values);
    for (const limit of [1, TOP_RATED_DEFAULT, TOP_RATED_MAX]) {
      const body = (await get(`/api/top-rated?limit=${limit}`)).json();
      expect(idsOf(body)).toEqual(bruteForce(rows, limit));
    }
  });

  it("still ranks right when thousands of single 5-star votes crowd the highest averages", async () => {
    const crowd = Array.from({ length: 4_200 }, (_, i) => ({ ratingSum: 5, totalRatings: 1, views: i }));
    const solid = Array.from({ length: 15 }, (_, i) => ({
      ratingSum: 350 + i * 10,
      totalRatings: 100,
      views: 1,
    }));
    const rows = await insertMany([...crowd, ...solid]);
    const res = await get("/api/top-rated");
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    const expected = bruteForce(rows, TOP_RATED_DEFAULT);
    expect(idsOf(body)).toEqual(expected);
    expect(body.items.every((v: { totalRatings: number }) => v.totalRatings === 100)).toBe(true);
  });
});
