import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { libraryMessages } from "#contract/library";
import { favorites, ratings } from "#db/schema/activity";
import { videos } from "#db/schema/catalogue";
import { errorCatalogue } from "#server/shared/errors";
import { LIBRARY_WRITES_PER_MINUTE } from "#server/shared/rate-limits";
import { makeCategory, makeVideo } from "../factories/catalogue.ts";
import { createTestApp, type TestApp } from "../harness.ts";
import { type Method, signedIn, anonymous as visitor } from "../support/members.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** A signed-in member (tests/support/members.ts). */
const member = () => signedIn(t);
const anonymous = (method: Method, url: string, payload?: object) => visitor(t)(method, url, payload);

const ids = (items: { id: string }[]) => items.map((v) => v.id);
const unknownId = "00000000-0000-4000-8000-000000000000";

describe("access", () => {
  it("answers 401 'Authentification requise' to a visitor on every library endpoint", async () => {
    const video = await makeVideo(t.database.db);
    const calls: [Method, string, object?][] = [
      ["GET", "/api/favorites/ids"],
      ["GET", "/api/favorites"],
      ["POST", "/api/favorites", { videoId: video.id }],
      ["DELETE", `/api/favorites/${video.id}`],
      ["PUT", `/api/ratings/${video.id}`, { rating: 4 }],
      ["GET", `/api/me/videos/${video.id}`],
    ];
    for (const [method, url, payload] of calls) {
      const res = await anonymous(method, url, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(res.json()).toMatchObject({
        code: "UNAUTHENTICATED",
        message: errorCatalogue.UNAUTHENTICATED.message,
      });
    }
    expect(await t.database.db.select().from(favorites).where(eq(favorites.videoId, video.id))).toHaveLength(
      0,
    );
    expect(await t.database.db.select().from(ratings).where(eq(ratings.videoId, video.id))).toHaveLength(0);
  });

  it("never shows or changes another member's favourites and ratings", async () => {
    const alice = await member();
    const bob = await member();
    const video = await makeVideo(t.database.db);
    expect((await alice.call("POST", "/api/favorites", { videoId: video.id })).statusCode).toBe(201);
    expect((await alice.call("PUT", `/api/ratings/${video.id}`, { rating: 5 })).statusCode).toBe(200);

    expect((await bob.call("GET", "/api/favorites/ids")).json()).toEqual({ ids: [] });
    const list = (await bob.call("GET", "/api/favorites")).json();
    expect(list.items).toEqual([]);
    expect(list.total).toBe(0);
    expect((await bob.call("GET", `/api/me/videos/${video.id}`)).json()).toEqual({
      favorite: false,
      rating: null,
      liked: false,
    });

    // Bob's delete and "remove my rating" only ever touch Bob's rows.
    expect((await bob.call("DELETE", `/api/favorites/${video.id}`)).statusCode).toBe(204);
    expect((await bob.call("PUT", `/api/ratings/${video.id}`, { rating: 0 })).json()).toMatchObject({
      rating: null,
      totalRatings: 1,
      averageRating: 5,
    });
    // A user_id in the body is ignored: the session decides who acts.
    await bob.call("POST", "/api/favorites", { videoId: video.id, userId: alice.id });
    expect((await alice.call("GET", `/api/me/videos/${video.id}`)).json()).toEqual({
      favorite: true,
      rating: 5,
      liked: false,
    });
    expect((await bob.call("GET", "/api/favorites/ids")).json()).toEqual({ ids: [video.id] });
  });
});

describe("favourites", () => {
  it("adds a video with 201, lists its id, and answers 409 'Déjà en favoris' the second time", async () => {
    const m = await member();
    const video = await makeVideo(t.database.db);
    const added = await m.call("POST", "/api/favorites", { videoId: video.id });
    expect(added.statusCode).toBe(201);
    expect(added.json().videoId).toBe(video.id);
    expect(Date.parse(added.json().addedAt)).not.toBeNaN();

    expect((await m.call("GET", "/api/favorites/ids")).json()).toEqual({ ids: [video.id] });
    expect((await m.call("GET", `/api/me/videos/${video.id}`)).json()).toEqual({
      favorite: true,
      rating: null,
      liked: false,
    });

    const again = await m.call("POST", "/api/favorites", { videoId: video.id });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: "ALREADY_FAVORITE",
      message: libraryMessages.alreadyFavorite,
    });
  });

  it("keeps one favourite when the same video is added several times at once", async () => {
    const m = await member();
    const video = await makeVideo(t.database.db);
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => m.call("POST", "/api/favorites", { videoId: video.id })),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409, 409, 409]);
    expect((await m.call("GET", "/api/favorites/ids")).json().ids).toEqual([video.id]);
  });

  it("answers 404 for an unknown video and 400 for an id that is not a uuid", async () => {
    const m = await member();
    const unknown = await m.call("POST", "/api/favorites", { videoId: unknownId });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({
      code: "VIDEO_NOT_FOUND",
      message: errorCatalogue.VIDEO_NOT_FOUND.message,
    });
    const bad = await m.call("POST", "/api/favorites", { videoId: "../etc/passwd" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe("VALIDATION_ERROR");
    expect((await m.call("DELETE", "/api/favorites/pas-un-id")).statusCode).toBe(400);
    expect((await m.call("GET", `/api/me/videos/${unknownId}`)).statusCode).toBe(404);
  });

  it("removes a favourite with 204 and no body, and removing it again is still 204", async () => {
    const m = await member();
    const video = await makeVideo(t.database.db);
    await m.call("POST", "/api/favorites", { videoId: video.id });
    const first = await m.call("DELETE", `/api/favorites/${video.id}`);
    expect(first.statusCode).toBe(204);
    expect(first.body).toBe("");
    expect((await m.call("DELETE", `/api/favorites/${video.id}`)).statusCode).toBe(204);
    expect((await m.call("DELETE", `/api/favorites/${unknownId}`)).statusCode).toBe(204);
    expect((await m.call("GET", "/api/favorites/ids")).json()).toEqual({ ids: [] });
    // Added back: a fresh favourite, not a conflict.
    expect((await m.call("POST", "/api/favorites", { videoId: video.id })).statusCode).toBe(201);
  });

  it("lists Ma liste in each sort order with the four tiles and the favourite categories", async () => {
    const db = t.database.db;
    const m = await member();
    const raters = [await member(), await member()];
    const drame = await makeCategory(db, { name: "Drame-liste" });
    const polar = await makeCategory(db, { name: "Polar-liste" });
    const a = await makeVideo(db, { title: "Bobine A", year: 2001, views: 1_500 }, [drame.id]);
    const b = await makeVideo(db, { title: "Échappée B", year: 2019, views: 3_000_000 }, [
      polar.id,
      drame.id,
    ]);
    const c = await makeVideo(db, { title: "cinéma C", year: 2010, views: 20 }, [drame.id]);
    const unrated = await makeVideo(db, { title: "Dernier D", year: 1999, views: 0 });
    // Averages: a 4.5, b 2, c 3 (unrated d does not count in the average tile).
    await raters[0]?.call("PUT", `/api/ratings/${a.id}`, { rating: 5 });
    await raters[1]?.call("PUT", `/api/ratings/${a.id}`, { rating: 4 });
    await raters[0]?.call("PUT", `/api/ratings/${b.id}`, { rating: 2 });
    await raters[0]?.call("PUT", `/api/ratings/${c.id}`, { rating: 3 });
    for (const v of [b, a, unrated, c]) {
      expect((await m.call("POST", "/api/favorites", { videoId: v.id })).statusCode).toBe(201);
      // Distinct added_at values, so "recent" has one right answer.
      await db.execute(
        sql`update favorites set added_at = added_at - interval '1 minute' where user_id = ${m.id}`,
      );
    }
    const list = async (query: string) => {
      const res = await m.call("GET", `/api/favorites${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };

    const recent = await list("");
    expect(ids(recent.items)).toEqual([c.id, unrated.id, a.id, b.id]);
    expect(recent.total).toBe(4);
    expect(recent.stats).toEqual({ total: 4, averageRating: 3.2, categories: 2, totalViews: 3_001_520 });
    expect(recent.categories).toEqual([
      { name: "Drame-liste", count: 2 },
      { name: "Polar-liste", count: 1 },
    ]);
    expect(recent.items[2]).toMatchObject({
      id: a.id,
      title: "Bobine A",
      category: ["Drame-liste"],
      averageRating: 4.5,
      totalRatings: 2,
      views: 1_500,
    });
    expect(Date.parse(recent.items[0].addedAt)).toBeGreaterThan(Date.parse(recent.items[1].addedAt));
    expect(recent.items[0]).not.toHaveProperty("videoUrl");

    expect(ids((await list("?sort=title")).items)).toEqual([a.id, c.id, unrated.id, b.id]);
    expect(ids((await list("?sort=year")).items)).toEqual([b.id, c.id, a.id, unrated.id]);
    expect(ids((await list("?sort=rating")).items)).toEqual([a.id, c.id, b.id, unrated.id]);
    expect(ids((await list("?sort=views")).items)).toEqual([b.id, a.id, c.id, unrated.id]);

    const page = await list("?sort=title&limit=2&offset=1");
    expect(ids(page.items)).toEqual([c.id, unrated.id]);
    expect(page.total).toBe(4);
    expect(page.stats.total).toBe(4);

    const bad = await m.call("GET", "/api/favorites?sort=hasard");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields.sort).toBe(libraryMessages.unknownSort);
  });

  it("shows an empty list with zero tiles", async () => {
    const m = await member();
    expect((await m.call("GET", "/api/favorites")).json()).toEqual({
      items: [],
      total: 0,
      stats: { total: 0, averageRating: 0, categories: 0, totalViews: 0 },
      categories: [],
      nextCursor: null,
    });
  });
});

describe("ratings", () => {
  it("rates, changes and removes a rating, answering the video's average and count after each write", async () => {
    const m = await member();
    const other = await member();
    const video = await makeVideo(t.database.db);
    const rate = async (who: typeof m, rating: number) => {
      const res = await who.call("PUT", `/api/ratings/${video.id}`, { rating });
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };
    expect(await rate(m, 4)).toEqual({ rating: 4, averageRating: 4, totalRatings: 1 });
    expect(await rate(m, 2)).toEqual({ rating: 2, averageRating: 2, totalRatings: 1 });
    expect(await rate(m, 2)).toEqual({ rating: 2, averageRating: 2, totalRatings: 1 });
    expect(await rate(other, 5)).toEqual({ rating: 5, averageRating: 3.5, totalRatings: 2 });
    expect((await m.call("GET", `/api/me/videos/${video.id}`)).json()).toEqual({
      favorite: false,
      rating: 2,
      liked: false,
    });
    expect(await rate(m, 0)).toEqual({ rating: null, averageRating: 5, totalRatings: 1 });
    expect(await rate(m, 0)).toEqual({ rating: null, averageRating: 5, totalRatings: 1 });
    expect((await m.call("GET", `/api/me/videos/${video.id}`)).json()).toEqual({
      favorite: false,
      rating: null,
      liked: false,
    });
    const [stored] = await t.database.db
      .select({ total: videos.totalRatings, sum: videos.ratingSum })
      .from(videos)
      .where(eq(videos.id, video.id));
    expect(stored).toEqual({ total: 1, sum: 5 });
  });

  it("refuses a rating that is not a whole number from 0 to 5 with a French message", async () => {
    const m = await member();
    const video = await makeVideo(t.database.db);
    for (const rating of [6, -1, 2.5, "3", null, 1e9]) {
      const res = await m.call("PUT", `/api/ratings/${video.id}`, { rating });
      expect(res.statusCode, String(rating)).toBe(400);
      expect(res.json().fields.rating).toBe(libraryMessages.ratingRange);
    }
    expect((await m.call("PUT", `/api/ratings/${video.id}`, {})).statusCode).toBe(400);
    expect(await t.database.db.select().from(ratings).where(eq(ratings.videoId, video.id))).toHaveLength(0);
  });

  it("answers 404 when rating an unknown video, also to remove a rating", async () => {
    const m = await member();
    for (const rating of [3, 0]) {
      const res = await m.call("PUT", `/api/ratings/${unknownId}`, { rating });
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe("VIDEO_NOT_FOUND");
    }
  });

  it("keeps the video's totals equal to the ratings table when 20 members rate, change and remove at once", async () => {
    const db = t.database.db;
    const video = await makeVideo(db);
    const members = await Promise.all(Array.from({ length: 20 }, () => member()));
    const firstRound = await Promise.all(
      members.map((m, i) => m.call("PUT", `/api/ratings/${video.id}`, { rating: (i % 5) + 1 })),
    );
    expect(firstRound.every((r) => r.statusCode === 200)).toBe(true);
    // Then at once: the first 7 change their rating, the next 6 remove it, the rest rate again the same.
    const secondRound = await Promise.all(
      members.map((m, i) =>
        m.call("PUT", `/api/ratings/${video.id}`, { rating: i < 7 ? 5 - (i % 5) : i < 13 ? 0 : (i % 5) + 1 }),
      ),
    );
    expect(secondRound.every((r) => r.statusCode === 200)).toBe(true);

    const [truth] = (
      (await db.execute(
        sql`select count(*)::int as n, coalesce(sum(rating), 0)::int as s,
              coalesce(round(avg(rating)::numeric, 2), 0)::float8 as a
            from ratings where video_id = ${video.id}`,
      )) as unknown as { rows: { n: number; s: number; a: number }[] }
    ).rows;
    const [stored] = await db
      .select({ n: videos.totalRatings, s: videos.ratingSum, a: videos.averageRating })
      .from(videos)
      .where(eq(videos.id, video.id));
    expect(truth?.n).toBe(14);
    expect(stored).toEqual(truth);
  });
});

describe("durability of the library", () => {
  it("drops favourites and ratings of a deleted video", async () => {
    const db = t.database.db;
    const m = await member();
    const video = await makeVideo(db);
    const kept = await makeVideo(db);
    await m.call("POST", "/api/favorites", { videoId: video.id });
    await m.call("POST", "/api/favorites", { videoId: kept.id });
    await m.call("PUT", `/api/ratings/${video.id}`, { rating: 4 });

    await db.delete(videos).where(eq(videos.id, video.id));

    expect((await m.call("GET", "/api/favorites/ids")).json()).toEqual({ ids: [kept.id] });
    const list = (await m.call("GET", "/api/favorites")).json();
    expect(ids(list.items)).toEqual([kept.id]);
    expect(list.stats.total).toBe(1);
    expect(await db.select().from(ratings).where(eq(ratings.videoId, video.id))).toHaveLength(0);
    expect((await m.call("GET", `/api/me/videos/${video.id}`)).statusCode).toBe(404);
  });

  it("limits a member's writes per minute with 429 'Trop de requêtes'", async () => {
    const m = await member();
    const video = await makeVideo(t.database.db);
    for (let i = 0; i < LIBRARY_WRITES_PER_MINUTE; i++) {
      expect((await m.call("DELETE", `/api/favorites/${video.id}`)).statusCode).toBe(204);
    }
    const limited = await m.call("POST", "/api/favorites", { videoId: video.id });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({
      code: "RATE_LIMITED",
      message: errorCatalogue.RATE_LIMITED.message,
    });
    // Reading is not limited, and another member is not affected.
    expect((await m.call("GET", "/api/favorites/ids")).statusCode).toBe(200);
    expect((await (await member()).call("POST", "/api/favorites", { videoId: video.id })).statusCode).toBe(
      201,
    );
  });
});
