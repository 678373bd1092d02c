import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DialogueHit } from "#contract/catalogue";
import { makeEpisode, makeVideo } from "../factories/catalogue.ts";
import { createTestApp, type TestApp } from "../harness.ts";
import { type SignedIn, signedIn, signedInAdmin } from "../support/members.ts";

/** « Dans les dialogues » (docs/decisions/050-dialogue-search.md): lines indexed when a subtitle is added. */

let t: TestApp;
let admin: SignedIn;
let member: SignedIn;
let child: SignedIn;
let film: { id: string };
let series: { id: string };
let episode: { id: string };
let mature: { id: string };

const srt = (...lines: [string, string][]) =>
  lines.map(([time, text], i) => `${i + 1}\n${time}\n${text}\n`).join("\n");

async function upload(videoId: string, body: string, episodeId?: string) {
  const query = `language=fr&languageName=Fran%C3%A7ais${episodeId ? `&episodeId=${episodeId}` : ""}`;
  const res = await t.app.inject({
    method: "POST",
    url: `/api/admin/videos/${videoId}/subtitles?${query}`,
    headers: { "content-type": "application/octet-stream", cookie: admin.cookie },
    payload: Buffer.from(body, "utf8"),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string };
}

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  admin = await signedInAdmin(t);
  member = await signedIn(t);
  child = await signedIn(t);
  expect((await child.call("PUT", "/api/me/settings", { maturity: "all" })).statusCode).toBe(200);
  film = await makeVideo(db, { title: "Le Quai des brumes bleues", maturity: "all", views: 10 });
  series = await makeVideo(db, { title: "Les Riverains", type: "series", maturity: "all", views: 5 });
  episode = await makeEpisode(db, series.id, { title: "Le Pont", seasonNumber: 2, episodeNumber: 3 });
  mature = await makeVideo(db, { title: "Nuit rouge", maturity: "mature", views: 1000 });
  await upload(
    film.id,
    srt(
      ["00:00:01,000 --> 00:00:03,000", "Bonjour."],
      ["00:01:02,500 --> 00:01:05,000", "T'as de <i>beaux</i> yeux, tu sais."],
    ),
  );
  await upload(
    series.id,
    srt(["00:12:00,000 --> 00:12:04,000", "Le pont s'effondre,\ncourez vers la rive !"]),
    episode.id,
  );
  await upload(mature.id, srt(["00:00:10,000 --> 00:00:12,000", "Tu as de beaux yeux, toi aussi."]));
});

afterAll(async () => {
  await t.close();
});

async function lines(who: SignedIn, q: string) {
  const res = await who.call("GET", `/api/search/dialogues?q=${encodeURIComponent(q)}`);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { items: DialogueHit[] }).items;
}

describe("GET /api/search/dialogues", () => {
  it("finds a line with its film, its timestamp and its words, accents, case and elisions folded", async () => {
    const hits = await lines(member, "BEAUX YEUX");
    expect(hits.map((h) => h.videoId)).toEqual([mature.id, film.id]);
    expect(hits[1]).toEqual({
      videoId: film.id,
      title: "Le Quai des brumes bleues",
      type: "movie",
      thumbnail: null,
      episodeId: null,
      seasonNumber: null,
      episodeNumber: null,
      episodeTitle: null,
      startMs: 62_500,
      text: "T'as de beaux yeux, tu sais.",
    });
  });

  it("lists the line typed as a phrase first, and the last word as a prefix", async () => {
    const hits = await lines(member, "t'as de beaux yeux");
    expect(hits[0]?.videoId).toBe(film.id);
    expect((await lines(member, "courez vers la ri")).map((h) => h.videoId)).toEqual([series.id]);
  });

  it("names the episode of a series where the line is said", async () => {
    const [hit] = await lines(member, "le pont s'effondre");
    expect(hit).toMatchObject({
      videoId: series.id,
      title: "Les Riverains",
      type: "series",
      episodeId: episode.id,
      seasonNumber: 2,
      episodeNumber: 3,
      episodeTitle: "Le Pont",
      startMs: 720_000,
      text: "Le pont s'effondre, courez vers la rive !",
    });
  });

  it("applies parental control and is for members only", async () => {
    expect((await lines(child, "beaux yeux")).map((h) => h.videoId)).toEqual([film.id]);
    const visitor = await t.app.inject({ method: "GET", url: "/api/search/dialogues?q=beaux" });
    expect(visitor.statusCode).toBe(401);
  });

  it("needs every word, and 2 characters", async () => {
    expect(await lines(member, "beaux cheveux")).toEqual([]);
    expect(await lines(member, "b")).toEqual([]);
  });

  it("forgets the lines of a deleted subtitle track", async () => {
    const extra = await makeVideo(t.database.db, { title: "Éphémère" });
    const track = await upload(extra.id, srt(["00:00:01,000 --> 00:00:02,000", "Adieu les cormorans."]));
    expect((await lines(member, "cormorans")).map((h) => h.videoId)).toEqual([extra.id]);
    expect((await admin.call("DELETE", `/api/admin/subtitles/${track.id}`)).statusCode).toBe(200);
    expect(await lines(member, "cormorans")).toEqual([]);
  });
});
