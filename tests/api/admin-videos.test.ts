import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminCommonMessages } from "#contract/admin-common";
import { type AdminVideo, adminVideoMessages, type VideoInput, videoYearMax } from "#contract/admin-videos";
import { type HomeResponse, unpackHome } from "#contract/catalogue";
import { errorMessages } from "#contract/errors";
import { favorites, ratings, watchHistory } from "#db/schema/activity";
import { adminAudit } from "#db/schema/admin";
import { episodes, subtitles, videos } from "#db/schema/catalogue";
import { makeCategory } from "../factories/catalogue.ts";
import { writeMedia } from "../factories/stream.ts";
import { createTestApp, type TestApp } from "../harness.ts";
import { type SignedIn, signedIn, signedInAdmin } from "../support/members.ts";

/**
 * The catalogue as administrators write it (spec §4 Video form, §5 Video form, §7 videos and
 * episodes; decision 015), on both databases: every rule of the form refused by the server in French,
 * fields a client may not set ignored, episodes saved by season in one transaction on the version
 * the form was opened at (409 otherwise), deletion of everything a video owns, caches that forget
 * it, bulk actions, and a journal line for each write.
 */

let t: TestApp;
let admin: SignedIn;
let member: SignedIn;
let categoryId: string;
let otherCategoryId: string;
let film: string;
const db = () => t.database.db;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInAdmin(t);
  member = await signedIn(t);
  categoryId = (await makeCategory(db(), { name: "Drame" })).id;
  otherCategoryId = (await makeCategory(db(), { name: "Comédie" })).id;
  film = writeMedia(t.config, "videos", "film-admin.mp4", "octets du film");
});
afterAll(async () => {
  await t.close();
});

const movie = (over: Partial<VideoInput> = {}): VideoInput => ({
  type: "movie",
  title: "Le Voyage immobile",
  categoryIds: [categoryId],
  description: "Un homme traverse la France sans quitter sa chambre.",
  year: 2021,
  duration: "104min",
  language: "Français",
  videoUrl: film,
  ...over,
});

const series = (over: Partial<VideoInput> = {}): VideoInput => ({
  type: "series",
  title: "Les Quais",
  categoryIds: [categoryId],
  description: "Une brigade fluviale à Lyon.",
  year: 2024,
  duration: "45min",
  language: "Français",
  totalSeasons: 2,
  episodes: [
    { title: "Crue", seasonNumber: 1, episodeNumber: 1, videoUrl: film },
    { title: "Étiage", seasonNumber: 1, episodeNumber: 2, videoUrl: film },
    { title: "Retour", seasonNumber: 2, episodeNumber: 1, videoUrl: film },
  ],
  ...over,
});

async function create(body: VideoInput): Promise<AdminVideo> {
  const res = await admin.call("POST", "/api/admin/videos", body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

/** A French 400 naming `field` with `message`. */
function refused(res: { statusCode: number; json(): unknown; body: string }, field: string, message: string) {
  expect(res.statusCode, res.body).toBe(400);
  const body = res.json() as { code: string; fields?: Record<string, string> };
  expect(body.code).toBe("VALIDATION_ERROR");
  expect(body.fields?.[field], res.body).toBe(message);
}

describe("the video form's rules, refused by the server (spec §5)", () => {
  const m = adminVideoMessages;
  it.each([
    ["type", { type: undefined }, "type", m.typeRequired],
    ["title", { title: "   " }, "title", m.titleRequired],
    ["category", { categoryIds: [] }, "categoryIds", m.categoryRequired],
    ["description", { description: "" }, "description", m.descriptionRequired],
    ["year before 1900", { year: 1899 }, "year", m.yearBetween(1900, videoYearMax())],
    ["year after now + 5", { year: videoYearMax() + 1 }, "year", m.yearBetween(1900, videoYearMax())],
    ["a duration of no time", { duration: "0min" }, "duration", m.durationInvalid],
    ["duration", { duration: "" }, "duration", m.durationRequired],
    ["duration's shape", { duration: "long" }, "duration", m.durationInvalid],
    ["language", { language: "Klingon" as never }, "language", m.languageUnknown],
    ["a film's video", { videoUrl: null }, "videoUrl", m.videoUrlRequired],
    [
      "a URL that is not one",
      { videoUrl: "javascript:alert(1)" },
      "videoUrl",
      adminCommonMessages.mediaInvalid,
    ],
    [
      "a loopback video host",
      { videoUrl: "http://127.0.0.1/film.mp4" },
      "videoUrl",
      adminCommonMessages.mediaInvalid,
    ],
    [
      "a private poster host",
      { thumbnail: "https://192.168.1.10/a.jpg" },
      "thumbnail",
      adminCommonMessages.imageInvalid,
    ],
    [
      "a data: poster",
      { thumbnail: "data:image/png;base64,AAAA" },
      "thumbnail",
      adminCommonMessages.imageInvalid,
    ],
    ["a file not in the store", { videoUrl: "local:videos/absent.mp4" }, "videoUrl", m.videoFileMissing],
  ])("refuses a missing or wrong %s", async (_what, over, field, message) => {
    refused(
      await admin.call("POST", "/api/admin/videos", movie(over as Partial<VideoInput>)),
      field,
      message,
    );
  });

  it("refuses a category that does not exist", async () => {
    const res = await admin.call("POST", "/api/admin/videos", movie({ categoryIds: [crypto.randomUUID()] }));
    refused(res, "categoryIds", m.unknownCategory);
  });

  it("refuses seasons below 1, episodes beyond the seasons, and two episodes with one number", async () => {
    refused(
      await admin.call("POST", "/api/admin/videos", series({ totalSeasons: 0 })),
      "totalSeasons",
      m.seasonsRange,
    );
    refused(
      await admin.call("POST", "/api/admin/videos", series({ totalSeasons: 1 })),
      "episodes.2.seasonNumber",
      m.episodeSeasonRange,
    );
    refused(
      await admin.call(
        "POST",
        "/api/admin/videos",
        series({
          episodes: [
            { title: "A", seasonNumber: 1, episodeNumber: 1 },
            { title: "B", seasonNumber: 1, episodeNumber: 1 },
          ],
        }),
      ),
      "episodes.1.episodeNumber",
      m.episodeDuplicate(1, 1),
    );
    refused(
      await admin.call(
        "POST",
        "/api/admin/videos",
        series({ episodes: [{ title: "", seasonNumber: 1, episodeNumber: 1 }] }),
      ),
      "episodes.0.title",
      m.episodeTitleRequired,
    );
  });

  it("ignores what a client may not set: views, ratings, author, version, id (mass assignment)", async () => {
    const res = await admin.call("POST", "/api/admin/videos", {
      ...movie({ title: "Sans tricherie" }),
      views: 999_999,
      averageRating: 5,
      totalRatings: 1000,
      ratingSum: 5000,
      createdBy: member.id,
      version: 42,
      id: "00000000-0000-4000-8000-000000000001",
    });
    expect(res.statusCode, res.body).toBe(201);
    const video = res.json() as AdminVideo;
    expect(video).toMatchObject({
      views: 0,
      averageRating: 0,
      totalRatings: 0,
      version: 1,
      createdBy: admin.username,
    });
    expect(video.id).not.toBe("00000000-0000-4000-8000-000000000001");
  });
});

describe("a series and its episodes (spec §4 Video form)", () => {
  it("creates a series with its episodes by season, counted, with defaults", async () => {
    const created = await create(
      series({
        episodes: [...(series().episodes ?? []), { title: "Sans durée", seasonNumber: 2, episodeNumber: 2 }],
      }),
    );
    expect(created.totalEpisodes).toBe(4);
    expect(created.episodes.map((e) => [e.seasonNumber, e.episodeNumber, e.title])).toEqual([
      [1, 1, "Crue"],
      [1, 2, "Étiage"],
      [2, 1, "Retour"],
      [2, 2, "Sans durée"],
    ]);
    expect(created.episodes[3]?.duration).toBe("45min");
    // Members see it at once, with its episodes.
    const seen = await member.call("GET", `/api/videos/${created.id}`);
    expect(seen.json().episodes).toHaveLength(4);
  });

  it("updates saved episodes and creates new ones in one save, numbers swapped included", async () => {
    const created = await create(series({ title: "Les Quais, saison double" }));
    const [crue, etiage, retour] = created.episodes;
    const res = await admin.call("PUT", `/api/admin/videos/${created.id}`, {
      ...series({ title: "Les Quais, saison double" }),
      version: created.version,
      episodes: [
        { ...crue, episodeNumber: 2, title: "Crue (remontée)" },
        { ...etiage, episodeNumber: 1 },
        { title: "Nouveau départ", seasonNumber: 2, episodeNumber: 2 },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const updated = res.json() as AdminVideo;
    expect(updated.version).toBe(created.version + 1);
    expect(updated.episodes.map((e) => [e.id, e.seasonNumber, e.episodeNumber, e.title])).toEqual([
      [etiage?.id, 1, 1, "Étiage"],
      [crue?.id, 1, 2, "Crue (remontée)"],
      [retour?.id, 2, 1, "Retour"],
      [expect.any(String), 2, 2, "Nouveau départ"],
    ]);
    expect(updated.totalEpisodes).toBe(4);
  });

  it("answers 409 to an edit made on an older version, and loses nothing", async () => {
    const created = await create(series({ title: "Deux rédacteurs" }));
    const first = await admin.call("PUT", `/api/admin/videos/${created.id}`, {
      ...series({ title: "Deux rédacteurs" }),
      version: created.version,
      episodes: [{ title: "Ajouté par A", seasonNumber: 2, episodeNumber: 2 }],
    });
    expect(first.statusCode, first.body).toBe(200);
    const stale = await admin.call("PUT", `/api/admin/videos/${created.id}`, {
      ...series({ title: "Écrasé par B" }),
      version: created.version,
      episodes: [],
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: "CONFLICT", message: adminVideoMessages.versionConflict });
    const now = (await admin.call("GET", `/api/admin/videos/${created.id}`)).json() as AdminVideo;
    expect(now.title).toBe("Deux rédacteurs");
    expect(now.episodes.map((e) => e.title)).toContain("Ajouté par A");
  });

  it("refuses an episode id of another series, and seasons below the episodes kept", async () => {
    const a = await create(series({ title: "Série A" }));
    const b = await create(series({ title: "Série B" }));
    const foreign = b.episodes[0];
    const res = await admin.call("PUT", `/api/admin/videos/${a.id}`, {
      ...series({ title: "Série A" }),
      version: a.version,
      episodes: [{ ...foreign }],
    });
    refused(res, "episodes.0.id", adminVideoMessages.episodeUnknown);
    const fewer = await admin.call("PUT", `/api/admin/videos/${a.id}`, {
      ...series({ title: "Série A", totalSeasons: 1 }),
      version: a.version,
      episodes: [],
    });
    refused(fewer, "totalSeasons", adminVideoMessages.episodeBeyondSeasons(2));
  });

  it("deletes a saved episode on its own, and the series takes a new version", async () => {
    const created = await create(series({ title: "Trois moins un" }));
    const removed = created.episodes[1];
    const res = await admin.call("DELETE", `/api/admin/episodes/${removed?.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ seriesId: created.id, version: created.version + 1, totalEpisodes: 2 });
    const again = await admin.call("DELETE", `/api/admin/episodes/${removed?.id}`);
    expect(again.statusCode).toBe(404);
  });

  it("turns a series into a film: its episodes go (spec §4)", async () => {
    const created = await create(series({ title: "Devenue film" }));
    const res = await admin.call("PUT", `/api/admin/videos/${created.id}`, {
      ...movie({ title: "Devenue film" }),
      version: created.version,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ type: "movie", totalEpisodes: 0, episodes: [] });
    expect(await db().$count(episodes, eq(episodes.seriesId, created.id))).toBe(0);
  });
});

describe("deleting a video", () => {
  it("removes its episodes, subtitles, favourites, ratings and history, and the files nothing else names", async () => {
    const own = writeMedia(t.config, "videos", "propre.mp4", "octets");
    const sub = writeMedia(
      t.config,
      "subtitles",
      "propre.fr.srt",
      "1\n00:00:01,000 --> 00:00:02,000\nSalut\n",
    );
    const created = await create(
      series({
        title: "À effacer",
        episodes: [
          { title: "Un", seasonNumber: 1, episodeNumber: 1, videoUrl: own },
          { title: "Deux", seasonNumber: 1, episodeNumber: 2, videoUrl: film },
        ],
      }),
    );
    const [one] = created.episodes;
    await db().insert(subtitles).values({
      videoId: created.id,
      episodeId: one?.id,
      language: "fr",
      languageName: "Français",
      subtitleUrl: sub,
    });
    await db().insert(favorites).values({ userId: member.id, videoId: created.id });
    await db().insert(ratings).values({ userId: member.id, videoId: created.id, rating: 4 });
    await db()
      .insert(watchHistory)
      .values({ userId: member.id, videoId: created.id, episodeId: one?.id, progress: 0.3 });

    const res = await admin.call("DELETE", `/api/admin/videos/${created.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ deleted: 1, files: 2 });
    for (const [table, column] of [
      [episodes, episodes.seriesId],
      [subtitles, subtitles.videoId],
      [favorites, favorites.videoId],
      [ratings, ratings.videoId],
      [watchHistory, watchHistory.videoId],
    ] as const) {
      expect(await db().$count(table, eq(column, created.id))).toBe(0);
    }
    expect(fs.existsSync(path.join(t.config.mediaDir, "videos/propre.mp4"))).toBe(false);
    expect(fs.existsSync(path.join(t.config.mediaDir, "subtitles/propre.fr.srt"))).toBe(false);
    // Another video still plays the shared file.
    expect(fs.existsSync(path.join(t.config.mediaDir, "videos/film-admin.mp4"))).toBe(true);
    expect((await admin.call("GET", `/api/admin/videos/${created.id}`)).statusCode).toBe(404);
  });

  it("is forgotten by the catalogue caches at once", async () => {
    const created = await create(movie({ title: "Éphémère" }));
    const onHome = async () =>
      unpackHome((await member.call("GET", "/api/home")).json() as HomeResponse).discover.some(
        (v) => v.id === created.id,
      );
    await expect.poll(onHome, { timeout: 10_000 }).toBe(true);
    // Twice: the second answer comes from the cache.
    expect(await onHome()).toBe(true);
    expect((await admin.call("DELETE", `/api/admin/videos/${created.id}`)).statusCode).toBe(200);
    expect(await onHome()).toBe(false);
    const search = await member.call("GET", `/api/videos?q=${encodeURIComponent("Éphémère")}`);
    expect(search.json().items.map((v: { id: string }) => v.id)).not.toContain(created.id);
  });
});

describe("bulk actions on videos", () => {
  it("gives the chosen videos one category, then deletes them, each in one transaction", async () => {
    const a = await create(movie({ title: "Lot A" }));
    const b = await create(movie({ title: "Lot B" }));
    const moved = await admin.call("POST", "/api/admin/videos/bulk", {
      action: "category",
      videoIds: [a.id, b.id],
      categoryId: otherCategoryId,
    });
    expect(moved.json()).toEqual({ changed: 2 });
    expect(((await admin.call("GET", `/api/admin/videos/${a.id}`)).json() as AdminVideo).category).toEqual([
      "Comédie",
    ]);
    refused(
      await admin.call("POST", "/api/admin/videos/bulk", { action: "category", videoIds: [a.id] }),
      "categoryId",
      adminVideoMessages.bulkCategoryRequired,
    );
    const gone = await admin.call("POST", "/api/admin/videos/bulk", {
      action: "delete",
      videoIds: [a.id, b.id],
    });
    expect(gone.json()).toEqual({ changed: 2 });
    expect(await db().$count(videos, eq(videos.title, "Lot A"))).toBe(0);
  });
});

describe("the « Vidéos » table", () => {
  it("searches titles without accents or case, filters by category, and pages", async () => {
    await create(movie({ title: "Été indien", categoryIds: [otherCategoryId] }));
    const found = await admin.call("GET", "/api/admin/videos?q=ete%20INDIEN");
    expect(found.json().items.map((v: { title: string }) => v.title)).toEqual(["Été indien"]);
    const byCategory = await admin.call("GET", `/api/admin/videos?categoryId=${otherCategoryId}&limit=1`);
    expect(byCategory.json()).toMatchObject({ limit: 1, offset: 0 });
    expect(byCategory.json().items[0]).toMatchObject({ category: ["Comédie"] });
    expect(byCategory.json().total).toBeGreaterThanOrEqual(1);
  });

  it("is refused to members and visitors", async () => {
    expect((await member.call("GET", "/api/admin/videos")).json()).toMatchObject({
      code: "ACCESS_DENIED",
      message: errorMessages.ACCESS_DENIED,
    });
    expect((await t.app.inject({ method: "GET", url: "/api/admin/videos" })).statusCode).toBe(401);
  });
});

describe("the journal", () => {
  it("has a line for every write, with who, what and what changed", async () => {
    const created = await create(movie({ title: "Tracée" }));
    await admin.call("PUT", `/api/admin/videos/${created.id}`, {
      ...movie({ title: "Tracée", year: 2022 }),
      version: created.version,
    });
    await admin.call("DELETE", `/api/admin/videos/${created.id}`);
    const lines = await db().select().from(adminAudit).where(eq(adminAudit.targetId, created.id));
    expect(lines.map((l) => l.action).sort()).toEqual(["video.create", "video.delete", "video.update"]);
    const update = lines.find((l) => l.action === "video.update");
    expect(update).toMatchObject({ actorId: admin.id, actorName: admin.username, targetLabel: "Tracée" });
    expect(update?.summary).toEqual({ before: { year: 2021 }, after: { year: 2022 } });
    const listed = await admin.call("GET", "/api/admin/audit?action=video&q=trac");
    expect(listed.json().items.map((i: { action: string }) => i.action)).toEqual([
      "video.delete",
      "video.update",
      "video.create",
    ]);
  });
});
