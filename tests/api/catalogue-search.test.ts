import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { catalogueMessages } from "#contract/catalogue";
import { makeCategory, makeEpisode, makeVideo } from "../factories/catalogue.ts";
import { createTestApp, type TestApp } from "../harness.ts";

let t: TestApp;
const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  const drame = await makeCategory(db, { name: "Drame" });
  const add = async (key: string, over: Parameters<typeof makeVideo>[1], cats: string[] = []) => {
    ids[key] = (await makeVideo(db, over, cats)).id;
  };
  await add("serie", { title: "Série noire à Lyon", description: "Un polar.", views: 10 });
  await add("leon", { title: "Léon le magnifique", description: "Un portrait." });
  await add("coeur", { title: "Le Cœur des hommes", description: "Une amitié." }, [drame.id]);
  await add("homme", { title: "L'Homme qui rit", description: "Un conte." });
  await add("spider", { title: "Spider-Man au Vieux-Port", description: "Une aventure." });
  await add("amelie", { title: "Amélie Poulain", description: "Une comédie." });
  await add("arles", { title: "Le Dernier Train pour Arles", description: "Un voyage." });
  await add("poulet", { title: "Poulet au vinaigre", description: "Un film policier." });
  await add("percent", { title: "Remboursé à 100% garanti", description: "Une comédie." });
  await add("hundred", { title: "Les 100 jours", description: "Une chronique." });
  await add("underscore", { title: "Le fichier a_b", description: "Un thriller." });
  await add("ab", { title: "Le fichier axb", description: "Un autre thriller." });
  await add("backslash", { title: "Chemin C:\\films", description: "Un drame." });
  await add("lighthouseTitle", { title: "Le Phare", description: "Une famille isolée." });
  await add("lighthouseDesc", {
    title: "Marée basse",
    description: "Un gardien de phare et sa fille.",
  });
  const series = await makeVideo(db, { title: "Les Veilleurs", type: "series", description: "Une série." });
  ids.series = series.id;
  await makeEpisode(db, series.id, { title: "La Nuit des Cerfs-Volants", seasonNumber: 1, episodeNumber: 1 });
});

afterAll(async () => {
  await t.close();
});

async function search(q: string, extra = "") {
  const res = await t.app.inject({
    method: "GET",
    url: `/api/videos?limit=100&q=${encodeURIComponent(q)}${extra}`,
  });
  expect(res.statusCode).toBe(200);
  const body = res.json() as { items: { id: string; title: string }[]; total: number };
  return { ...body, ids: body.items.map((v) => v.id) };
}

describe("GET /api/videos?q= (French-grade search)", () => {
  it.each([
    ["serie", "serie"],
    ["SÉRIE", "serie"],
    ["Leon", "leon"],
    ["coeur", "coeur"],
    ["lhomme", "homme"],
    ["l'homme", "homme"],
    ["l’homme", "homme"],
    ["spider man", "spider"],
    ["spiderman", "spider"],
    ["vieux port", "spider"],
    ["amelie poulin", "amelie"],
    ["dernier trian", "arles"],
  ])("%s finds its title", async (q, key) => {
    const { ids: found } = await search(q);
    expect(found).toContain(ids[key]);
    expect(found[0]).toBe(ids[key]);
  });

  it("does not let a typo match unrelated titles", async () => {
    const { ids: found } = await search("amelie poulin");
    expect(found).not.toContain(ids.arles);
    expect(found).not.toContain(ids.poulet);
    const { ids: none } = await search("xylophone");
    expect(none).toEqual([]);
  });

  it("ranks title matches before description-only matches", async () => {
    const { ids: found, total } = await search("phare");
    expect(found).toEqual([ids.lighthouseTitle, ids.lighthouseDesc]);
    expect(total).toBe(2);
  });

  it("finds a series by one of its episode titles, after title matches", async () => {
    const { ids: found } = await search("cerfs volants");
    expect(found).toEqual([ids.series]);
    const { items } = await search("nuit des cerfs-volants");
    expect(items[0]).toMatchObject({ id: ids.series, type: "series", title: "Les Veilleurs" });
  });

  it("treats % and _ and \\ literally", async () => {
    // Trigram similarity ignores punctuation ('100' is similar to « Les 100 jours »), but the literal
    // match ranks first and a '%' is never a wildcard.
    const percent = await search("100%");
    expect(percent.ids[0]).toBe(ids.percent);
    const wildcard = await search("o%r");
    expect(wildcard.ids).toEqual([]);
    const underscore = await search("a_b");
    expect(underscore.ids).toContain(ids.underscore);
    expect(underscore.ids).not.toContain(ids.ab);
    const backslash = await search("c:\\films");
    expect(backslash.ids).toEqual([ids.backslash]);
    const onlyPercent = await search("%%");
    expect(onlyPercent.ids).toEqual([]);
  });

  it("returns the full list, newest first, for a query shorter than 2 characters", async () => {
    const all = await t.app.inject({ method: "GET", url: "/api/videos?limit=100" });
    const short = await search("a");
    expect(short.total).toBe(all.json().total);
    expect(short.ids).toEqual(all.json().items.map((v: { id: string }) => v.id));
    const blank = await search("   ");
    expect(blank.total).toBe(all.json().total);
  });

  it("refuses a query over 100 characters with a French message", async () => {
    const res = await t.app.inject({ method: "GET", url: `/api/videos?q=${"a".repeat(101)}` });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: "VALIDATION_ERROR",
      fields: { q: catalogueMessages.queryTooLong },
    });
    const ok = await t.app.inject({ method: "GET", url: `/api/videos?q=${"a".repeat(100)}` });
    expect(ok.statusCode).toBe(200);
  });

  it("combines the search with the type filter and pages the results", async () => {
    const series = await search("veilleurs", "&type=movie");
    expect(series.ids).toEqual([]);
    const first = await t.app.inject({ method: "GET", url: "/api/videos?q=le&limit=1&offset=0" });
    const second = await t.app.inject({ method: "GET", url: "/api/videos?q=le&limit=1&offset=1" });
    expect(first.json().total).toBeGreaterThan(1);
    expect(second.json().total).toBe(first.json().total);
    expect(second.json().items[0].id).not.toBe(first.json().items[0].id);
    const past = await t.app.inject({ method: "GET", url: "/api/videos?q=le&limit=1&offset=500" });
    expect(past.json()).toMatchObject({ items: [], total: first.json().total });
  });
});

describe("GET /api/search/suggestions", () => {
  it("returns at most 5 suggestions with id, title, thumbnail and main category", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/search/suggestions?q=coeur" });
    expect(res.statusCode).toBe(200);
    expect(res.json().items[0]).toEqual({
      id: ids.coeur,
      title: "Le Cœur des hommes",
      thumbnail: null,
      category: "Drame",
    });
    const many = await t.app.inject({ method: "GET", url: "/api/search/suggestions?q=le" });
    expect(many.json().items.length).toBe(5);
  });

  it("suggests nothing for a query shorter than 2 characters and refuses one over 100", async () => {
    const short = await t.app.inject({ method: "GET", url: "/api/search/suggestions?q=l" });
    expect(short.json()).toEqual({ items: [] });
    const long = await t.app.inject({ method: "GET", url: `/api/search/suggestions?q=${"é".repeat(101)}` });
    expect(long.statusCode).toBe(400);
    expect(long.json().fields.q).toBe(catalogueMessages.queryTooLong);
  });
});
