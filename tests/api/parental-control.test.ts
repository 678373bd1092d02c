import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { unpackHome } from "#contract/catalogue";
import type { Maturity } from "#contract/member";
import { errorCatalogue } from "#server/shared/errors";
import { makeCategory, makeEpisode, makeVideo } from "../factories/catalogue.ts";
import { demoVideoPath, newDeviceId, writeMedia } from "../factories/stream.ts";
import { createTestApp, type TestApp } from "../harness.ts";
import { signedIn } from "../support/members.ts";

/**
 * Parental control enforced by the server (docs/decisions/008-parental-control.md): a
 * member's level hides the videos above it from every catalogue endpoint, in the caches too, and
 * the stream gives them no ticket. Visitors and members at « 18+ » (the default) see everything.
 */
let t: TestApp;
const byLevel: Record<Maturity, { id: string; title: string }> = {} as never;
let hiddenSeries: { id: string };
let hiddenEpisode: { id: string };
let categoryName: string;

type Viewer = { id: string; cookie: string };
const viewers: Partial<Record<Maturity | "visitor", Viewer>> = {};

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  const media = writeMedia(t.config, "videos", "demo.mp4", fs.readFileSync(demoVideoPath));
  const category = await makeCategory(db, { name: "Aventure" });
  categoryName = category.name;
  const titles: Record<Maturity, string> = {
    all: "Lumière pour tous",
    teen: "Lumière des ados",
    mature: "Lumière des adultes",
  };
  let views = 1000;
  for (const level of ["all", "teen", "mature"] as const) {
    views += 100;
    const v = await makeVideo(
      db,
      { title: titles[level], maturity: level, videoUrl: media, views, ratingSum: 45, totalRatings: 10 },
      [category.id],
    );
    byLevel[level] = { id: v.id, title: v.title };
  }
  hiddenSeries = await makeVideo(
    db,
    {
      title: "Lumière la série",
      type: "series",
      maturity: "mature",
      views: 5000,
      ratingSum: 48,
      totalRatings: 10,
    },
    [category.id],
  );
  hiddenEpisode = await makeEpisode(db, hiddenSeries.id, { videoUrl: media, title: "Lumière noire" });
  for (const level of ["all", "teen", "mature"] as const) {
    const viewer = await signedIn(t, { plan: "lifetime" });
    viewers[level] = viewer;
    const res = await call(viewer, "PUT", "/api/me/settings", { maturity: level });
    expect(res.statusCode, res.body).toBe(200);
  }
});
afterAll(async () => {
  await t.close();
});

function call(viewer: Viewer | undefined, method: "GET" | "POST" | "PUT", url: string, payload?: object) {
  return t.app.inject({
    method,
    url,
    headers: viewer ? { cookie: viewer.cookie } : {},
    ...(payload ? { payload } : {}),
  });
}
const get = async (who: Maturity | "visitor", url: string) => {
  const res = await call(viewers[who], "GET", url);
  expect(res.statusCode, `${who} ${url}: ${res.body}`).toBe(200);
  return res.json();
};

const allowed: Record<Maturity | "visitor", Maturity[]> = {
  visitor: ["all", "teen", "mature"],
  all: ["all"],
  teen: ["all", "teen"],
  mature: ["all", "teen", "mature"],
};
const audiences = ["visitor", "all", "teen", "mature"] as const;
/** The maturities found in a list of videos (the series counts as « mature »). */
function maturitiesOf(items: { id: string; maturity?: string }[]): string[] {
  return [...new Set(items.map((v) => v.maturity ?? "?"))].sort();
}
const expectOnly = (items: { id: string; maturity?: string }[], who: (typeof audiences)[number]) =>
  expect(maturitiesOf(items), who).toEqual([...allowed[who]].sort());

describe("catalogue endpoints", () => {
  it("lists and counts only the allowed videos on /api/videos (plain, filtered, sorted)", async () => {
    // Twice each: the second answer comes from the caches, which must keep audiences apart.
    for (const round of [1, 2]) {
      for (const who of audiences) {
        const list = await get(who, "/api/videos?limit=50");
        expectOnly(list.items, who);
        const expectedTotal = allowed[who].length + (allowed[who].includes("mature") ? 1 : 0);
        expect(list.total, `${who} round ${round}`).toBe(expectedTotal);
        const filtered = await get(
          who,
          `/api/videos?categories=${encodeURIComponent(categoryName)}&type=movie&sort=views`,
        );
        expect(filtered.total).toBe(allowed[who].length);
        expectOnly(filtered.items, who);
      }
    }
  });

  it("searches only the allowed videos (results, counts and suggestions; typos too)", async () => {
    for (const round of [1, 2]) {
      for (const who of audiences) {
        const found = await get(who, "/api/videos?q=lumiere&limit=50");
        expectOnly(found.items, who);
        const ids = found.items.map((v: { id: string }) => v.id);
        expect(ids.includes(hiddenSeries.id), `${who} round ${round}`).toBe(allowed[who].includes("mature"));
        // An episode title finds its series only for those who may see it.
        const episode = await get(who, "/api/videos?q=lumiere%20noire");
        expect(episode.items.map((v: { id: string }) => v.id).includes(hiddenSeries.id)).toBe(
          allowed[who].includes("mature"),
        );
        const typo = await get(who, "/api/videos?q=lumierr%20adultes");
        expect(typo.items.map((v: { id: string }) => v.id).includes(byLevel.mature.id)).toBe(
          allowed[who].includes("mature"),
        );
        const suggestions = await get(who, "/api/search/suggestions?q=lumiere");
        const titles = suggestions.items.map((s: { title: string }) => s.title);
        for (const level of ["all", "teen", "mature"] as const) {
          expect(titles.includes(byLevel[level].title), `${who} suggestions ${level}`).toBe(
            allowed[who].includes(level),
          );
        }
      }
    }
  });

  it("fills every rail of the home and the landing pages with allowed videos only", async () => {
    for (const round of [1, 2]) {
      for (const who of audiences) {
        const home = unpackHome(await get(who, "/api/home"));
        const rails = [
          ...home.hero,
          ...home.trending,
          ...home.premium,
          ...home.newest,
          ...home.movies,
          ...home.series,
          ...home.discover,
          ...home.genres.flatMap((g) => g.items),
        ];
        expectOnly(rails, who);
        expect(home.series.length, `${who} round ${round}`).toBe(allowed[who].includes("mature") ? 1 : 0);
        for (const type of ["movie", "series"]) {
          const landing = await get(who, `/api/landing?type=${type}`);
          const items = [...landing.hero, ...landing.popular, ...landing.newest, ...landing.topRated];
          for (const v of items) expect(allowed[who]).toContain(v.maturity);
        }
      }
    }
  });

  it("counts categories, the categories page summary and top-rated for the audience", async () => {
    for (const round of [1, 2]) {
      for (const who of audiences) {
        const categories = await get(who, "/api/categories");
        const aventure = categories.items.find((c: { name: string }) => c.name === categoryName);
        const expected = allowed[who].length + (allowed[who].includes("mature") ? 1 : 0);
        expect(aventure.videoCount, `${who} round ${round}`).toBe(expected);
        const summary = await get(who, "/api/catalogue/summary");
        expect(summary.totalVideos).toBe(expected);
        // The best rated (4.8) is the series, hidden below 18+.
        expect(summary.bestRated.id === hiddenSeries.id).toBe(allowed[who].includes("mature"));
        const top = await get(who, "/api/top-rated?limit=12");
        expectOnly(top.items, who);
        expect(top.items).toHaveLength(expected);
      }
    }
  });

  it("answers 404 'Vidéo non trouvée' on the info of a hidden video, and never lists it as similar", async () => {
    for (const who of audiences) {
      for (const level of ["all", "teen", "mature"] as const) {
        const res = await call(viewers[who], "GET", `/api/videos/${byLevel[level].id}`);
        if (allowed[who].includes(level)) {
          expect(res.statusCode, `${who} ${level}`).toBe(200);
        } else {
          expect(res.statusCode, `${who} ${level}`).toBe(404);
          expect(res.json()).toMatchObject({
            code: "VIDEO_NOT_FOUND",
            message: errorCatalogue.VIDEO_NOT_FOUND.message,
          });
          expect(
            (await call(viewers[who], "GET", `/api/videos/${byLevel[level].id}/similar`)).statusCode,
          ).toBe(404);
        }
      }
      const similar = await get(who, `/api/videos/${byLevel.all.id}/similar?limit=12`);
      for (const v of similar.items) expect(allowed[who], who).toContain(v.maturity);
      expect(similar.items.length).toBe(allowed[who].length - 1 + (allowed[who].includes("mature") ? 1 : 0));
    }
  });

  it("follows a change of level at once, whatever the caches hold", async () => {
    const viewer = await signedIn(t, { plan: "lifetime" });
    const total = async () => (await call(viewer, "GET", "/api/videos?q=lumiere")).json().total;
    const home = async () => unpackHome((await call(viewer, "GET", "/api/home")).json()).series.length;
    expect(await total()).toBe(4);
    expect(await home()).toBe(1);
    await call(viewer, "PUT", "/api/me/settings", { maturity: "all" });
    expect(await total()).toBe(1);
    expect(await home()).toBe(0);
    await call(viewer, "PUT", "/api/me/settings", { maturity: "teen" });
    expect(await total()).toBe(2);
    await call(viewer, "PUT", "/api/me/settings", { maturity: "mature" });
    expect(await total()).toBe(4);
  });
});

describe("stream", () => {
  const ticket = (who: Maturity, videoId: string, episodeId?: string) =>
    call(viewers[who], "POST", `/api/videos/${videoId}/ticket`, {
      deviceId: newDeviceId(),
      ...(episodeId ? { episodeId } : {}),
    });

  it("gives no ticket for a video above the member's level", async () => {
    for (const who of ["all", "teen", "mature"] as const) {
      for (const level of ["all", "teen", "mature"] as const) {
        const res = await ticket(who, byLevel[level].id);
        if (allowed[who].includes(level)) {
          expect(res.statusCode, `${who} ${level}: ${res.body}`).toBe(200);
          const lease = res.json().leaseId as string;
          await call(viewers[who], "POST", `/api/stream/leases/${lease}/release`);
        } else {
          expect(res.statusCode, `${who} ${level}`).toBe(404);
          expect(res.json().code).toBe("VIDEO_NOT_FOUND");
        }
      }
    }
    expect((await ticket("teen", hiddenSeries.id, hiddenEpisode.id)).statusCode).toBe(404);
    expect((await ticket("all", hiddenSeries.id, hiddenEpisode.id)).statusCode).toBe(404);
  });
});
