import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { catalogueMessages } from "#contract/catalogue";
import { videos } from "#db/schema/catalogue";
import { makeCategory, makeVideo } from "../factories/catalogue.ts";
import { createTestApp, type TestApp } from "../harness.ts";

let t: TestApp;
const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  const drame = await makeCategory(db, { name: "Drame" });
  const polar = await makeCategory(db, { name: "Policier" });
  const comedie = await makeCategory(db, { name: "Comédie" });
  const add = async (
    key: string,
    over: Parameters<typeof makeVideo>[1],
    cats: string[],
    rating?: { sum: number; count: number },
  ) => {
    const row = await makeVideo(db, over, cats);
    ids[key] = row.id;
    if (rating) {
      // The aggregates the ratings trigger maintains (decision 002); average_rating is derived.
      await db
        .update(videos)
        .set({ ratingSum: rating.sum, totalRatings: rating.count })
        .where(sql`${videos.id} = ${row.id}`);
    }
  };
  await add(
    "elise",
    {
      title: "Élise et le phare",
      year: 1995,
      language: "Français",
      views: 500,
      createdAt: new Date("2026-01-03T00:00:00Z"),
    },
    [drame.id],
    { sum: 9, count: 2 },
  );
  await add(
    "abyss",
    {
      title: "Abysses",
      year: 2010,
      language: "English",
      views: 5000,
      createdAt: new Date("2026-01-01T00:00:00Z"),
    },
    [polar.id, drame.id],
    { sum: 10, count: 2 },
  );
  await add(
    "zorro",
    {
      title: "Zorro à Paris",
      year: 1950,
      language: "Español",
      views: 50,
      createdAt: new Date("2026-01-05T00:00:00Z"),
      type: "series",
    },
    [comedie.id],
    { sum: 4, count: 2 },
  );
  await add(
    "bal",
    {
      title: "Le Bal des phares",
      year: 2024,
      language: "Français",
      views: 1000,
      createdAt: new Date("2026-01-04T00:00:00Z"),
    },
    [comedie.id],
  );
});

afterAll(async () => {
  await t.close();
});

async function list(query: string) {
  const res = await t.app.inject({ method: "GET", url: `/api/videos?limit=100&${query}` });
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json() as { items: { id: string }[]; total: number };
  return { total: body.total, ids: body.items.map((v) => v.id) };
}

async function refused(query: string) {
  const res = await t.app.inject({ method: "GET", url: `/api/videos?${query}` });
  expect(res.statusCode).toBe(400);
  expect(res.json().code).toBe("VALIDATION_ERROR");
  return res.json().fields as Record<string, string>;
}

describe("GET /api/videos sorts (spec §2 Explore)", () => {
  it.each([
    ["recent", ["zorro", "bal", "elise", "abyss"]],
    ["title", ["abyss", "elise", "bal", "zorro"]],
    ["year", ["bal", "abyss", "elise", "zorro"]],
    ["rating", ["abyss", "elise", "zorro", "bal"]],
    ["views", ["abyss", "bal", "elise", "zorro"]],
    ["relevance", ["zorro", "bal", "elise", "abyss"]],
  ])("sort=%s", async (sort, expected) => {
    expect((await list(`sort=${sort}`)).ids).toEqual(expected.map((k) => ids[k]));
  });

  it("sorts search results too: relevance puts title matches first, views by views", async () => {
    // Both titles contain 'phare'; the whole word « phare » is closer than « phares ».
    expect((await list("q=phare")).ids).toEqual([ids.elise, ids.bal]);
    expect((await list("q=phare&sort=views")).ids).toEqual([ids.bal, ids.elise]);
    expect((await list("q=phare&sort=year")).ids).toEqual([ids.bal, ids.elise]);
    expect((await list("q=phare&sort=title")).ids).toEqual([ids.elise, ids.bal]);
  });
});

describe("GET /api/videos filters (spec §2 Filtres, §5)", () => {
  it("filters by categories (any of them), repeated or comma-separated, case-insensitive", async () => {
    expect((await list("categories=Policier")).ids).toEqual([ids.abyss]);
    const both = await list("categories=policier&categories=Comédie&sort=title");
    expect(both.ids).toEqual([ids.abyss, ids.bal, ids.zorro]);
    expect((await list("categories=Policier,comédie&sort=title")).ids).toEqual(both.ids);
    expect((await list("categories=Inconnue")).total).toBe(0);
  });

  it("filters by language code", async () => {
    expect((await list("language=fr&sort=title")).ids).toEqual([ids.elise, ids.bal]);
    expect((await list("language=en")).ids).toEqual([ids.abyss]);
    expect((await list("language=it")).ids).toEqual([]);
  });

  it("filters by year and rating ranges, bounds included, and combines with search and type", async () => {
    expect((await list("yearMin=1950&yearMax=1995&sort=year")).ids).toEqual([ids.elise, ids.zorro]);
    expect((await list("ratingMin=4.5&sort=rating")).ids).toEqual([ids.abyss, ids.elise]);
    expect((await list("ratingMax=2&sort=rating")).ids).toEqual([ids.zorro, ids.bal]);
    expect((await list("ratingMin=0&ratingMax=5")).total).toBe(4);
    expect((await list("q=phare&yearMin=2000")).ids).toEqual([ids.bal]);
    expect((await list("type=series&language=es")).ids).toEqual([ids.zorro]);
    const page = await t.app.inject({
      method: "GET",
      url: "/api/videos?language=fr&limit=1&offset=1&sort=title",
    });
    expect(page.json()).toMatchObject({ total: 2, limit: 1, offset: 1, items: [{ id: ids.bal }] });
  });

  it("refuses out-of-range or inconsistent filters with French messages", async () => {
    const nextYear = new Date().getFullYear() + 1;
    expect((await refused("yearMin=1899")).yearMin).toBe(catalogueMessages.yearRange);
    expect((await refused(`yearMax=${nextYear}`)).yearMax).toBe(catalogueMessages.yearRange);
    expect((await refused("yearMin=abc")).yearMin).toBe(catalogueMessages.yearRange);
    expect((await refused("yearMin=2000&yearMax=1990")).yearMin).toBe(catalogueMessages.yearOrder);
    expect((await refused("ratingMin=4.3")).ratingMin).toBe(catalogueMessages.ratingRange);
    expect((await refused("ratingMax=5.5")).ratingMax).toBe(catalogueMessages.ratingRange);
    expect((await refused("ratingMin=4&ratingMax=3")).ratingMin).toBe(catalogueMessages.ratingOrder);
    expect((await refused("language=jp")).language).toBe(catalogueMessages.unknownLanguage);
    expect((await refused("sort=random")).sort).toBe(catalogueMessages.unknownSort);
    const tooMany = Array.from({ length: 21 }, (_, i) => `c${i}`).join(",");
    expect((await refused(`categories=${tooMany}`)).categories).toBe(catalogueMessages.tooManyCategories);
  });
});
