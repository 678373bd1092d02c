import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { VideoListResponse } from "#contract/catalogue";
import { ASCII_FOLD_PROBE, asciiFold } from "#server/catalogue/search-words";
import { makeCategory, makeEpisode, makeVideo } from "../factories/catalogue.ts";
import { createTestApp, type TestApp } from "../harness.ts";

/**
 * The ranking rules of docs/decisions/048-search-relevance.md, one case each: every case uses words
 * of its own, so that only the rule under test separates its videos.
 */

let t: TestApp;
const id: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  const add = async (
    key: string,
    title: string,
    over: Parameters<typeof makeVideo>[1] = {},
    cats: string[] = [],
  ) => {
    id[key] = (await makeVideo(db, { title, description: "Sans rapport.", ...over }, cats)).id;
  };
  // 1. words
  await add("wordsTwo", "Gargouille et Sorcière");
  await add("wordsOne", "Gargouille enchantée", { views: 1000 });
  await add("wordsNone", "Rien à voir");
  // 2. typos
  await add("typoExact", "Le Mandarin");
  await add("typoOne", "Les Mandorin", { views: 1000 });
  await add("budgetFour", "Le Kilt");
  await add("budgetNine", "Les Tribulations");
  await add("swap", "Le Crocodile");
  // 3. proximity and order
  await add("proxNear", "Violon Rouge", { views: 1 });
  await add("proxFar", "Violon sous la pluie Rouge", { views: 1000 });
  await add("orderRight", "Horloge Dorée", { views: 1 });
  await add("orderReverse", "Dorée Horloge", { views: 1000 });
  // 4. exactness
  await add("exactWhole", "Le Hibou", { views: 1 });
  await add("exactPrefix", "Hiboux", { views: 1000 });
  await add("exactEqual", "Le Lama", { views: 1 });
  await add("exactStart", "Le Lama du Pérou", { views: 10 });
  await add("exactOther", "Chez le lama", { views: 1000 });
  // 5. attribute
  const cat = await makeCategory(db, { name: "Zeppelin" });
  await add("attrTitle", "Le Zeppelin", { views: 1 });
  const series = await makeVideo(db, {
    title: "Les Aéronautes",
    type: "series",
    description: "Sans rapport.",
    views: 10,
  });
  id.attrEpisode = series.id;
  await makeEpisode(db, series.id, { title: "Le zeppelin", seasonNumber: 1, episodeNumber: 1 });
  await add("attrCategory", "Ballon captif", { views: 100 }, [cat.id]);
  await add("attrDescription", "Dirigeable", { views: 1000, description: "Un zeppelin." });
  // 6. views
  await add("viewsLow", "Marmotte", { views: 1 });
  await add("viewsHigh", "Marmotte", { views: 50 });
  // A category whose name folds (accent, capital, hyphen): found by the name typed plainly.
  const folded = await makeCategory(db, { name: "Épopée-Spatiale" });
  await add("foldedCategory", "Ballon dirigé", { views: 1 }, [folded.id]);
});

afterAll(async () => {
  await t.close();
});

async function search(q: string) {
  const res = await t.app.inject({ method: "GET", url: `/api/videos?limit=50&q=${encodeURIComponent(q)}` });
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json() as VideoListResponse;
  return { ...body, ids: body.items.map((v) => v.id) };
}

const keysOf = (ids: string[], keys: string[]) =>
  ids.filter((i) => keys.some((k) => id[k] === i)).map((i) => keys.find((k) => id[k] === i));

describe("search ranking rules", () => {
  it("1. words: more query words matched first, and a word matching nothing does not empty the page", async () => {
    const { ids } = await search("gargouille sorcière");
    expect(keysOf(ids, ["wordsTwo", "wordsOne"])).toEqual(["wordsTwo", "wordsOne"]);
    const missing = await search("gargouille sorcière xqzwvk");
    expect(keysOf(missing.ids, ["wordsTwo", "wordsOne"])).toEqual(["wordsTwo", "wordsOne"]);
    expect(missing.ids).not.toContain(id.wordsNone);
  });

  it("« Aucun résultat » only when no word matches anything", async () => {
    const none = await search("xqzwvk plorbt");
    expect(none.total).toBe(0);
    expect(none.items).toEqual([]);
  });

  it("2. typos: the exact word before a look-alike, whatever the views", async () => {
    const { ids } = await search("mandarin");
    expect(keysOf(ids, ["typoExact", "typoOne"])).toEqual(["typoExact", "typoOne"]);
  });

  it("typo budget: none under 5 letters, 1 from 5 (a swap counts as one), 2 from 9", async () => {
    expect((await search("kolt")).ids).not.toContain(id.budgetFour);
    expect((await search("kilt")).ids).toContain(id.budgetFour);
    expect((await search("crocodlie")).ids[0]).toBe(id.swap);
    expect((await search("mondarin")).ids).toContain(id.typoExact);
    expect((await search("mondarinn")).ids).toContain(id.typoExact);
    expect((await search("mondorinn")).ids).not.toContain(id.typoExact);
    expect((await search("tribulatoins")).ids[0]).toBe(id.budgetNine);
    expect((await search("tribullatoins")).ids[0]).toBe(id.budgetNine);
    expect((await search("trybolatoinz")).ids).not.toContain(id.budgetNine);
  });

  it("prefix search on the last word, as one types", async () => {
    expect((await search("croco")).ids[0]).toBe(id.swap);
    expect((await search("violon rou")).ids[0]).toBe(id.proxNear);
  });

  it("3. proximity: words close together first, then in the query's order", async () => {
    const near = await search("violon rouge");
    expect(keysOf(near.ids, ["proxNear", "proxFar"])).toEqual(["proxNear", "proxFar"]);
    const order = await search("horloge dorée");
    expect(keysOf(order.ids, ["orderRight", "orderReverse"])).toEqual(["orderRight", "orderReverse"]);
  });

  it("4. exactness: a whole word before a longer word, then the title equal to the query, then starting with it", async () => {
    const whole = await search("hibou");
    expect(keysOf(whole.ids, ["exactWhole", "exactPrefix"])).toEqual(["exactWhole", "exactPrefix"]);
    const title = await search("le lama");
    expect(keysOf(title.ids, ["exactEqual", "exactStart", "exactOther"])).toEqual([
      "exactEqual",
      "exactStart",
      "exactOther",
    ]);
  });

  it("4. exactness: a title whose every word is asked comes before a longer title", async () => {
    const { ids } = await search("le lama xqzwvk");
    expect(keysOf(ids, ["exactEqual", "exactStart", "exactOther"])[0]).toBe("exactEqual");
  });

  it("5. attribute: title, then episode title, then category, then description", async () => {
    const { ids } = await search("zeppelin");
    expect(keysOf(ids, ["attrTitle", "attrEpisode", "attrCategory", "attrDescription"])).toEqual([
      "attrTitle",
      "attrEpisode",
      "attrCategory",
      "attrDescription",
    ]);
  });

  it("6. otherwise the most viewed first", async () => {
    const { ids } = await search("marmotte");
    expect(keysOf(ids, ["viewsHigh", "viewsLow"])).toEqual(["viewsHigh", "viewsLow"]);
  });

  it("a category's name is matched folded: accents, capitals and hyphens left out", async () => {
    const { ids } = await search("epopee spatiale");
    expect(ids[0]).toBe(id.foldedCategory);
  });

  it("a query typed in capitals, with hyphens, an apostrophe and extra spaces finds what it finds typed plainly", async () => {
    const plain = await search("le mandarin");
    expect(plain.ids[0]).toBe(id.typoExact);
    for (const typed of ["LE-MANDARIN", "  Le   Mandarin  ", "le'mandarin", "LE `MANDARIN`"])
      expect((await search(typed)).ids, typed).toEqual(plain.ids);
  });

  it("folds an ASCII query here exactly as the database folds it (the round trip it saves)", async () => {
    const texts = [
      ASCII_FOLD_PROBE,
      "L'HOMME-ARAIGNEE",
      "  a  b   c    d     e      f       g        h         i  ",
      "x\t\ty\r\nz`w",
      "",
      "   ",
    ];
    for (const text of texts) {
      const rows = (await t.database.db.execute(
        sql`select bobine_fold(${text}::text) as folded, bobine_fold_compact(${text}::text) as compact`,
      )) as unknown as { rows: { folded: string; compact: string }[] };
      expect(asciiFold(text), JSON.stringify(text)).toEqual(rows.rows[0]);
    }
    // Anything else is left to the database (accents, ligatures, curly apostrophes).
    for (const text of ["été", "cœur", "l’homme", "naïve"]) expect(asciiFold(text)).toBeNull();
  });

  it("another sort keeps the videos matching the most words first", async () => {
    const res = await t.app.inject({
      method: "GET",
      url: `/api/videos?limit=50&sort=views&q=${encodeURIComponent("gargouille sorcière")}`,
    });
    const ids = (res.json() as VideoListResponse).items.map((v) => v.id);
    expect(keysOf(ids, ["wordsTwo", "wordsOne"])).toEqual(["wordsTwo", "wordsOne"]);
  });
});
