import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { VideoSummary } from "#contract/catalogue";
import type { VideoDetail } from "#contract/video-detail";
import type { videos } from "#db/schema/catalogue";
import { makeCategory, makeEpisode, makeVideo } from "../factories/catalogue.ts";
import { makeUser } from "../factories/users.ts";
import { createTestApp, type TestApp } from "../harness.ts";

let t: TestApp;
let film: typeof videos.$inferSelect;
let series: typeof videos.$inferSelect;
let emptySeries: typeof videos.$inferSelect;
let loner: typeof videos.$inferSelect;
let creatorName: string;
const dramaIds: string[] = [];
const comedyIds: string[] = [];

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  const creator = await makeUser(db, { username: "Réalisatrice", role: "admin" });
  creatorName = "Réalisatrice";
  const drama = await makeCategory(db, { name: "Drame" });
  const comedy = await makeCategory(db, { name: "Comédie" });
  const alone = await makeCategory(db, { name: "Solitaire" });
  film = await makeVideo(db, { title: "Le Film", views: 5, createdBy: creator.id }, [drama.id, comedy.id]);
  // Four other dramas (views 40, 30, 20, 10) and three comedies with more views (100, 90, 80).
  for (const views of [10, 40, 20, 30]) dramaIds.push((await makeVideo(db, { views }, [drama.id])).id);
  for (const views of [100, 80, 90]) comedyIds.push((await makeVideo(db, { views }, [comedy.id])).id);
  series = await makeVideo(db, { title: "La Série", type: "series", totalSeasons: 2 }, [drama.id]);
  // Inserted out of order: the answer sorts by season then episode number.
  await makeEpisode(db, series.id, { seasonNumber: 2, episodeNumber: 1, title: "S2E1" });
  await makeEpisode(db, series.id, { seasonNumber: 1, episodeNumber: 2, title: "S1E2" });
  await makeEpisode(db, series.id, { seasonNumber: 1, episodeNumber: 1, title: "S1E1" });
  emptySeries = await makeVideo(db, { title: "Série vide", type: "series" }, [comedy.id]);
  loner = await makeVideo(db, { title: "Seul" }, [alone.id]);
});
afterAll(async () => {
  await t.close();
});

const get = (url: string) => t.app.inject({ method: "GET", url });

describe("GET /api/videos/:id", () => {
  it("returns the film with its categories, creator and no episodes", async () => {
    const res = await get(`/api/videos/${film.id}`);
    expect(res.statusCode).toBe(200);
    const body = res.json() as VideoDetail;
    expect(body).toMatchObject({ id: film.id, title: "Le Film", type: "movie", creator: creatorName });
    expect(body.category).toEqual(["Drame", "Comédie"]);
    expect(body.episodes).toEqual([]);
  });

  it("never exposes the media address of a video", async () => {
    const res = await get(`/api/videos/${film.id}`);
    expect(res.body).not.toContain("videoUrl");
    expect(res.body).not.toContain("video_url");
  });

  it("lists a series' episodes by season then episode number", async () => {
    const body = (await get(`/api/videos/${series.id}`)).json() as VideoDetail;
    expect(body.episodes.map((e) => e.title)).toEqual(["S1E1", "S1E2", "S2E1"]);
    expect(body.episodes[0]).toMatchObject({ seasonNumber: 1, episodeNumber: 1 });
    expect(body.creator).toBeNull();
  });

  it("answers a series without episodes with an empty list", async () => {
    const body = (await get(`/api/videos/${emptySeries.id}`)).json() as VideoDetail;
    expect(body.episodes).toEqual([]);
  });

  it("answers an unknown video with 404 'Vidéo non trouvée'", async () => {
    const res = await get("/api/videos/00000000-0000-4000-8000-000000000000");
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: "VIDEO_NOT_FOUND", message: "Vidéo non trouvée" });
  });

  it("refuses an id that is not a uuid with a French 400", async () => {
    const res = await get("/api/videos/not-an-id");
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe("VALIDATION_ERROR");
    expect(res.body).toContain("Identifiant de vidéo invalide.");
  });
});

describe("GET /api/videos/:id/similar", () => {
  const similar = async (id: string, limit?: number) => {
    const res = await get(`/api/videos/${id}/similar${limit ? `?limit=${limit}` : ""}`);
    expect(res.statusCode).toBe(200);
    return (res.json() as { items: VideoSummary[] }).items.map((v) => v.id);
  };

  it("puts the main category's videos first, most viewed first, then the other categories'", async () => {
    const ids = await similar(film.id, 12);
    // Main category Drame: 40, 30, 20, 10 then the series (0 views); then Comédie 100, 90, 80, empty series.
    const dramaByViews = [dramaIds[1], dramaIds[3], dramaIds[2], dramaIds[0], series.id];
    expect(ids.slice(0, 5)).toEqual(dramaByViews);
    expect(ids.slice(5, 8)).toEqual([comedyIds[0], comedyIds[2], comedyIds[1]]);
    expect(ids).toContain(emptySeries.id);
    expect(ids).not.toContain(film.id);
  });

  it("returns 6 by default and honours a smaller limit", async () => {
    expect(await similar(film.id)).toHaveLength(6);
    expect(await similar(film.id, 3)).toHaveLength(3);
  });

  it("answers an empty list for a video alone in its category", async () => {
    expect(await similar(loner.id)).toEqual([]);
  });

  it("refuses a limit above 12 and answers 404 for an unknown video", async () => {
    expect((await get(`/api/videos/${film.id}/similar?limit=13`)).statusCode).toBe(400);
    const res = await get("/api/videos/00000000-0000-4000-8000-000000000000/similar");
    expect(res.statusCode).toBe(404);
  });
});
