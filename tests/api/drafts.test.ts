import fs from "node:fs";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AdminVideo, adminVideoMessages, type VideoInput } from "#contract/admin-videos";
import { unpackHome } from "#contract/catalogue";
import { favorites } from "#db/schema/activity";
import { videos } from "#db/schema/catalogue";
import { mediaAssets } from "#db/schema/media";
import { makeCategory, makeEpisode, makeVideo } from "../factories/catalogue.ts";
import { demoVideoPath, newDeviceId, writeMedia } from "../factories/stream.ts";
import { createTestApp, type TestApp } from "../harness.ts";
import { type SignedIn, signedIn, signedInAdmin } from "../support/members.ts";

/**
 * Drafts (issue 12, docs/decisions/052-drafts.md): a film created to receive its file is not offered
 * to anyone until an administrator publishes it — absent from every catalogue list, count, search,
 * rail and page, 404 on its info and its ticket — and it can be published only once it has a video
 * (an address, or an uploaded file playable). The administration sees and edits it.
 */
let t: TestApp;
let admin: SignedIn;
let member: SignedIn;
let categoryId: string;
let categoryName: string;
let media: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInAdmin(t);
  member = await signedIn(t, { plan: "lifetime" });
  const category = await makeCategory(t.database.db, { name: "Brumes" });
  categoryId = category.id;
  categoryName = category.name;
  media = writeMedia(t.config, "videos", "brouillon.mp4", fs.readFileSync(demoVideoPath));
  // A published neighbour in the same category, so that lists are never empty by accident.
  await makeVideo(
    t.database.db,
    { title: "Brume publique", videoUrl: media, views: 10, ratingSum: 40, totalRatings: 10 },
    [categoryId],
  );
});
afterAll(async () => {
  await t.close();
});

const film = (title: string, over: Partial<VideoInput> = {}): VideoInput => ({
  type: "movie",
  title,
  categoryIds: [categoryId],
  description: "Un film qui attend son fichier.",
  year: 2025,
  duration: "95min",
  language: "Français",
  videoUrl: null,
  ...over,
});

async function createDraft(title: string): Promise<AdminVideo> {
  const res = await admin.call("POST", "/api/admin/videos", film(title, { published: false }));
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as AdminVideo;
}

/** Every member-facing place a video can show up in, as one list of the ids found. */
async function idsSeenBy(who: SignedIn | null, q: string): Promise<Set<string>> {
  const get = async (url: string) => {
    const res = who ? await who.call("GET", url) : await t.app.inject({ method: "GET", url });
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    return res.json();
  };
  const seen = new Set<string>();
  const add = (items: { id: string }[]) => {
    for (const v of items) seen.add(v.id);
  };
  add((await get("/api/videos?limit=50")).items);
  add((await get(`/api/videos?limit=50&categories=${encodeURIComponent(categoryName)}&sort=views`)).items);
  add((await get(`/api/videos?q=${encodeURIComponent(q)}`)).items);
  add((await get(`/api/search/suggestions?q=${encodeURIComponent(q)}`)).items);
  const home = unpackHome(await get("/api/home"));
  add([
    ...home.hero,
    ...home.trending,
    ...home.premium,
    ...home.newest,
    ...home.movies,
    ...home.discover,
    ...home.genres.flatMap((g) => g.items),
  ]);
  const landing = await get("/api/landing?type=movie");
  add([...landing.hero, ...landing.popular, ...landing.newest, ...landing.topRated]);
  add((await get("/api/top-rated?limit=12")).items);
  return seen;
}

describe("a draft film", () => {
  it("is created without its address, and only the administration sees it", async () => {
    const draft = await createDraft("Le Brouillard des quais");
    expect(draft).toMatchObject({ published: false, mediaReady: false, videoUrl: null });
    // Rated and viewed, so that it would be on the rails and the top-rated page were it published.
    await t.database.db
      .update(videos)
      .set({ views: 99_999, ratingSum: 50, totalRatings: 10 })
      .where(eq(videos.id, draft.id));

    for (const who of [null, member]) {
      expect((await idsSeenBy(who, "brouillard quais")).has(draft.id)).toBe(false);
      const info = who
        ? await who.call("GET", `/api/videos/${draft.id}`)
        : await t.app.inject({ method: "GET", url: `/api/videos/${draft.id}` });
      expect(info.statusCode).toBe(404);
      expect(info.json().code).toBe("VIDEO_NOT_FOUND");
    }
    const categories = (await member.call("GET", "/api/categories")).json();
    expect(categories.items.find((c: { name: string }) => c.name === categoryName).videoCount).toBe(1);
    expect((await member.call("GET", "/api/catalogue/summary")).json().bestRated?.id).not.toBe(draft.id);
    const ticket = await member.call("POST", `/api/videos/${draft.id}/ticket`, { deviceId: newDeviceId() });
    expect(ticket.statusCode).toBe(404);

    const list = (await admin.call("GET", "/api/admin/videos?q=brouillard")).json();
    expect(list.items).toEqual([expect.objectContaining({ id: draft.id, published: false })]);
  });

  it("cannot be published without a video, and says so in French on the field", async () => {
    const draft = await createDraft("La Jetée grise");
    const res = await admin.call("PUT", `/api/admin/videos/${draft.id}`, {
      ...film("La Jetée grise"),
      version: draft.version,
      published: true,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toMatchObject({ videoUrl: adminVideoMessages.publishNeedsMedia });
    // Nothing changed: still a draft at the same version.
    const after = (await admin.call("GET", `/api/admin/videos/${draft.id}`)).json() as AdminVideo;
    expect(after).toMatchObject({ published: false, version: draft.version });
    // A new film that is published at once needs its address, as before.
    const direct = await admin.call("POST", "/api/admin/videos", film("Sans adresse"));
    expect(direct.statusCode).toBe(400);
    expect(direct.json().fields).toMatchObject({ videoUrl: adminVideoMessages.videoUrlRequired });
  });

  it("is published once its uploaded file is playable, without an address, and members see it at once", async () => {
    const draft = await createDraft("Les Phares éteints");
    // Its file, as the transcoder leaves it once the first rung is ready (the pipeline itself is
    // tested end to end by media.test.ts and the e2e).
    await t.database.db.insert(mediaAssets).values({
      videoId: draft.id,
      targetId: draft.id,
      status: "transcoding",
      progress: 40,
      playable: false,
    });
    const early = await admin.call("PUT", `/api/admin/videos/${draft.id}`, {
      ...film("Les Phares éteints"),
      version: draft.version,
      published: true,
    });
    expect(early.statusCode, "not playable yet").toBe(400);
    await t.database.db
      .update(mediaAssets)
      .set({ playable: true, progress: 60 })
      .where(eq(mediaAssets.targetId, draft.id));
    expect(((await admin.call("GET", `/api/admin/videos/${draft.id}`)).json() as AdminVideo).mediaReady).toBe(
      true,
    );
    // Members' caches are warm before it is published: publishing must reach them.
    expect((await idsSeenBy(member, "phares eteints")).has(draft.id)).toBe(false);
    const published = await admin.call("PUT", `/api/admin/videos/${draft.id}`, {
      ...film("Les Phares éteints"),
      version: draft.version,
      published: true,
    });
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json()).toMatchObject({ published: true, videoUrl: null });
    expect((await idsSeenBy(member, "phares eteints")).has(draft.id)).toBe(true);
    expect((await member.call("GET", `/api/videos/${draft.id}`)).statusCode).toBe(200);

    // Taken back: hidden again everywhere, the member's ticket refused.
    const back = await admin.call("PUT", `/api/admin/videos/${draft.id}`, {
      ...film("Les Phares éteints"),
      version: (published.json() as AdminVideo).version,
      published: false,
    });
    expect(back.statusCode, back.body).toBe(200);
    expect((await idsSeenBy(member, "phares eteints")).has(draft.id)).toBe(false);
    const ticket = await member.call("POST", `/api/videos/${draft.id}/ticket`, { deviceId: newDeviceId() });
    expect(ticket.statusCode).toBe(404);
  });

  it("is published with an address like any film, and the journal says so", async () => {
    const draft = await createDraft("Le Quai des brumes");
    const res = await admin.call("PUT", `/api/admin/videos/${draft.id}`, {
      ...film("Le Quai des brumes", { videoUrl: media }),
      version: draft.version,
      published: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    const journal = (await admin.call("GET", "/api/admin/audit?q=Quai%20des%20brumes")).json();
    const update = journal.items.find((e: { action: string }) => e.action === "video.update");
    expect(update?.before).toMatchObject({ published: false });
    expect(update?.after).toMatchObject({ published: true });
  });
});

describe("a member's marks on a draft", () => {
  it("cannot add a draft to Ma liste, rate it or like it (404, as an unknown video), but can take back a mark left before", async () => {
    const draft = await createDraft("La Brume invisible");
    for (const [method, url, payload] of [
      ["POST", "/api/favorites", { videoId: draft.id }],
      ["PUT", `/api/ratings/${draft.id}`, { rating: 4 }],
      ["PUT", `/api/likes/${draft.id}`, undefined],
    ] as const) {
      const res = await member.call(method, url, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json().code).toBe("VIDEO_NOT_FOUND");
    }
    // A mark left while it was published (written here directly) can still be taken back.
    await t.database.db.insert(favorites).values({ userId: member.id, videoId: draft.id });
    expect((await member.call("DELETE", `/api/favorites/${draft.id}`)).statusCode).toBe(204);
    expect((await member.call("PUT", `/api/ratings/${draft.id}`, { rating: 0 })).statusCode).toBe(200);
    expect((await member.call("DELETE", `/api/likes/${draft.id}`)).statusCode).toBe(200);
  });
});

describe("a draft series", () => {
  it("tells nobody of its new episodes, and neither lists nor finds them", async () => {
    const series = await makeVideo(t.database.db, { title: "Les Brumes", type: "series", published: false }, [
      categoryId,
    ]);
    // A member who had it in Ma liste before it was taken back.
    await t.database.db.insert(favorites).values({ userId: member.id, videoId: series.id });
    await makeEpisode(t.database.db, series.id, { title: "Brume matinale", videoUrl: media });
    const notes = (await member.call("GET", "/api/notifications")).json();
    expect(
      notes.items.filter((n: { message: string }) => n.message.includes("Les Brumes")),
      "no « Nouvel épisode »",
    ).toEqual([]);
    expect((await idsSeenBy(member, "brume matinale")).has(series.id)).toBe(false);
  });
});
