import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { VideoListResponse } from "#contract/catalogue";
import { SEARCH_CANDIDATES } from "#server/catalogue/search.queries";
import { makeVideo } from "../factories/catalogue.ts";
import { createTestApp, type TestApp } from "../harness.ts";

/** The bounds that keep search fast at 100,000 videos (issue 4 "API and speed"). */

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
    const narrow = await search(`grand bleu ${last}`);
    expect(narrow.items[0]?.title).toBe(`Le Grand Bleu ${last}`);
    expect(narrow.total).toBeLessThan(SEARCH_CANDIDATES);
    expect(narrow.totalIsLowerBound).toBe(false);
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
