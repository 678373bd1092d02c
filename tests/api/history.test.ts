import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CONTINUE_WATCHING_LIMIT, historyMessages } from "#contract/history";
import { watchHistory } from "#db/schema/activity";
import { episodes, videos } from "#db/schema/catalogue";
import { errorCatalogue } from "#server/shared/errors";
import { makeEpisode, makeVideo } from "../factories/catalogue.ts";
import { createTestApp, type TestApp } from "../harness.ts";
import { type Method, signedIn, anonymous as visitor } from "../support/members.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** A signed-in member (tests/support/members.ts) who can save positions. */
async function member() {
  const m = await signedIn(t);
  /** Saves a position; clientSavedAt is a growing clock unless given. */
  const save = async (
    videoId: string,
    currentPosition: number,
    totalDuration: number,
    over: { episodeId?: string | null; clientSavedAt?: number } = {},
  ) => {
    const res = await m.call("PUT", "/api/history/progress", {
      videoId,
      currentPosition,
      totalDuration,
      clientSavedAt: over.clientSavedAt ?? nextClock(),
      ...(over.episodeId !== undefined ? { episodeId: over.episodeId } : {}),
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { saved: boolean; progress: number; currentPosition: number; completed: boolean };
  };
  return { ...m, save };
}

let clock = Date.now() - 3_600_000;
const nextClock = () => (clock += 1_000);

const anonymous = (method: Method, url: string, payload?: object) => visitor(t)(method, url, payload);

const unknownId = "00000000-0000-4000-8000-000000000000";

async function storedRows(userId: string, videoId: string) {
  return t.database.db
    .select()
    .from(watchHistory)
    .where(and(eq(watchHistory.userId, userId), eq(watchHistory.videoId, videoId)));
}

/** Spreads the saves of a member over distinct watched_at values (oldest first in `order`). */
async function ageRows(userId: string, order: string[]) {
  for (const [i, id] of order.entries()) {
    await t.database.db.execute(
      sql`update watch_history set watched_at = now() - make_interval(mins => ${order.length - i})
          where user_id = ${userId} and id = ${id}`,
    );
  }
}

describe("access", () => {
  it("answers 401 'Authentification requise' to a visitor on every history endpoint", async () => {
    const video = await makeVideo(t.database.db);
    const body = { videoId: video.id, currentPosition: 60, totalDuration: 600, clientSavedAt: Date.now() };
    const calls: [Method, string, object?][] = [
      ["PUT", "/api/history/progress", body],
      ["POST", "/api/history/progress/beacon", body],
      ["GET", `/api/history/resume?videoId=${video.id}`],
      ["GET", "/api/history"],
      ["GET", "/api/history/continue"],
      ["DELETE", `/api/history/${unknownId}`],
      ["DELETE", "/api/history"],
    ];
    for (const [method, url, payload] of calls) {
      const res = await anonymous(method, url, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(res.json()).toMatchObject({
        code: "UNAUTHENTICATED",
        message: errorCatalogue.UNAUTHENTICATED.message,
      });
    }
    expect(await t.database.db.select().from(watchHistory).where(eq(watchHistory.videoId, video.id))).toEqual(
      [],
    );
  });

  it("never shows, resumes or deletes another member's history, and ignores a userId in the body", async () => {
    const alice = await member();
    const bob = await member();
    const video = await makeVideo(t.database.db);
    await alice.save(video.id, 120, 600);
    const [row] = await storedRows(alice.id, video.id);
    if (!row) throw new Error("no row");

    expect((await bob.call("GET", "/api/history")).json()).toEqual({ items: [], total: 0, nextCursor: null });
    expect((await bob.call("GET", "/api/history/continue")).json()).toEqual({ items: [] });
    expect((await bob.call("GET", `/api/history/resume?videoId=${video.id}`)).json()).toEqual({
      episodeId: null,
      position: null,
      progress: 0,
    });
    const stranger = await bob.call("DELETE", `/api/history/${row.id}`);
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json()).toMatchObject({ code: "NOT_FOUND", message: errorCatalogue.NOT_FOUND.message });
    expect((await bob.call("DELETE", "/api/history")).statusCode).toBe(204);

    // Bob's save carrying Alice's id is Bob's own save.
    await bob.call("PUT", "/api/history/progress", {
      videoId: video.id,
      currentPosition: 500,
      totalDuration: 600,
      clientSavedAt: nextClock(),
      userId: alice.id,
    });
    const aliceRows = await storedRows(alice.id, video.id);
    expect(aliceRows).toHaveLength(1);
    expect(aliceRows[0]?.currentPosition).toBe(120);
    expect(await storedRows(bob.id, video.id)).toHaveLength(1);
  });
});

describe("saving progress", () => {
  it("saves nothing below 10 s of position (spec §5 minimum) and saves from 10 s on", async () => {
    const m = await member();
    const video = await makeVideo(t.database.db);
    expect(await m.save(video.id, 9.99, 600)).toEqual({
      saved: false,
      progress: 9.99 / 600,
      currentPosition: 9.99,
      completed: false,
    });
    expect(await storedRows(m.id, video.id)).toEqual([]);
    expect(await m.save(video.id, 10, 600)).toEqual({
      saved: true,
      progress: 10 / 600,
      currentPosition: 10,
      completed: false,
    });
    const [row] = await storedRows(m.id, video.id);
    expect(row).toMatchObject({
      progress: 10 / 600,
      currentPosition: 10,
      totalDuration: 600,
      episodeId: null,
    });
  });

  it("clamps the ratio to 0–1, caps it at 0.95 and keeps the position within the video", async () => {
    const m = await member();
    const video = await makeVideo(t.database.db);
    // Beyond the end: position clamped to the duration, ratio 1 capped at 0.95 (spec §5).
    expect(await m.save(video.id, 1_700, 1_000)).toEqual({
      saved: true,
      progress: 0.95,
      currentPosition: 1_000,
      completed: true,
    });
    // Exactly 0.95 and just under it are kept as they are.
    expect((await m.save(video.id, 950, 1_000)).progress).toBe(0.95);
    expect((await m.save(video.id, 949, 1_000)).progress).toBe(0.949);
    // 0.97 is stored as 0.95.
    expect(await m.save(video.id, 970, 1_000)).toMatchObject({ progress: 0.95, currentPosition: 970 });
    const [row] = await storedRows(m.id, video.id);
    expect(row).toMatchObject({ progress: 0.95, currentPosition: 970, totalDuration: 1_000 });
    // Completed from 0.9 (spec §4 History class).
    expect((await m.save(video.id, 899.9, 1_000)).completed).toBe(false);
    expect((await m.save(video.id, 900, 1_000)).completed).toBe(true);
  });

  it("refuses a negative position, a zero or negative duration, non-numbers and a fractional clock with 400", async () => {
    const m = await member();
    const video = await makeVideo(t.database.db);
    const base = { videoId: video.id, currentPosition: 60, totalDuration: 600, clientSavedAt: Date.now() };
    const cases: [object, string, string][] = [
      [{ ...base, currentPosition: -3 }, "currentPosition", historyMessages.position],
      [{ ...base, totalDuration: 0 }, "totalDuration", historyMessages.duration],
      [{ ...base, totalDuration: -600 }, "totalDuration", historyMessages.duration],
      [{ ...base, currentPosition: "NaN" }, "currentPosition", historyMessages.position],
      [{ ...base, currentPosition: null }, "currentPosition", historyMessages.position],
      [{ ...base, clientSavedAt: 1.5 }, "clientSavedAt", historyMessages.clientSavedAt],
      [{ ...base, clientSavedAt: undefined }, "clientSavedAt", historyMessages.clientSavedAt],
    ];
    for (const [payload, field, message] of cases) {
      const res = await m.call("PUT", "/api/history/progress", payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().code).toBe("VALIDATION_ERROR");
      expect(res.json().fields?.[field], JSON.stringify(res.json())).toBe(message);
    }
    const notUuid = await m.call("PUT", "/api/history/progress", { ...base, videoId: "../etc/passwd" });
    expect(notUuid.statusCode).toBe(400);
    expect(await storedRows(m.id, video.id)).toEqual([]);
  });

  it("answers 404 'Vidéo non trouvée' for an unknown video", async () => {
    const m = await member();
    const res = await m.call("PUT", "/api/history/progress", {
      videoId: unknownId,
      currentPosition: 60,
      totalDuration: 600,
      clientSavedAt: Date.now(),
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({
      code: "VIDEO_NOT_FOUND",
      message: errorCatalogue.VIDEO_NOT_FOUND.message,
    });
  });

  it("keeps one row per member, video and episode: later saves update it and set watchedAt to now", async () => {
    const m = await member();
    const video = await makeVideo(t.database.db);
    await m.save(video.id, 60, 600);
    await t.database.db.execute(
      sql`update watch_history set watched_at = now() - interval '1 day' where user_id = ${m.id}`,
    );
    await m.save(video.id, 300, 600, { episodeId: null });
    const rows = await storedRows(m.id, video.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ currentPosition: 300, progress: 0.5 });
    expect(Date.now() - (rows[0]?.watchedAt.getTime() ?? 0)).toBeLessThan(3_600_000);
  });

  it("ignores a save older than the stored one: a newer save then an older one keeps the newer", async () => {
    const m = await member();
    const video = await makeVideo(t.database.db);
    const newer = nextClock() + 10_000;
    expect((await m.save(video.id, 400, 600, { clientSavedAt: newer })).saved).toBe(true);
    const stale = await m.save(video.id, 100, 600, { clientSavedAt: newer - 30_000 });
    expect(stale.saved).toBe(false);
    expect(await storedRows(m.id, video.id)).toMatchObject([{ currentPosition: 400, clientSavedAt: newer }]);
    // The same save repeated is accepted (idempotent), and a later one moves on, even backwards in the video.
    expect((await m.save(video.id, 400, 600, { clientSavedAt: newer })).saved).toBe(true);
    expect((await m.save(video.id, 50, 600, { clientSavedAt: newer + 1 })).saved).toBe(true);
    expect(await storedRows(m.id, video.id)).toMatchObject([{ currentPosition: 50 }]);
  });

  it("does not let a client clock far in the future lock the row", async () => {
    const m = await member();
    const video = await makeVideo(t.database.db);
    // A device whose clock is a year ahead, then a device with the right time an hour later.
    await m.save(video.id, 100, 600, { clientSavedAt: Date.now() + 365 * 24 * 3_600_000 });
    const later = await m.call("PUT", "/api/history/progress", {
      videoId: video.id,
      currentPosition: 200,
      totalDuration: 600,
      clientSavedAt: Date.now() + 6 * 60_000,
    });
    expect(later.json().saved).toBe(true);
    expect(await storedRows(m.id, video.id)).toMatchObject([{ currentPosition: 200 }]);
  });

  it("keeps one row and answers 200 to 50 concurrent saves of the same video (SECURITY-CHECKLIST 26), the latest clock winning", async () => {
    const m = await member();
    const video = await makeVideo(t.database.db);
    const start = nextClock();
    clock += 100;
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        m.call("PUT", "/api/history/progress", {
          videoId: video.id,
          currentPosition: 20 + i,
          totalDuration: 600,
          clientSavedAt: start + i,
        }),
      ),
    );
    expect(answers.map((r) => r.statusCode)).toEqual(Array(50).fill(200));
    const rows = await storedRows(m.id, video.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ currentPosition: 69, clientSavedAt: start + 49 });
  });

  it("accepts the beacon form (POST, application/json) and refuses a text/plain body with 415", async () => {
    const m = await member();
    const video = await makeVideo(t.database.db);
    const payload = JSON.stringify({
      videoId: video.id,
      currentPosition: 90,
      totalDuration: 600,
      clientSavedAt: nextClock(),
    });
    const beacon = await t.app.inject({
      method: "POST",
      url: "/api/history/progress/beacon",
      headers: { cookie: m.cookie, "content-type": "application/json", origin: "http://localhost:3000" },
      payload,
    });
    expect(beacon.statusCode, beacon.body).toBe(200);
    expect(beacon.json()).toMatchObject({ saved: true, currentPosition: 90 });
    const plain = await t.app.inject({
      method: "POST",
      url: "/api/history/progress/beacon",
      headers: { cookie: m.cookie, "content-type": "text/plain;charset=UTF-8" },
      payload,
    });
    expect(plain.statusCode).toBe(415);
    const foreign = await t.app.inject({
      method: "POST",
      url: "/api/history/progress/beacon",
      headers: { cookie: m.cookie, "content-type": "application/json", origin: "https://evil.example" },
      payload,
    });
    expect(foreign.statusCode).toBe(403);
    expect(await storedRows(m.id, video.id)).toMatchObject([{ currentPosition: 90 }]);
  });
});

describe("series", () => {
  async function series() {
    const db = t.database.db;
    const show = await makeVideo(db, { type: "series", title: "Série test", totalEpisodes: 2 });
    const e1 = await makeEpisode(db, show.id, { seasonNumber: 1, episodeNumber: 1, title: "Pilote" });
    const e2 = await makeEpisode(db, show.id, { seasonNumber: 1, episodeNumber: 2, title: "La suite" });
    return { show, e1, e2 };
  }

  it("needs an episode of that series, and a film takes none (French 400)", async () => {
    const m = await member();
    const { show } = await series();
    const other = await series();
    const film = await makeVideo(t.database.db);
    const base = { videoId: show.id, currentPosition: 60, totalDuration: 600, clientSavedAt: Date.now() };
    const cases: [object, string][] = [
      [base, historyMessages.episodeRequired],
      [{ ...base, episodeId: null }, historyMessages.episodeRequired],
      [{ ...base, episodeId: other.e1.id }, historyMessages.episodeNotInSeries],
      [{ ...base, episodeId: unknownId }, historyMessages.episodeNotInSeries],
      [{ ...base, videoId: film.id, episodeId: other.e1.id }, historyMessages.episodeOnMovie],
    ];
    for (const [payload, message] of cases) {
      const res = await m.call("PUT", "/api/history/progress", payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toMatchObject({ code: "VALIDATION_ERROR", message, fields: { episodeId: message } });
    }
    expect(await storedRows(m.id, show.id)).toEqual([]);
  });

  it("keeps one row per episode and resumes the most recently watched episode when none is asked", async () => {
    const m = await member();
    const { show, e1, e2 } = await series();
    await m.save(show.id, 600, 1_000, { episodeId: e1.id });
    await m.save(show.id, 1_000, 1_000, { episodeId: e2.id });
    await m.save(show.id, 650, 1_000, { episodeId: e1.id });
    expect(await storedRows(m.id, show.id)).toHaveLength(2);

    // e1 was saved last: the series resumes there.
    expect((await m.call("GET", `/api/history/resume?videoId=${show.id}`)).json()).toEqual({
      episodeId: e1.id,
      position: 650,
      progress: 0.65,
    });
    // e2 is finished (0.95): no resume position, but its progress.
    expect((await m.call("GET", `/api/history/resume?videoId=${show.id}&episodeId=${e2.id}`)).json()).toEqual(
      {
        episodeId: e2.id,
        position: null,
        progress: 0.95,
      },
    );
    await m.save(show.id, 20, 1_000, { episodeId: e2.id });
    expect((await m.call("GET", `/api/history/resume?videoId=${show.id}`)).json()).toMatchObject({
      episodeId: e2.id,
    });
  });
});

describe("resume", () => {
  it("offers a position only strictly inside the window 0.05 < progress < 0.9", async () => {
    const m = await member();
    const cases: [number, number | null][] = [
      [10, null], // 10 / 200 = 0.05: excluded
      [11, 11],
      [179, 179],
      [180, null], // 0.9: excluded
      [195, null],
    ];
    for (const [position, expected] of cases) {
      const video = await makeVideo(t.database.db);
      await m.save(video.id, position, 200);
      const res = await m.call("GET", `/api/history/resume?videoId=${video.id}`);
      expect(res.json(), `position ${position}`).toEqual({
        episodeId: null,
        position: expected,
        progress: Math.min(position / 200, 0.95),
      });
    }
  });

  it("answers no position for a video never watched and 400 for a bad id", async () => {
    const m = await member();
    const video = await makeVideo(t.database.db);
    expect((await m.call("GET", `/api/history/resume?videoId=${video.id}`)).json()).toEqual({
      episodeId: null,
      position: null,
      progress: 0,
    });
    expect((await m.call("GET", "/api/history/resume?videoId=x")).statusCode).toBe(400);
    expect((await m.call("GET", "/api/history/resume")).statusCode).toBe(400);
  });
});

describe("history list", () => {
  async function fixture() {
    const db = t.database.db;
    const m = await member();
    const film1 = await makeVideo(db, { title: "Élan du nord" });
    const film2 = await makeVideo(db, { title: "avalanche" });
    const film3 = await makeVideo(db, { title: "Zénith 100%" });
    const show = await makeVideo(db, { type: "series", title: "Mystères" });
    const ep = await makeEpisode(db, show.id, { seasonNumber: 2, episodeNumber: 3, title: "Le phare" });
    await m.save(film1.id, 300, 1_000); // 0.3, in progress
    await m.save(film2.id, 960, 1_000); // 0.95, completed
    await m.save(film3.id, 900, 1_000); // 0.9, completed
    await m.save(show.id, 1_200, 2_400, { episodeId: ep.id }); // 0.5, in progress
    const rows = await t.database.db.select().from(watchHistory).where(eq(watchHistory.userId, m.id));
    const rowOf = (videoId: string) => rows.find((r) => r.videoId === videoId)?.id as string;
    // Watched in this order: film2, show, film1, film3 (film3 the most recent).
    await ageRows(m.id, [rowOf(film2.id), rowOf(show.id), rowOf(film1.id), rowOf(film3.id)]);
    const list = async (query = "") => {
      const res = await m.call("GET", `/api/history${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { items: { video: { id: string; title: string } }[]; total: number };
    };
    const titles = (r: { items: { video: { title: string } }[] }) => r.items.map((i) => i.video.title);
    return { m, film1, film2, film3, show, ep, list, titles };
  }

  it("lists every entry with its video, episode, progress and class, newest first", async () => {
    const { film1, show, ep, list, titles } = await fixture();
    const all = await list();
    expect(all.total).toBe(4);
    expect(titles(all)).toEqual(["Zénith 100%", "Élan du nord", "Mystères", "avalanche"]);
    const episodeItem = all.items[2] as unknown as Record<string, unknown>;
    expect(episodeItem).toMatchObject({
      video: { id: show.id, type: "series", title: "Mystères" },
      episode: { id: ep.id, title: "Le phare", seasonNumber: 2, episodeNumber: 3 },
      progress: 0.5,
      currentPosition: 1_200,
      totalDuration: 2_400,
      status: "in-progress",
    });
    expect(Date.parse(episodeItem.watchedAt as string)).not.toBeNaN();
    expect(typeof episodeItem.id).toBe("string");
    expect(all.items[1]).toMatchObject({ video: { id: film1.id }, episode: null, status: "in-progress" });
    expect(all.items.map((i) => (i as unknown as { status: string }).status)).toEqual([
      "completed",
      "in-progress",
      "in-progress",
      "completed",
    ]);
  });

  it("sorts by recent, oldest, title (accents and case ignored) and progress", async () => {
    const { list, titles } = await fixture();
    expect(titles(await list("?sort=recent"))).toEqual([
      "Zénith 100%",
      "Élan du nord",
      "Mystères",
      "avalanche",
    ]);
    expect(titles(await list("?sort=oldest"))).toEqual([
      "avalanche",
      "Mystères",
      "Élan du nord",
      "Zénith 100%",
    ]);
    expect(titles(await list("?sort=title"))).toEqual([
      "avalanche",
      "Élan du nord",
      "Mystères",
      "Zénith 100%",
    ]);
    expect(titles(await list("?sort=progress"))).toEqual([
      "avalanche",
      "Zénith 100%",
      "Mystères",
      "Élan du nord",
    ]);
  });

  it("filters completed (progress ≥ 0.9) and in-progress entries, and searches titles and episode titles", async () => {
    const { m, list, titles } = await fixture();
    expect(titles(await list("?filter=completed"))).toEqual(["Zénith 100%", "avalanche"]);
    expect((await list("?filter=completed")).total).toBe(2);
    expect(titles(await list("?filter=in-progress"))).toEqual(["Élan du nord", "Mystères"]);
    expect(titles(await list("?filter=in-progress&sort=title"))).toEqual(["Élan du nord", "Mystères"]);
    expect(titles(await list("?q=ELAN"))).toEqual(["Élan du nord"]);
    expect(titles(await list(`?q=${encodeURIComponent("phare")}`))).toEqual(["Mystères"]);
    expect(titles(await list(`?q=${encodeURIComponent("100%")}`))).toEqual(["Zénith 100%"]);
    expect((await list(`?q=${encodeURIComponent("%")}`)).total).toBe(1);
    expect((await list(`?q=${encodeURIComponent("_")}`)).total).toBe(0);
    // Pages: limit and offset, with the total of the whole filter.
    const page = await list("?limit=1&offset=1");
    expect(titles(page)).toEqual(["Élan du nord"]);
    expect(page.total).toBe(4);

    const badSort = await m.call("GET", "/api/history?sort=views");
    expect(badSort.statusCode).toBe(400);
    expect(badSort.json().fields?.sort).toBe(historyMessages.unknownSort);
    const badFilter = await m.call("GET", "/api/history?filter=done");
    expect(badFilter.json().fields?.filter).toBe(historyMessages.unknownFilter);
    const longQuery = await m.call("GET", `/api/history?q=${"a".repeat(101)}`);
    expect(longQuery.json().fields?.q).toBe(historyMessages.queryTooLong);
  });

  it("deletes one entry with 204 (then 404), and clears all of the member's history only", async () => {
    const { m, film1, list, titles } = await fixture();
    const other = await member();
    await other.save(film1.id, 100, 1_000);
    const [row] = await storedRows(m.id, film1.id);
    const deleted = await m.call("DELETE", `/api/history/${row?.id}`);
    expect(deleted.statusCode).toBe(204);
    expect(deleted.body).toBe("");
    expect(titles(await list())).toEqual(["Zénith 100%", "Mystères", "avalanche"]);
    expect((await m.call("DELETE", `/api/history/${row?.id}`)).statusCode).toBe(404);
    expect((await m.call("DELETE", "/api/history/pas-un-id")).statusCode).toBe(400);

    const cleared = await m.call("DELETE", "/api/history");
    expect(cleared.statusCode).toBe(204);
    expect(await list()).toEqual({ items: [], total: 0, nextCursor: null });
    expect(await storedRows(other.id, film1.id)).toHaveLength(1);
  });
});

describe("continue watching", () => {
  it("lists videos inside the resume window, newest first, one per video with the latest episode", async () => {
    const db = t.database.db;
    const m = await member();
    const started = await makeVideo(db, { title: "Commencé" });
    const finished = await makeVideo(db, { title: "Fini" });
    const barely = await makeVideo(db, { title: "À peine" });
    const show = await makeVideo(db, { type: "series", title: "Feuilleton" });
    const e1 = await makeEpisode(db, show.id, { seasonNumber: 1, episodeNumber: 1 });
    const e2 = await makeEpisode(db, show.id, { seasonNumber: 1, episodeNumber: 2 });
    await m.save(started.id, 400, 1_000);
    await m.save(finished.id, 900, 1_000); // 0.9: out of the window
    await m.save(barely.id, 10, 1_000); // 0.01: out of the window
    await m.save(show.id, 200, 1_000, { episodeId: e1.id });
    await m.save(show.id, 300, 1_000, { episodeId: e2.id });

    const res = await m.call("GET", "/api/history/continue");
    expect(res.statusCode).toBe(200);
    const items = res.json().items as { video: { id: string }; episode: { id: string } | null }[];
    expect(items.map((i) => i.video.id)).toEqual([show.id, started.id]);
    expect(items[0]).toMatchObject({
      episode: { id: e2.id },
      progress: 0.3,
      currentPosition: 300,
      totalDuration: 1_000,
    });
    expect(items[1]).toMatchObject({ episode: null, progress: 0.4 });
    expect(items[0]).not.toHaveProperty("status");

    // The series' latest episode is finished: the series leaves the rail.
    await m.save(show.id, 990, 1_000, { episodeId: e2.id });
    const after = (await m.call("GET", "/api/history/continue")).json().items as { video: { id: string } }[];
    expect(after.map((i) => i.video.id)).toEqual([started.id]);
  });

  it(`holds at most ${CONTINUE_WATCHING_LIMIT} videos`, async () => {
    const m = await member();
    for (let i = 0; i < CONTINUE_WATCHING_LIMIT + 2; i++) {
      const video = await makeVideo(t.database.db);
      await m.save(video.id, 100, 1_000);
    }
    const items = (await m.call("GET", "/api/history/continue")).json().items;
    expect(items).toHaveLength(CONTINUE_WATCHING_LIMIT);
  });
});

describe("durability", () => {
  it("drops the history of a deleted video or episode (cascade)", async () => {
    const db = t.database.db;
    const m = await member();
    const film = await makeVideo(db);
    const show = await makeVideo(db, { type: "series" });
    const e1 = await makeEpisode(db, show.id);
    const e2 = await makeEpisode(db, show.id);
    await m.save(film.id, 100, 1_000);
    await m.save(show.id, 100, 1_000, { episodeId: e1.id });
    await m.save(show.id, 100, 1_000, { episodeId: e2.id });
    expect((await m.call("GET", "/api/history")).json().total).toBe(3);

    await db.delete(episodes).where(eq(episodes.id, e1.id));
    expect(await storedRows(m.id, show.id)).toMatchObject([{ episodeId: e2.id }]);
    await db.delete(videos).where(eq(videos.id, film.id));
    await db.delete(videos).where(eq(videos.id, show.id));
    expect(await storedRows(m.id, film.id)).toEqual([]);
    expect(await storedRows(m.id, show.id)).toEqual([]);
    expect((await m.call("GET", "/api/history")).json()).toEqual({ items: [], total: 0, nextCursor: null });
  });
});
