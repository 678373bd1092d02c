import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { VideoSummary } from "#contract/catalogue";
import type { MemberExport } from "#contract/member";
import { likes, ratings } from "#db/schema/activity";
import { users } from "#db/schema/auth";
import { videos } from "#db/schema/catalogue";
import { CATALOGUE_CHANNEL } from "#server/shared/catalogue-cache";
import { errorCatalogue } from "#server/shared/errors";
import { LIBRARY_WRITES_PER_MINUTE } from "#server/shared/rate-limits";
import { makeCategory, makeVideo } from "../factories/catalogue.ts";
import { createTestApp, type TestApp } from "../harness.ts";
import { type SignedIn, signedIn, anonymous as visitor } from "../support/members.ts";

/**
 * « J'aime » is the member's own mark on a title, never a rating
 * (docs/decisions/040-likes-are-their-own-mark.md): a table, toggled by idempotent endpoints,
 * counted on the video by a trigger, listed in the profile's activity, exported and erased with the
 * member's data, and weighed in the similar titles' ranking.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const db = () => t.database.db;
const member = () => signedIn(t);
const unknownId = "00000000-0000-4000-8000-000000000000";

const like = (m: SignedIn, videoId: string) => m.call("PUT", `/api/likes/${videoId}`);
const unlike = (m: SignedIn, videoId: string) => m.call("DELETE", `/api/likes/${videoId}`);
const stateOf = async (m: SignedIn, videoId: string) =>
  (await m.call("GET", `/api/me/videos/${videoId}`)).json();
const likedIds = async (m: SignedIn) => (await m.call("GET", "/api/likes/ids")).json().ids as string[];
const shownCount = async (videoId: string) =>
  (await t.app.inject({ method: "GET", url: `/api/videos/${videoId}` })).json().likes as number;

/** The stored counter and the count of rows it must equal. */
async function counter(videoId: string) {
  const [stored] = await db().select({ n: videos.likes }).from(videos).where(eq(videos.id, videoId));
  const [rows] = await db()
    .select({ n: sql<number>`count(*)::int` })
    .from(likes)
    .where(eq(likes.videoId, videoId));
  return { stored: stored?.n, rows: Number(rows?.n) };
}

describe("liking a title", () => {
  it("likes and unlikes idempotently, answering the video's count, shown in its detail and the member's state", async () => {
    const m = await member();
    const video = await makeVideo(db());
    expect(await stateOf(m, video.id)).toEqual({ favorite: false, rating: null, liked: false });

    for (let i = 0; i < 2; i++) {
      const res = await like(m, video.id);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ liked: true, likes: 1 });
    }
    expect(await stateOf(m, video.id)).toEqual({ favorite: false, rating: null, liked: true });
    expect(await likedIds(m)).toEqual([video.id]);
    expect(await shownCount(video.id)).toBe(1);

    for (let i = 0; i < 2; i++) {
      const res = await unlike(m, video.id);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ liked: false, likes: 0 });
    }
    expect(await stateOf(m, video.id)).toMatchObject({ liked: false });
    expect(await likedIds(m)).toEqual([]);
    expect(await shownCount(video.id)).toBe(0);
  });

  it("lists the liked ids most recently liked first", async () => {
    const m = await member();
    const [a, b, c] = [await makeVideo(db()), await makeVideo(db()), await makeVideo(db())];
    for (const v of [a, b, c]) {
      await like(m, v.id);
      await db().execute(
        sql`update likes set liked_at = liked_at - interval '1 minute' where user_id = ${m.id}`,
      );
    }
    expect(await likedIds(m)).toEqual([c.id, b.id, a.id]);
  });

  it("never writes a rating: a member's 4 stars survive a like and an unlike, and the average is untouched", async () => {
    const m = await member();
    const other = await member();
    const video = await makeVideo(db());
    await m.call("PUT", `/api/ratings/${video.id}`, { rating: 4 });
    await other.call("PUT", `/api/ratings/${video.id}`, { rating: 2 });
    const before = await t.app.inject({ method: "GET", url: `/api/videos/${video.id}` });

    expect((await like(m, video.id)).statusCode).toBe(200);
    expect(await stateOf(m, video.id)).toEqual({ favorite: false, rating: 4, liked: true });
    expect((await unlike(m, video.id)).statusCode).toBe(200);
    expect(await stateOf(m, video.id)).toEqual({ favorite: false, rating: 4, liked: false });
    // Liking without a rating makes none.
    expect((await like(other, video.id)).statusCode).toBe(200);
    const stranger = await member();
    expect((await like(stranger, video.id)).statusCode).toBe(200);
    expect((await stateOf(stranger, video.id)).rating).toBeNull();

    const after = (await t.app.inject({ method: "GET", url: `/api/videos/${video.id}` })).json();
    expect(after).toMatchObject({ averageRating: 3, totalRatings: 2, likes: 2 });
    expect(after.averageRating).toBe(before.json().averageRating);
    const rows = await db().select().from(ratings).where(eq(ratings.videoId, video.id));
    expect(rows.map((r) => r.rating).sort()).toEqual([2, 4]);
  });

  it("keeps the counter exact when 50 members like at once, then 20 of them unlike at once", async () => {
    const video = await makeVideo(db());
    const members = await Promise.all(Array.from({ length: 50 }, () => member()));
    // Each like twice at once: the second is a no-op, never a second count.
    const first = await Promise.all(members.flatMap((m) => [like(m, video.id), like(m, video.id)]));
    expect(first.every((r) => r.statusCode === 200)).toBe(true);
    expect(await counter(video.id)).toEqual({ stored: 50, rows: 50 });

    const second = await Promise.all(members.slice(0, 20).map((m) => unlike(m, video.id)));
    expect(second.every((r) => r.statusCode === 200)).toBe(true);
    expect(await counter(video.id)).toEqual({ stored: 30, rows: 30 });
    expect(await shownCount(video.id)).toBe(30);
  });

  it("answers 404 for an unknown video in both directions, 400 for an id that is not a uuid, 401 to a visitor", async () => {
    const m = await member();
    for (const res of [await like(m, unknownId), await unlike(m, unknownId)]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({
        code: "VIDEO_NOT_FOUND",
        message: errorCatalogue.VIDEO_NOT_FOUND.message,
      });
    }
    expect((await m.call("PUT", "/api/likes/pas-un-id")).statusCode).toBe(400);
    const video = await makeVideo(db());
    for (const [method, url] of [
      ["PUT", `/api/likes/${video.id}`],
      ["DELETE", `/api/likes/${video.id}`],
      ["GET", "/api/likes/ids"],
    ] as const) {
      const res = await visitor(t)(method, url);
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(res.json().code).toBe("UNAUTHENTICATED");
    }
    expect(await counter(video.id)).toEqual({ stored: 0, rows: 0 });
  });

  it("never shows or removes another member's like", async () => {
    const alice = await member();
    const bob = await member();
    const video = await makeVideo(db());
    await like(alice, video.id);

    expect(await likedIds(bob)).toEqual([]);
    expect(await stateOf(bob, video.id)).toMatchObject({ liked: false });
    expect((await bob.call("GET", "/api/me/profile")).json().activities).toEqual([]);
    // Bob's unlike touches Bob's row only.
    expect((await unlike(bob, video.id)).json()).toEqual({ liked: false, likes: 1 });
    expect(await stateOf(alice, video.id)).toMatchObject({ liked: true });
    expect(await likedIds(alice)).toEqual([video.id]);
  });

  it("counts likes with ratings and favourites in the member's per-minute budget of library writes", async () => {
    const m = await member();
    const video = await makeVideo(db());
    expect((await m.call("PUT", `/api/ratings/${video.id}`, { rating: 3 })).statusCode).toBe(200);
    for (let i = 1; i < LIBRARY_WRITES_PER_MINUTE; i++) {
      expect((await (i % 2 ? like(m, video.id) : unlike(m, video.id))).statusCode).toBe(200);
    }
    const limited = await like(m, video.id);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe("RATE_LIMITED");
    expect((await likedIds(m)).length).toBe(1);
  });
});

describe("likes elsewhere in the product", () => {
  it("lists a like in the profile's activity, with the member's rating if any", async () => {
    const m = await member();
    const film = await makeVideo(db(), { title: "Le Grand Bleu aimé" });
    await m.call("PUT", `/api/ratings/${film.id}`, { rating: 4 });
    await db().execute(
      sql`update ratings set updated_at = now() - interval '1 minute' where user_id = ${m.id}`,
    );
    await like(m, film.id);

    const activities = (await m.call("GET", "/api/me/profile")).json().activities;
    expect(activities.map((a: { type: string }) => a.type)).toEqual(["like", "rate"]);
    expect(activities[0]).toMatchObject({ videoId: film.id, title: "Le Grand Bleu aimé", userRating: 4 });

    await unlike(m, film.id);
    const after = (await m.call("GET", "/api/me/profile")).json().activities;
    expect(after.map((a: { type: string }) => a.type)).toEqual(["rate"]);
  });

  it("exports the member's likes, and « Effacer toutes mes données » removes them and their counts", async () => {
    const m = await member();
    const witness = await member();
    const [a, b] = [await makeVideo(db(), { title: "Aimé A" }), await makeVideo(db(), { title: "Aimé B" })];
    await like(m, a.id);
    await like(m, b.id);
    await like(witness, a.id);

    const data = (await m.call("GET", "/api/me/export")).json() as MemberExport;
    const rows = await db().select().from(likes).where(eq(likes.userId, m.id));
    expect(data.likes.map((l) => [l.videoId, l.title, l.likedAt]).sort()).toEqual(
      rows.map((r) => [r.videoId, r.videoId === a.id ? "Aimé A" : "Aimé B", r.likedAt.toISOString()]).sort(),
    );
    expect(JSON.stringify(data)).not.toContain(witness.id);

    expect((await m.call("POST", "/api/me/erase")).statusCode).toBe(200);
    expect(await likedIds(m)).toEqual([]);
    expect(await counter(a.id)).toEqual({ stored: 1, rows: 1 });
    expect(await counter(b.id)).toEqual({ stored: 0, rows: 0 });
    expect(await likedIds(witness)).toEqual([a.id]);
  });

  it("drops the likes, and their counts, of a deleted account and of a deleted video", async () => {
    const gone = await member();
    const stays = await member();
    const video = await makeVideo(db());
    const removed = await makeVideo(db());
    await like(gone, video.id);
    await like(stays, video.id);
    await like(stays, removed.id);

    await db().delete(users).where(eq(users.id, gone.id));
    expect(await counter(video.id)).toEqual({ stored: 1, rows: 1 });
    await db().delete(videos).where(eq(videos.id, removed.id));
    expect(await likedIds(stays)).toEqual([video.id]);
  });

  it("weighs likes in the similar titles: a liked title passes a more viewed one of the same category", async () => {
    const drama = await makeCategory(db(), { name: "Drame aimé" });
    const film = await makeVideo(db(), { title: "Point de départ" }, [drama.id]);
    const viewed = await makeVideo(db(), { title: "Très vu", views: 1_000 }, [drama.id]);
    const liked = await makeVideo(db(), { title: "Moins vu", views: 100 }, [drama.id]);
    const similar = async () =>
      (
        (await t.app.inject({ method: "GET", url: `/api/videos/${film.id}/similar` })).json() as {
          items: VideoSummary[];
        }
      ).items.map((v) => v.id);
    expect(await similar()).toEqual([viewed.id, liked.id]);

    // ln(1 + 100) + 2 × ln(1 + 3) ≈ 7.39 > ln(1 + 1000) ≈ 6.91.
    for (const m of [await member(), await member(), await member()]) await like(m, liked.id);
    expect(await similar()).toEqual([liked.id, viewed.id]);
  });

  it("sends no catalogue notification: a like never empties the catalogue caches", async () => {
    const m = await member();
    const video = await makeVideo(db());
    const heard: string[] = [];
    let ready: () => void = () => {};
    const listening = new Promise<void>((resolve) => {
      ready = resolve;
    });
    const listener = await t.database.listen(CATALOGUE_CHANNEL, {
      onNotify: (table) => heard.push(table),
      onListening: (on) => on && ready(),
    });
    try {
      await listening;
      await like(m, video.id);
      await unlike(m, video.id);
      // A change that does notify, after them: notifications arrive in commit order.
      await makeCategory(db());
      await expect.poll(() => heard.includes("categories")).toBe(true);
      expect(heard).toEqual(["categories"]);
    } finally {
      await listener.close();
    }
  });
});
