import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { VideoListResponse } from "#contract/catalogue";
import type { HistoryListResponse } from "#contract/history";
import type { FavoriteListResponse } from "#contract/library";
import { EXACT_TOTAL_MAX, pagingMessages } from "#contract/paging";
import { favorites, watchHistory } from "#db/schema/activity";
import { makeCategory, makeVideo } from "../factories/catalogue.ts";
import { createTestApp, type TestApp } from "../harness.ts";
import { signedIn } from "../support/members.ts";

/**
 * Keyset paging (docs/decisions/031-keyset-paging.md): every list walks its whole order through
 * `nextCursor` without a gap or a repeat, a cursor stays valid while rows are added before it,
 * a changed or foreign cursor is a French 400, and totals too large to count are flagged estimates.
 */

let t: TestApp;
const db = () => t.database.db;
const VIDEOS = 30;

beforeAll(async () => {
  t = await createTestApp();
  // Ties on purpose: equal years, views and ratings, so that the id decides between them.
  for (let i = 0; i < VIDEOS; i++) {
    await makeVideo(db(), {
      title: `${["Été", "Automne", "Hiver", "Printemps", "Éclipse"][i % 5]} ${i}`,
      year: 2000 + (i % 3),
      views: (i % 4) * 10,
      type: i % 3 === 0 ? "series" : "movie",
    });
  }
});
afterAll(async () => {
  await t?.close();
});

const get = async <T>(url: string, cookie?: string) => {
  const res = await t.app.inject({ method: "GET", url, headers: cookie ? { cookie } : {} });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as T;
};

/** Every page of `base` through the cursors, the ids in order. */
async function walk<T extends { items: { id: string }[]; nextCursor: string | null }>(
  base: string,
  cookie?: string,
  key: (item: T["items"][number]) => string = (item) => item.id,
) {
  const ids: string[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const url = new URL(base, "http://bobine.test");
    if (cursor) url.searchParams.set("cursor", cursor);
    const page: T = await get<T>(`${url.pathname}${url.search}`, cookie);
    ids.push(...page.items.map(key));
    cursor = page.nextCursor;
    pages++;
    expect(pages).toBeLessThan(100);
  } while (cursor);
  return { ids, pages };
}

describe("the catalogue's grids", () => {
  it("walk every sort with cursors in the order offsets give, each video once", async () => {
    for (const sort of ["recent", "title", "year", "rating", "views"]) {
      const all = await get<VideoListResponse>(`/api/videos?sort=${sort}&limit=100`);
      expect(all.items).toHaveLength(VIDEOS);
      expect(all.nextCursor).toBeNull();
      const { ids, pages } = await walk<VideoListResponse>(`/api/videos?sort=${sort}&limit=7`);
      expect(ids, sort).toEqual(all.items.map((v) => v.id));
      expect(pages).toBe(Math.ceil(VIDEOS / 7));
    }
  });

  it("walk a filtered list, and say how many videos came before each page", async () => {
    const first = await get<VideoListResponse>("/api/videos?type=movie&sort=views&limit=4");
    expect(first.offset).toBe(0);
    const second = await get<VideoListResponse>(
      `/api/videos?type=movie&sort=views&limit=4&cursor=${encodeURIComponent(first.nextCursor ?? "")}`,
    );
    expect(second.offset).toBe(4);
    const byOffset = await get<VideoListResponse>("/api/videos?type=movie&sort=views&limit=4&offset=4");
    expect(second.items.map((v) => v.id)).toEqual(byOffset.items.map((v) => v.id));
    const { ids } = await walk<VideoListResponse>("/api/videos?type=movie&sort=title&limit=6");
    expect(ids).toHaveLength(20);
  });

  it("keep their place while videos are added before it: no video shown twice, none skipped", async () => {
    const first = await get<VideoListResponse>("/api/videos?sort=recent&limit=5");
    const seen = first.items.map((v) => v.id);
    // Newer than everything: they go before the cursor's place in « Plus récents ».
    await makeVideo(db(), { title: "Tout nouveau 1" });
    await makeVideo(db(), { title: "Tout nouveau 2" });
    try {
      const rest = await walk<VideoListResponse>(
        `/api/videos?sort=recent&limit=5&cursor=${encodeURIComponent(first.nextCursor ?? "")}`,
      );
      expect([...seen, ...rest.ids]).toHaveLength(VIDEOS);
      expect(new Set([...seen, ...rest.ids]).size).toBe(VIDEOS);
    } finally {
      await db().execute(sql`delete from videos where title like 'Tout nouveau%'`);
    }
  });

  it("refuse a changed cursor, or one of another sort or filter, with a French 400", async () => {
    const first = await get<VideoListResponse>("/api/videos?sort=views&limit=3");
    const cursor = first.nextCursor ?? "";
    const [payload = "", mac = ""] = cursor.split(".");
    const forged = Buffer.from(
      JSON.stringify([...JSON.parse(Buffer.from(payload, "base64url").toString()).slice(0, 2), ["0", "x"]]),
    ).toString("base64url");
    for (const url of [
      `/api/videos?sort=views&limit=3&cursor=${forged}.${mac}`,
      `/api/videos?sort=views&limit=3&cursor=${payload}.${mac.slice(1)}A`,
      `/api/videos?sort=views&limit=3&cursor=nimportequoi`,
      `/api/videos?sort=title&limit=3&cursor=${encodeURIComponent(cursor)}`,
      `/api/videos?sort=views&type=series&limit=3&cursor=${encodeURIComponent(cursor)}`,
    ]) {
      const res = await t.app.inject({ method: "GET", url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json()).toMatchObject({
        code: "VALIDATION_ERROR",
        message: pagingMessages.invalidCursor,
        fields: { cursor: pagingMessages.invalidCursor },
      });
    }
  });

  it("count totals up to EXACT_TOTAL_MAX and estimate larger ones, saying so", async () => {
    // The test before this one removed its two videos with plain SQL: the cached grid hears of it by
    // the database's notification, which on PostgreSQL may come just after the next request.
    const small = () => get<VideoListResponse>("/api/videos?limit=1");
    await expect.poll(async () => (await small()).total).toBe(VIDEOS);
    expect((await small()).totalIsEstimate).toBeUndefined();
    await db().execute(sql`
      insert into videos (title, year, type)
      select 'Masse ' || i, 1990, 'movie' from generate_series(1, ${EXACT_TOTAL_MAX + 200}) i`);
    await db().execute(sql`analyze videos`);
    try {
      const large = await get<VideoListResponse>("/api/videos?limit=1&yearMax=1995");
      expect(large.totalIsEstimate).toBe(true);
      expect(large.total).toBeGreaterThan(EXACT_TOTAL_MAX);
      const exact = await get<VideoListResponse>("/api/videos?limit=1&yearMin=2000");
      expect(exact.totalIsEstimate).toBeUndefined();
      expect(exact.total).toBe(VIDEOS);
    } finally {
      await db().execute(sql`delete from videos where title like 'Masse %'`);
    }
  });
});

describe("the category filter", () => {
  it("follows a video's categories as they are added, moved and removed", async () => {
    const [polar, western] = [
      await makeCategory(db(), { name: "Polar nordique" }),
      await makeCategory(db(), { name: "Western spaghetti" }),
    ];
    const video = await makeVideo(db(), { title: "Le Shérif" }, [polar.id]);
    const ids = async (name: string) =>
      (await get<VideoListResponse>(`/api/videos?categories=${encodeURIComponent(name)}&limit=50`)).items.map(
        (v) => v.id,
      );
    try {
      expect(await ids("Polar nordique")).toEqual([video.id]);
      expect(await ids("Western spaghetti")).toEqual([]);
      await db().execute(
        sql`update video_categories set category_id = ${western.id} where video_id = ${video.id}`,
      );
      expect(await ids("polar nordique")).toEqual([]);
      expect(await ids("Western spaghetti")).toEqual([video.id]);
      await db().execute(sql`delete from video_categories where video_id = ${video.id}`);
      expect(await ids("Western spaghetti")).toEqual([]);
    } finally {
      await db().execute(sql`delete from videos where id = ${video.id}`);
    }
  });
});

describe("a search's results", () => {
  it("page through their ranking with cursors, each video once, as offsets do", async () => {
    const all = await get<VideoListResponse>("/api/videos?q=ete&limit=100");
    expect(all.items.length).toBeGreaterThan(3);
    const { ids } = await walk<VideoListResponse>("/api/videos?q=ete&limit=2");
    expect(ids).toEqual(all.items.map((v) => v.id));
  });

  it("refuse a cursor of another search", async () => {
    const first = await get<VideoListResponse>("/api/videos?q=ete&limit=2");
    const res = await t.app.inject({
      method: "GET",
      url: `/api/videos?q=hiver&limit=2&cursor=${encodeURIComponent(first.nextCursor ?? "")}`,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: pagingMessages.invalidCursor });
  });
});

describe("a member's history and « Ma liste »", () => {
  it("walk every sort with cursors, each entry once, in the order offsets give", async () => {
    const member = await signedIn(t);
    const ids = (await db().execute(
      sql`select id from videos where type = 'movie' order by id`,
    )) as unknown as {
      rows: { id: string }[];
    };
    const films = ids.rows.slice(0, 12).map((r) => r.id);
    const base = Date.UTC(2026, 0, 1);
    await db()
      .insert(watchHistory)
      .values(
        films.map((videoId, i) => ({
          userId: member.id,
          videoId,
          progress: (i % 3) / 4,
          currentPosition: 100,
          totalDuration: 1000,
          clientSavedAt: i,
          // Two saves share each instant: the row id breaks the tie.
          watchedAt: new Date(base + Math.floor(i / 2) * 1000),
        })),
      );
    await db()
      .insert(favorites)
      .values(films.map((videoId, i) => ({ userId: member.id, videoId, addedAt: new Date(base + (i % 4)) })));

    for (const sort of ["recent", "oldest", "title", "progress"]) {
      const all = await get<HistoryListResponse>(`/api/history?sort=${sort}&limit=200`, member.cookie);
      expect(all.items).toHaveLength(12);
      const { ids: walked } = await walk<HistoryListResponse>(
        `/api/history?sort=${sort}&limit=5`,
        member.cookie,
      );
      expect(walked, sort).toEqual(all.items.map((i) => i.id));
    }
    for (const sort of ["recent", "title", "year", "rating", "views"]) {
      const all = await get<FavoriteListResponse>(`/api/favorites?sort=${sort}&limit=200`, member.cookie);
      expect(all.items).toHaveLength(12);
      const { ids: walked } = await walk<FavoriteListResponse>(
        `/api/favorites?sort=${sort}&limit=5`,
        member.cookie,
      );
      expect(walked, sort).toEqual(all.items.map((i) => i.id));
    }

    const page = await get<HistoryListResponse>("/api/history?sort=recent&limit=5", member.cookie);
    const res = await member.call(
      "GET",
      `/api/favorites?sort=recent&limit=5&cursor=${encodeURIComponent(page.nextCursor ?? "")}`,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: pagingMessages.invalidCursor });
  });
});
