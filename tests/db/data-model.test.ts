import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ratings, watchHistory } from "#db/schema/activity";
import { users } from "#db/schema/auth";
import { subscriptionPlans } from "#db/schema/billing";
import { videoCategories, videos } from "#db/schema/catalogue";
import { makeCategory, makeEpisode, makeVideo } from "../factories/catalogue.ts";
import { makeUser } from "../factories/users.ts";
import { createTestDatabase, type TestDatabase } from "../harness.ts";

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => {
  await t.dispose();
});
const db = () => t.database.db;

/** Unwraps driver errors (Drizzle wraps them in `cause`) to the SQLSTATE code. */
async function sqlState(p: Promise<unknown>): Promise<string | undefined> {
  try {
    await p;
    return undefined;
  } catch (err) {
    const e = err as { code?: string; cause?: { code?: string } };
    return e.cause?.code ?? e.code;
  }
}

async function videoStats(id: string) {
  const [row] = await db()
    .select({ average: videos.averageRating, total: videos.totalRatings })
    .from(videos)
    .where(eq(videos.id, id));
  return row;
}

describe("ratings keep the video's average and count", () => {
  it("follows inserts, updates and deletes", async () => {
    const video = await makeVideo(db());
    const [a, b] = [await makeUser(db()), await makeUser(db())];
    await db()
      .insert(ratings)
      .values([
        { userId: a.id, videoId: video.id, rating: 5 },
        { userId: b.id, videoId: video.id, rating: 2 },
      ]);
    expect(await videoStats(video.id)).toEqual({ average: 3.5, total: 2 });
    await db().update(ratings).set({ rating: 4 }).where(eq(ratings.userId, b.id));
    expect(await videoStats(video.id)).toEqual({ average: 4.5, total: 2 });
    await db().delete(ratings).where(eq(ratings.userId, a.id));
    expect(await videoStats(video.id)).toEqual({ average: 4, total: 1 });
  });

  it("stays equal to the SQL average under concurrent ratings", async () => {
    const video = await makeVideo(db());
    const members = await Promise.all(Array.from({ length: 20 }, () => makeUser(db())));
    await Promise.all(
      members.map((m, i) =>
        db()
          .insert(ratings)
          .values({ userId: m.id, videoId: video.id, rating: (i % 5) + 1 }),
      ),
    );
    const [expected] = await db()
      .select({ avg: sql<number>`round(avg(rating), 2)::float8`, n: sql<number>`count(*)::int` })
      .from(ratings)
      .where(eq(ratings.videoId, video.id));
    expect(await videoStats(video.id)).toEqual({ average: expected?.avg, total: expected?.n });
  });

  it("stays right when a member's account is deleted and the ratings cascade away", async () => {
    const video = await makeVideo(db());
    const [a, b] = [await makeUser(db()), await makeUser(db())];
    await db()
      .insert(ratings)
      .values([
        { userId: a.id, videoId: video.id, rating: 1 },
        { userId: b.id, videoId: video.id, rating: 5 },
      ]);
    await db().delete(users).where(eq(users.id, a.id));
    expect(await videoStats(video.id)).toEqual({ average: 5, total: 1 });
  });

  it("refuses a rating outside 1 to 5 (23514)", async () => {
    const video = await makeVideo(db());
    const m = await makeUser(db());
    expect(await sqlState(db().insert(ratings).values({ userId: m.id, videoId: video.id, rating: 6 }))).toBe(
      "23514",
    );
    expect(await sqlState(db().insert(ratings).values({ userId: m.id, videoId: video.id, rating: 0 }))).toBe(
      "23514",
    );
  });
});

describe("the categories' view totals (the home's « Sélection {genre} »)", () => {
  /** The totals as the triggers keep them, and as a sum over every published video gives them. */
  async function totalsKeptAndRecounted() {
    const kept = await db().execute(sql`
      select category_id::text as c, maturity as m, videos::int as n, views::bigint::text as v
      from category_view_totals where videos <> 0 or views <> 0 order by 1, 2`);
    const recounted = await db().execute(sql`
      select c::text as c, v.maturity as m, count(*)::int as n, sum(v.views)::bigint::text as v
      from videos v, unnest(v.category_ids) c where v.published group by 1, 2 order by 1, 2`);
    return {
      kept: (kept as unknown as { rows: unknown[] }).rows,
      recounted: (recounted as unknown as { rows: unknown[] }).rows,
    };
  }

  it("follow views, publication, maturity, categories and deletions", async () => {
    const drama = await makeCategory(db());
    const comedy = await makeCategory(db());
    const a = await makeVideo(db(), { views: 10 }, [drama.id]);
    const b = await makeVideo(db(), { views: 5, maturity: "teen" }, [drama.id, comedy.id]);
    const draft = await makeVideo(db(), { views: 7, published: false }, [comedy.id]);
    const check = async () => {
      const { kept, recounted } = await totalsKeptAndRecounted();
      expect(kept).toEqual(recounted);
    };
    await check();
    // A view counted, as the stream counts it.
    await db()
      .update(videos)
      .set({ views: sql`${videos.views} + 1` })
      .where(eq(videos.id, a.id));
    await check();
    // Published, taken back, maturity changed.
    await db().update(videos).set({ published: true }).where(eq(videos.id, draft.id));
    await check();
    await db().update(videos).set({ published: false }).where(eq(videos.id, b.id));
    await check();
    await db().update(videos).set({ published: true, maturity: "mature" }).where(eq(videos.id, b.id));
    await check();
    // Categories moved (videos.category_ids follows video_categories).
    await db().delete(videoCategories).where(eq(videoCategories.videoId, a.id));
    await db().insert(videoCategories).values({ videoId: a.id, categoryId: comedy.id, position: 0 });
    await check();
    // A video deleted, then a whole category.
    await db().delete(videos).where(eq(videos.id, draft.id));
    await check();
    await db().execute(sql`delete from categories where id = ${drama.id}`);
    await check();
  });
});

describe("watch history", () => {
  it("keeps one row per member and film even though a film has no episode (NULLS NOT DISTINCT)", async () => {
    const film = await makeVideo(db());
    const m = await makeUser(db());
    await db().insert(watchHistory).values({ userId: m.id, videoId: film.id, progress: 0.2 });
    expect(
      await sqlState(db().insert(watchHistory).values({ userId: m.id, videoId: film.id, progress: 0.3 })),
    ).toBe("23505");
  });

  it("keeps one row per episode of a series", async () => {
    const series = await makeVideo(db(), { type: "series" });
    const [e1, e2] = [await makeEpisode(db(), series.id), await makeEpisode(db(), series.id)];
    const m = await makeUser(db());
    await db()
      .insert(watchHistory)
      .values([
        { userId: m.id, videoId: series.id, episodeId: e1.id },
        { userId: m.id, videoId: series.id, episodeId: e2.id },
      ]);
    expect(
      await sqlState(
        db().insert(watchHistory).values({ userId: m.id, videoId: series.id, episodeId: e1.id }),
      ),
    ).toBe("23505");
  });

  it("refuses progress outside 0 to 1", async () => {
    const film = await makeVideo(db());
    const m = await makeUser(db());
    expect(
      await sqlState(db().insert(watchHistory).values({ userId: m.id, videoId: film.id, progress: 1.7 })),
    ).toBe("23514");
  });
});

describe("catalogue constraints", () => {
  it("refuses a category colour that is not #RRGGBB and defaults to #e74c3c", async () => {
    expect(await sqlState(makeCategory(db(), { color: "red" }))).toBe("23514");
    expect(await sqlState(makeCategory(db(), { color: "#e74c3c;}" }))).toBe("23514");
    expect((await makeCategory(db())).color).toBe("#e74c3c");
  });

  it("refuses category names that differ only by case", async () => {
    await makeCategory(db(), { name: "Documentaire" });
    expect(await sqlState(makeCategory(db(), { name: "documentaire" }))).toBe("23505");
  });

  it("keeps season and episode numbers unique per series", async () => {
    const series = await makeVideo(db(), { type: "series" });
    await makeEpisode(db(), series.id, { seasonNumber: 2, episodeNumber: 1 });
    expect(await sqlState(makeEpisode(db(), series.id, { seasonNumber: 2, episodeNumber: 1 }))).toBe("23505");
    expect(await sqlState(makeEpisode(db(), series.id, { seasonNumber: 0, episodeNumber: 3 }))).toBe("23514");
  });

  it("deletes a series' episodes with it", async () => {
    const series = await makeVideo(db(), { type: "series" });
    await makeEpisode(db(), series.id);
    await db().delete(videos).where(eq(videos.id, series.id));
    const rows = await db().execute(
      sql`select count(*)::int as n from episodes where series_id = ${series.id}`,
    );
    expect((rows as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(0);
  });

  it("refuses a video type other than movie or series", async () => {
    expect(await sqlState(makeVideo(db(), { type: "clip" as "movie" }))).toBe("23514");
  });
});

describe("subscription plans", () => {
  it("ships the three plans of the spec as data, with their stream limits", async () => {
    const plans = await db()
      .select({
        code: subscriptionPlans.code,
        streams: subscriptionPlans.maxStreams,
        interval: subscriptionPlans.interval,
      })
      .from(subscriptionPlans)
      .orderBy(subscriptionPlans.priceCents);
    expect(plans).toEqual([
      { code: "basic_monthly", streams: 1, interval: "month" },
      { code: "premium_monthly", streams: 3, interval: "month" },
      { code: "lifetime", streams: 5, interval: "lifetime" },
    ]);
  });
});

describe("profiles", () => {
  it("refuses a role outside membre, user and admin, and usernames that differ only by case", async () => {
    await makeUser(db(), { username: "Zoé" });
    expect(await sqlState(makeUser(db(), { username: "zoé" }))).toBe("23505");
    expect(await sqlState(makeUser(db(), { role: "root" as "admin" }))).toBe("23514");
  });
});
