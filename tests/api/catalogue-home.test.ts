import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type HomeResponse, type LandingResponse, unpackHome, type VideoSummary } from "#contract/catalogue";
import { makeCategory, makeVideo } from "../factories/catalogue.ts";
import { createTestApp, type TestApp } from "../harness.ts";

let t: TestApp;
/** Every video made here, newest first by construction (createdAt decreases with i). */
const made: { id: string; type: "movie" | "series"; views: number; rating: number; createdAt: Date }[] = [];
const genreOf = new Map<string, string[]>();

const ids = (items: VideoSummary[]) => items.map((v) => v.id);
const byViews = (a: { views: number; id: string }, b: { views: number; id: string }) =>
  b.views - a.views || (a.id < b.id ? 1 : -1);

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  // Six categories; total views grow with the index, so the four last ones are the top four.
  const cats: { id: string; name: string }[] = [];
  for (let c = 0; c < 6; c++) cats.push(await makeCategory(db, { name: `Genre ${c}` }));
  // 40 videos: distinct views, ratings from 0 to 5 (with ratingSum/totalRatings), every third a
  // series, each in one category (plus a second one for some, to check multi-category membership).
  for (let i = 0; i < 40; i++) {
    const views = ((i * 37) % 41) * 100 + i;
    const totalRatings = i % 4 === 0 ? 0 : 2;
    const ratingSum = totalRatings === 0 ? 0 : 2 + (i % 9); // averages 1 to 5 by halves
    const type = i % 3 === 0 ? "series" : "movie";
    const createdAt = new Date(Date.UTC(2026, 0, 1) - i * 3_600_000);
    const main = cats[i % 6];
    const categoryIds = main ? [main.id] : [];
    const second = cats[(i + 1) % 6];
    if (i % 5 === 0 && second) categoryIds.push(second.id);
    const video = await makeVideo(db, { views, ratingSum, totalRatings, type, createdAt }, categoryIds);
    made.push({ id: video.id, type, views, rating: video.averageRating, createdAt });
    genreOf.set(
      video.id,
      categoryIds.map((id) => cats.find((c) => c.id === id)?.name ?? ""),
    );
  }
});
afterAll(async () => {
  await t.close();
});

describe("GET /api/home", () => {
  it("sends each video once and every rail as ids of those videos", async () => {
    const home = (await t.app.inject({ method: "GET", url: "/api/home" })).json() as HomeResponse;
    const ids = home.videos.map((v) => v.id);
    expect(new Set(ids).size).toBe(ids.length);
    const railIds = [
      ...home.hero,
      ...home.trending,
      ...home.premium,
      ...home.newest,
      ...home.movies,
      ...home.series,
      ...home.discover,
      ...home.genres.flatMap((g) => g.items),
    ];
    expect(new Set(railIds)).toEqual(new Set(ids));
  });

  it("returns every rail of the home with the spec's sizes and orders", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/home" });
    expect(res.statusCode).toBe(200);
    const home = unpackHome(res.json() as HomeResponse);
    const newest = [...made].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());

    expect(ids(home.hero)).toEqual(newest.slice(0, 10).map((v) => v.id));
    expect(ids(home.newest)).toEqual(newest.slice(0, 15).map((v) => v.id));
    expect(ids(home.discover)).toEqual(newest.slice(0, 24).map((v) => v.id));
    expect(ids(home.trending)).toEqual(
      [...made]
        .sort(byViews)
        .slice(0, 15)
        .map((v) => v.id),
    );
    expect(ids(home.movies)).toEqual(
      made
        .filter((v) => v.type === "movie")
        .sort(byViews)
        .slice(0, 12)
        .map((v) => v.id),
    );
    expect(ids(home.series)).toEqual(
      made
        .filter((v) => v.type === "series")
        .sort(byViews)
        .slice(0, 12)
        .map((v) => v.id),
    );
    expect(home.movies.every((v) => v.type === "movie")).toBe(true);
    expect(home.series.every((v) => v.type === "series")).toBe(true);
    expect(res.body).not.toContain("videoUrl");
  });

  it("keeps only videos rated 4 or more in 'Sélection Premium', best rated then most viewed", async () => {
    const home = unpackHome((await t.app.inject({ method: "GET", url: "/api/home" })).json() as HomeResponse);
    const expected = made
      .filter((v) => v.rating >= 4)
      .sort((a, b) => b.rating - a.rating || byViews(a, b))
      .slice(0, 15);
    expect(made.some((v) => v.rating > 0 && v.rating < 4)).toBe(true);
    expect(home.premium.length).toBeGreaterThan(0);
    expect(home.premium.length).toBeLessThanOrEqual(15);
    expect(home.premium.every((v) => v.averageRating >= 4)).toBe(true);
    expect(ids(home.premium)).toEqual(expected.map((v) => v.id));
  });

  it("has one 'Sélection {genre}' rail for each of the 4 categories with the most total views", async () => {
    const home = unpackHome((await t.app.inject({ method: "GET", url: "/api/home" })).json() as HomeResponse);
    const totals = new Map<string, number>();
    for (const v of made)
      for (const g of genreOf.get(v.id) ?? []) totals.set(g, (totals.get(g) ?? 0) + v.views);
    const top = [...totals.entries()]
      .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
      .slice(0, 4)
      .map(([name]) => name);
    expect(home.genres.map((g) => g.name)).toEqual(top);
    for (const genre of home.genres) {
      const expected = made
        .filter((v) => genreOf.get(v.id)?.includes(genre.name))
        .sort(byViews)
        .slice(0, 8);
      expect(genre.items).toHaveLength(8);
      expect(ids(genre.items)).toEqual(expected.map((v) => v.id));
      expect(genre.items.every((v) => v.category.includes(genre.name))).toBe(true);
    }
  });
});

describe("GET /api/landing", () => {
  it("returns the hero candidates and three rows of 10 of one type", async () => {
    for (const type of ["movie", "series"] as const) {
      const res = await t.app.inject({ method: "GET", url: `/api/landing?type=${type}` });
      expect(res.statusCode).toBe(200);
      const page = res.json() as LandingResponse;
      const ofType = made.filter((v) => v.type === type);
      for (const row of [page.hero, page.popular, page.newest, page.topRated]) {
        expect(row).toHaveLength(10);
        expect(row.every((v) => v.type === type)).toBe(true);
      }
      expect(ids(page.popular)).toEqual(
        ofType
          .sort(byViews)
          .slice(0, 10)
          .map((v) => v.id),
      );
      const years = page.newest.map((v) => v.year);
      expect(years).toEqual([...years].sort((a, b) => b - a));
      const ratings = page.topRated.map((v) => v.averageRating);
      expect(ratings).toEqual([...ratings].sort((a, b) => b - a));
      expect(ratings[0]).toBe(Math.max(...ofType.map((v) => v.rating)));
    }
  });

  it("refuses an unknown type with a validation error", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/landing?type=documentaire" });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe("VALIDATION_ERROR");
    const missing = await t.app.inject({ method: "GET", url: "/api/landing" });
    expect(missing.statusCode).toBe(400);
  });
});

describe("empty catalogue", () => {
  it("returns empty rails when there is no video", async () => {
    const empty = await createTestApp();
    try {
      const home = unpackHome(
        (await empty.app.inject({ method: "GET", url: "/api/home" })).json() as HomeResponse,
      );
      expect(home).toEqual({
        hero: [],
        trending: [],
        premium: [],
        newest: [],
        movies: [],
        series: [],
        genres: [],
        discover: [],
      });
    } finally {
      await empty.close();
    }
  });
});
