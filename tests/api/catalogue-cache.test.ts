import fs from "node:fs";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Category, type HomeResponse, unpackHome, type VideoListResponse } from "#contract/catalogue";
import { type Database, openDatabase } from "#db/client";
import { buildApp } from "#server/app";
import { CATALOGUE_TTL_MS, SEARCH_CACHE_ENTRIES } from "#server/shared/catalogue-cache";
import { makeCategory, makeVideo } from "../factories/catalogue.ts";
import { createTestDatabase, type TestDatabase, testConfig, testDbKind } from "../harness.ts";

/**
 * spec §9 caches (docs/decisions/005-catalogue-cache.md): what is served from them, and what
 * empties them. Views and rating aggregates do not notify (they change all day), so updating
 * `views` behind the app's back shows whether an answer came from the cache or from the database.
 */

let testDb: TestDatabase;
let app: FastifyInstance;
let dataDir: string;
let clock = Date.UTC(2026, 0, 1);
const db = () => testDb.database.db;

async function startApp(database: Database) {
  const config = testConfig();
  const built = await buildApp({ config, database, catalogueCache: { now: () => clock } });
  await built.ready();
  return { app: built, dataDir: config.dataDir };
}

beforeAll(async () => {
  testDb = await createTestDatabase();
  ({ app, dataDir } = await startApp(testDb.database));
});
afterAll(async () => {
  await app.close();
  await testDb.dispose();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const get = async <T>(url: string, on = app) => {
  const res = await on.inject({ method: "GET", url });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as T;
};
const setViews = (id: string, views: number) =>
  db().execute(`update videos set views = ${views} where id = '${id}'`);
const homeViews = async (id: string, on = app) =>
  unpackHome(await get<HomeResponse>("/api/home", on)).discover.find((v) => v.id === id)?.views;

/**
 * Waits until the home of `on` is answered from its cache (the notification of a write made just
 * before may still be on its way and empty the cache once more): a views change made behind its
 * back no longer shows. Returns the cached figure; the database then holds that figure + 1.
 */
async function cachedViews(id: string, on = app): Promise<number> {
  let cached = -1;
  await expect
    .poll(
      async () => {
        const before = (await homeViews(id, on)) ?? 0;
        await setViews(id, before + 1);
        cached = (await homeViews(id, on)) ?? 0;
        return cached === before;
      },
      { timeout: 10_000 },
    )
    .toBe(true);
  return cached;
}

describe("catalogue cache", () => {
  it("serves the home from the cache until a catalogue table changes, whoever changes it", async () => {
    const video = await makeVideo(db(), { title: "Le Phare", views: 10 });
    // Cached: a view count is not a catalogue change.
    const cached = await cachedViews(video.id);
    expect(await homeViews(video.id)).toBe(cached);
    // A title edited through SQL on another connection empties the cache.
    await db().execute(`update videos set title = 'Le Phare du bout du monde' where id = '${video.id}'`);
    await expect
      .poll(
        async () =>
          unpackHome(await get<HomeResponse>("/api/home")).discover.find((v) => v.id === video.id)?.title,
      )
      .toBe("Le Phare du bout du monde");
    expect(await homeViews(video.id)).toBe(cached + 1);
  });

  it("counts a new category link in /api/categories once it is written", async () => {
    const category = await makeCategory(db(), { name: "Cache polar" });
    const count = async () =>
      (await get<{ items: Category[] }>("/api/categories")).items.find((c) => c.id === category.id)
        ?.videoCount;
    await expect.poll(count).toBe(0);
    await makeVideo(db(), { title: "Un polar" }, [category.id]);
    await expect.poll(count).toBe(1);
  });

  it("keeps catalogue answers 5 minutes, then reads the database again", async () => {
    const video = await makeVideo(db(), { title: "L'Horloge", views: 20 });
    const cached = await cachedViews(video.id);
    clock += CATALOGUE_TTL_MS - 1;
    expect(await homeViews(video.id)).toBe(cached);
    clock += 2;
    expect(await homeViews(video.id)).toBe(cached + 1);
  });

  it(`keeps the last ${SEARCH_CACHE_ENTRIES} searches and drops the least recently used`, async () => {
    const video = await makeVideo(db(), { title: "Zéphyrine aux étoiles", year: 2020 });
    await cachedViews(video.id); // no notification left on its way
    await setViews(video.id, 30);
    // 51 distinct searches (the year filter makes each one its own entry).
    const search = (yearMin: number) =>
      get<VideoListResponse>(`/api/videos?q=zephyrine&yearMin=${yearMin}`).then(
        (page) => page.items.find((v) => v.id === video.id)?.views,
      );
    const years = Array.from({ length: SEARCH_CACHE_ENTRIES + 1 }, (_, i) => 1950 + i);
    for (const year of years) expect(await search(year)).toBe(30);
    await setViews(video.id, 31);
    // The second search is still cached; the first, the oldest of 51, was dropped.
    expect(await search(years[1] as number)).toBe(30);
    expect(await search(years[0] as number)).toBe(31);
    // A search is keyed on its normalised text: capitals share the entry of the second search.
    expect(
      (await get<VideoListResponse>(`/api/videos?q=ZEPHYRINE&yearMin=${years[1]}`)).items[0]?.views,
    ).toBe(30);
  });

  it("answers concurrent identical requests alike", async () => {
    await makeVideo(db(), { title: "Le Même Soir" });
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => app.inject({ method: "GET", url: "/api/videos?q=meme%20soir" })),
    );
    expect(new Set(answers.map((r) => r.statusCode))).toEqual(new Set([200]));
    expect(new Set(answers.map((r) => r.body)).size).toBe(1);
    expect(answers[0]?.headers["content-type"]).toMatch(/^application\/json/);
  });
});

describe.skipIf(testDbKind !== "postgres")("catalogue cache across processes (PostgreSQL)", () => {
  let other: { app: FastifyInstance; dataDir: string; database: Database };
  beforeAll(async () => {
    const database = await openDatabase({ url: testDb.url as string, poolMax: 4 });
    other = { ...(await startApp(database)), database };
  });
  afterAll(async () => {
    await other.app.close();
    fs.rmSync(other.dataDir, { recursive: true, force: true });
  });

  it("empties the other process's cache when one process changes the catalogue", async () => {
    const video = await makeVideo(db(), { title: "Deux Rives", views: 40 });
    const mine = await cachedViews(video.id);
    const theirs = await cachedViews(video.id, other.app);
    expect(await homeViews(video.id)).toBe(mine);
    // Written through the other process's connections; this process hears it too.
    const added = await makeVideo(other.database.db, { title: "Rive gauche" });
    await expect
      .poll(async () =>
        unpackHome(await get<HomeResponse>("/api/home")).discover.some((v) => v.id === added.id),
      )
      .toBe(true);
    expect(await homeViews(video.id)).toBe(theirs + 1);
    await expect.poll(() => homeViews(video.id, other.app)).toBe(theirs + 1);
  });

  it("reads the database while its listening connection is down, and caches again once back", async () => {
    const video = await makeVideo(db(), { title: "Coupure", views: 50 });
    const cached = await cachedViews(video.id, other.app);
    // Cut every listening connection of this database (both processes reconnect with backoff).
    await db().execute(
      "select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'bobine-listen' and datname = current_database()",
    );
    await setViews(video.id, cached + 10);
    // Nothing cached can be trusted meanwhile (and the cache is emptied on reconnection).
    await expect.poll(() => homeViews(video.id, other.app)).toBe(cached + 10);
    // Then the cache serves again.
    await cachedViews(video.id, other.app);
  });
});
