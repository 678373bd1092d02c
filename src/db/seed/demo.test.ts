import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashPassword } from "#server/shared/password";
import { scaled } from "#tests/support/time-scale";
import { createTestDatabase, type TestDatabase } from "../../../tests/harness.ts";
import { demoFilms, demoSeries } from "./catalogue-data.ts";
import { isDatabaseEmpty, seedDemo } from "./demo.ts";

type Row = Record<string, unknown>;
let t: TestDatabase;
const mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), "bobine-seed-"));
const rows = async (q: ReturnType<typeof sql>) =>
  ((await t.database.db.execute(q)) as unknown as { rows: Row[] }).rows;

beforeAll(async () => {
  t = await createTestDatabase();
  expect(await isDatabaseEmpty(t.database.db)).toBe(true);
  await seedDemo(t.database.db, { mediaDir, demoPassword: "bobine-demo-test", hashPassword });
}, scaled(60_000));
afterAll(async () => {
  await t.dispose();
  fs.rmSync(mediaDir, { recursive: true, force: true });
});

describe("the French demo catalogue", () => {
  it("has at least 60 titles of both types across at least 12 categories, and is no longer empty", async () => {
    const [counts] = await rows(sql`select
      (select count(*)::int from videos) as videos,
      (select count(*)::int from videos where type = 'series') as series,
      (select count(*)::int from categories) as categories,
      (select count(distinct category_id)::int from video_categories) as used`);
    expect(counts?.videos).toBeGreaterThanOrEqual(60);
    expect(counts?.series).toBeGreaterThanOrEqual(12);
    expect(counts?.categories).toBeGreaterThanOrEqual(12);
    expect(counts?.used).toBe(counts?.categories);
    expect(await isDatabaseEmpty(t.database.db)).toBe(false);
  });

  it("gives every series 2 or 3 seasons numbered from 1, with episodes numbered from 1, matching its counters", async () => {
    const series = await rows(sql`select v.id, v.total_seasons, v.total_episodes,
        count(e.id)::int as episodes, max(e.season_number) as seasons, min(e.episode_number) as first
      from videos v join episodes e on e.series_id = v.id where v.type = 'series' group by v.id`);
    expect(series).toHaveLength(demoSeries.length);
    for (const s of series) {
      expect([2, 3]).toContain(s.seasons);
      expect(s.total_seasons).toBe(s.seasons);
      expect(s.total_episodes).toBe(s.episodes);
      expect(s.first).toBe(1);
    }
  });

  it("stores averages equal to the SQL average of real rating rows, spread so that 'Sélection Premium' has titles", async () => {
    const mismatches = await rows(sql`select v.id from videos v
      join (select video_id, round(avg(rating), 2)::float8 as avg, count(*)::int as n from ratings group by video_id) r
        on r.video_id = v.id
      where v.average_rating <> r.avg or v.total_ratings <> r.n`);
    expect(mismatches).toEqual([]);
    const [high] = await rows(sql`select count(*)::int as n from videos where average_rating >= 4`);
    expect(Number(high?.n)).toBeGreaterThanOrEqual(15);
  });

  it("stores like counts equal to the likes rows, and likes only titles the same member rated 5/5", async () => {
    const mismatches = await rows(sql`select v.id from videos v
      left join (select video_id, count(*)::int as n from likes group by video_id) l on l.video_id = v.id
      where v.likes <> coalesce(l.n, 0)`);
    expect(mismatches).toEqual([]);
    const [liked] = await rows(sql`select count(*)::int as n,
        count(*) filter (where r.rating = 5)::int as five from likes l
      left join ratings r on r.user_id = l.user_id and r.video_id = l.video_id`);
    expect(Number(liked?.n)).toBeGreaterThan(0);
    expect(liked?.five).toBe(liked?.n);
  });

  it("creates the three demo accounts with their roles, and demo-premium has an active premium subscription", async () => {
    const accounts = await rows(sql`select p.username, p.role, (a.password is not null) as can_sign_in
      from profiles p left join accounts a on a.user_id = p.id where p.username like 'demo-%' order by p.username`);
    expect(accounts).toEqual([
      { username: "demo-admin", role: "admin", can_sign_in: true },
      { username: "demo-membre", role: "membre", can_sign_in: true },
      { username: "demo-premium", role: "membre", can_sign_in: true },
    ]);
    const subs = await rows(sql`select p.code, s.status, s.current_period_end > now() as future
      from subscriptions s join subscription_plans p on p.id = s.plan_id join profiles u on u.id = s.user_id
      where u.username = 'demo-premium'`);
    expect(subs).toEqual([{ code: "premium_monthly", status: "active", future: true }]);
    const audience = await rows(sql`select count(*)::int as n from profiles p
      where p.username like 'spectateur-%' and not exists (select 1 from accounts a where a.user_id = p.id)`);
    expect(audience[0]?.n).toBe(40);
  });

  it("writes a valid SVG poster and backdrop for every title, with the title escaped, and copies the sample media", async () => {
    const [film] = demoFilms;
    const poster = fs.readFileSync(path.join(mediaDir, "images", `${film?.[0]}-poster.svg`), "utf8");
    expect(poster.startsWith("<svg")).toBe(true);
    expect(poster).toContain('aria-label="Le Dernier Train pour Arles"');
    const withApostrophe = fs.readFileSync(
      path.join(mediaDir, "images", "l-homme-qui-comptait-les-nuages-poster.svg"),
      "utf8",
    );
    expect(withApostrophe).toContain("L&apos;Homme");
    expect(fs.readdirSync(path.join(mediaDir, "images"))).toHaveLength(
      (demoFilms.length + demoSeries.length) * 2,
    );
    expect(fs.readdirSync(path.join(mediaDir, "videos"))).toHaveLength(4);
    expect(fs.readdirSync(path.join(mediaDir, "subtitles")).length).toBeGreaterThanOrEqual(2);
  });

  it("indexes the lines of its subtitle tracks for the dialogue search", async () => {
    const lines = await rows(sql`select s.id, count(c.position)::int as n, min(c.text) as first
      from subtitles s left join subtitle_cues c on c.subtitle_id = s.id group by s.id`);
    expect(lines.length).toBeGreaterThan(0);
    for (const track of lines) expect(track.n).toBe(3);
    const [line] = await rows(
      sql`select start_ms, text from subtitle_cues where text like 'Cette mire%' limit 1`,
    );
    expect(line).toEqual({
      start_ms: 3200,
      text: "Cette mire de démonstration a été générée pour l'occasion.",
    });
  });

  it(
    "is deterministic: a second seed from scratch gives the same ids and titles",
    async () => {
      const other = await createTestDatabase();
      try {
        await seedDemo(other.database.db, { mediaDir, demoPassword: "bobine-demo-test", hashPassword });
        const q = sql`select id, title from videos order by id`;
        const a = await rows(q);
        const b = ((await other.database.db.execute(q)) as unknown as { rows: Row[] }).rows;
        expect(b).toEqual(a);
      } finally {
        await other.dispose();
      }
    },
    scaled(60_000),
  );
});
