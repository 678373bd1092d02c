import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { VideoListResponse } from "#contract/catalogue";
import { SEARCH_CANDIDATES } from "#server/catalogue/search.queries";
import { makeVideo } from "../factories/catalogue.ts";
import { createTestApp, type TestApp } from "../harness.ts";

/** The bounds that keep search fast at 100,000 videos (docs/decisions/005-catalogue-cache.md). */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  // More matches than one way of matching reads: titles « Le Grand Bleu 1 » … in one statement.
  await t.database.db.execute(`
    insert into videos (title, year, type)
    select 'Le Grand Bleu ' || i, 2000, 'movie' from generate_series(1, ${SEARCH_CANDIDATES + 20}) i`);
});
afterAll(async () => {
  await t.close();
});

const search = async (q: string) => {
  const res = await t.app.inject({ method: "GET", url: `/api/videos?q=${encodeURIComponent(q)}&limit=10` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as VideoListResponse;
};

describe("search bounds", () => {
  it("says when the total of a broad search is only a lower bound", async () => {
    const broad = await search("grand bleu");
    expect(broad.items).toHaveLength(10);
    expect(broad.total).toBeGreaterThanOrEqual(SEARCH_CANDIDATES);
    expect(broad.totalIsLowerBound).toBe(true);
    const last = SEARCH_CANDIDATES + 17;
    // Every word matched comes first; the titles matching « grand » and « bleu » only follow it.
    const best = await search(`grand bleu ${last}`);
    expect(best.items[0]?.title).toBe(`Le Grand Bleu ${last}`);
    expect(best.totalIsLowerBound).toBe(true);
    const narrow = await search(`${last}`);
    expect(narrow.items.map((v) => v.title)).toEqual([`Le Grand Bleu ${last}`]);
    expect(narrow.total).toBe(1);
    expect(narrow.totalIsLowerBound).toBe(false);
  });

  it("finds the title that is the query first, however many titles hold its words", async () => {
    const exact = await makeVideo(t.database.db, { title: "Le Grand Bleu", views: 0 });
    const found = await search("le grand bleu");
    expect(found.totalIsLowerBound).toBe(true);
    expect(found.items[0]?.id).toBe(exact.id);
    // A word no title holds does not leave the others' best title to chance: every word of
    // « Le Grand Bleu » is asked, which no « Le Grand Bleu N » can say.
    const extra = await search("le grand bleu zorglub");
    expect(extra.items[0]?.id).toBe(exact.id);
  });

  it("tolerates typos in the words of titles added after the migration", async () => {
    const video = await makeVideo(t.database.db, { title: "Les Parapluies de Cherbourg" });
    const found = await search("parapluis cherbourg");
    expect(found.items[0]?.id).toBe(video.id);
    await t.database.db.execute(
      `update videos set title = 'Les Demoiselles de Rochefort' where id = '${video.id}'`,
    );
    expect((await search("demoiseles")).items[0]?.id).toBe(video.id);
  });
});
