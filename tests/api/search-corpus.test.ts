import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DialogueHit, VideoListResponse } from "#contract/catalogue";
import { seedDemo } from "#db/seed/demo";
import { hashPassword } from "#server/shared/password";
import { scaled } from "#tests/support/time-scale";
import { createTestApp, type TestApp } from "../harness.ts";
import { type SignedIn, signedIn, signedInAdmin } from "../support/members.ts";

/**
 * The French search corpus (docs/decisions/049-search-corpus.md; decision 048): every query of
 * tests/support/search-corpus.json must return each of its titles in the first five, on the demo
 * catalogue plus the corpus's dialogue lines (uploaded as subtitle tracks by an administrator).
 * All misses are reported at once, with the share found.
 */

interface Corpus {
  dialogues: { title: string; episode?: string; lines: [string, string][] }[];
  queries: { q: string; kind: string; top5: string[] }[];
}
const corpus = JSON.parse(
  fs.readFileSync(path.join(import.meta.dirname, "../support/search-corpus.json"), "utf8"),
) as Corpus;

let t: TestApp;
let member: SignedIn;

/** `hh:mm:ss,mmm` plus 3 seconds. */
function later(time: string): string {
  const [h = 0, m = 0, s = 0, ms = 0] = time.split(/[:,]/).map(Number);
  const total = ((h * 60 + m) * 60 + s) * 1000 + ms + 3000;
  const pad = (n: number, w = 2) => String(n).padStart(w, "0");
  return `${pad(Math.floor(total / 3_600_000))}:${pad(Math.floor(total / 60_000) % 60)}:${pad(Math.floor(total / 1000) % 60)},${pad(total % 1000, 3)}`;
}

beforeAll(async () => {
  t = await createTestApp();
  await seedDemo(t.database.db, { mediaDir: t.config.mediaDir, demoPassword: "corpus-demo", hashPassword });
  const admin = await signedInAdmin(t);
  member = await signedIn(t);
  const ids = new Map<string, string>();
  const rows = (await t.database.db.execute(
    "select v.id, v.title, e.id as episode_id, e.title as episode_title from videos v left join episodes e on e.series_id = v.id",
  )) as unknown as {
    rows: { id: string; title: string; episode_id: string | null; episode_title: string | null }[];
  };
  for (const r of rows.rows) {
    ids.set(r.title, r.id);
    if (r.episode_id && r.episode_title) ids.set(`${r.title} / ${r.episode_title}`, r.episode_id);
  }
  for (const d of corpus.dialogues) {
    const videoId = ids.get(d.title);
    const episodeId = d.episode ? ids.get(`${d.title} / ${d.episode}`) : undefined;
    if (!videoId || (d.episode && !episodeId))
      throw new Error(`corpus: no « ${d.title} » ${d.episode ?? ""}`);
    const srt = d.lines
      .map(([start, text], i) => `${i + 1}\n${start} --> ${later(start)}\n${text}\n`)
      .join("\n");
    const res = await t.app.inject({
      method: "POST",
      url: `/api/admin/videos/${videoId}/subtitles?language=fr&languageName=Fran%C3%A7ais${episodeId ? `&episodeId=${episodeId}` : ""}`,
      headers: { "content-type": "application/octet-stream", cookie: admin.cookie },
      payload: Buffer.from(srt, "utf8"),
    });
    expect(res.statusCode, res.body).toBe(201);
  }
}, scaled(120_000));

afterAll(async () => {
  await t.close();
});

async function topFive(kind: string, q: string): Promise<string[]> {
  if (kind === "dialogue") {
    const res = await member.call("GET", `/api/search/dialogues?q=${encodeURIComponent(q)}`);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { items: DialogueHit[] }).items.slice(0, 5).map((h) => h.title);
  }
  const res = await t.app.inject({ method: "GET", url: `/api/videos?limit=5&q=${encodeURIComponent(q)}` });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as VideoListResponse).items.map((v) => v.title);
}

describe("the French search corpus", () => {
  it("has at least 100 queries of every kind", () => {
    expect(corpus.queries.length).toBeGreaterThanOrEqual(100);
    const kinds = new Set(corpus.queries.map((c) => c.kind));
    for (const kind of ["typo", "missing-word", "partial", "elision", "accents", "episode", "dialogue"])
      expect(kinds, kind).toContain(kind);
    for (const c of corpus.queries) expect(c.top5.length, c.q).toBeGreaterThan(0);
  });

  it(
    "finds every expected title in the first five",
    async () => {
      const misses: string[] = [];
      for (const c of corpus.queries) {
        const found = await topFive(c.kind, c.q);
        const missing = c.top5.filter((title) => !found.includes(title));
        if (missing.length > 0)
          misses.push(`${c.kind} « ${c.q} »: ${missing.join(", ")} not in [${found.join(" | ")}]`);
      }
      const share = (corpus.queries.length - misses.length) / corpus.queries.length;
      console.info(
        `search corpus: ${Math.round(share * 1000) / 10} % of ${corpus.queries.length} queries found in the top 5`,
      );
      expect(misses).toEqual([]);
    },
    scaled(120_000),
  );
});
