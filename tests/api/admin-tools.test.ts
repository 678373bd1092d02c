import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminCatalogueMessages, type CatalogueExport } from "#contract/admin-catalogue";
import { adminCategoryMessages, DEFAULT_CATEGORY_COLOR } from "#contract/admin-categories";
import type { NotificationGroup } from "#contract/admin-notifications";
import { type AdminCharts, adminStatsMessages, CHART_DAYS } from "#contract/admin-stats";
import type { Category } from "#contract/catalogue";
import { adminAudit } from "#db/schema/admin";
import { profiles } from "#db/schema/auth";
import { categories, videos } from "#db/schema/catalogue";
import { folderStore } from "#server/shared/media-store";
import { makeCategory, makeEpisode, makeVideo } from "../factories/catalogue.ts";
import { newDeviceId, writeMedia } from "../factories/stream.ts";
import { createTestApp, type TestApp } from "../harness.ts";
import { type SignedIn, signedIn, signedInAdmin, signedInSubscriber } from "../support/members.ts";

/**
 * The rest of the administration (spec §2 Admin: « Catégories », « Notifications », header cards
 * and « Statistiques »; §4 simulated actions made real; §5 Category; decision 015: « En cours »,
 * storage, the catalogue as a file, the journal), on both databases.
 */

let t: TestApp;
let admin: SignedIn;
const db = () => t.database.db;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInAdmin(t);
});
afterAll(async () => {
  await t.close();
});

describe("categories (spec §5 Category)", () => {
  it("requires a name, unique whatever its case, a #RRGGBB colour, #e74c3c by default", async () => {
    const created = await admin.call("POST", "/api/admin/categories", {
      name: "Polar",
      description: "Enquêtes",
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ name: "Polar", color: DEFAULT_CATEGORY_COLOR, videoCount: 0 });
    const noName = await admin.call("POST", "/api/admin/categories", { name: " " });
    expect(noName.json().fields.name).toBe(adminCategoryMessages.nameRequired);
    const twice = await admin.call("POST", "/api/admin/categories", { name: "POLAR" });
    expect(twice.json().fields.name).toBe(adminCategoryMessages.nameTaken);
    for (const color of ["red", "#fff", "#GGGGGG", "javascript:alert(1)"]) {
      const res = await admin.call("POST", "/api/admin/categories", { name: `Couleur ${color}`, color });
      expect(res.json().fields.color, color).toBe(adminCategoryMessages.colorInvalid);
    }
    const edited = await admin.call("PUT", `/api/admin/categories/${created.json().id}`, {
      name: "Polar noir",
      color: "#1A2B3C",
    });
    expect(edited.json()).toMatchObject({ name: "Polar noir", color: "#1a2b3c", description: "" });
  });

  it("says how many videos a deletion leaves, and moves them when asked", async () => {
    const doomed = await makeCategory(db(), { name: "Western" });
    const other = await makeCategory(db(), { name: "Aventure" });
    const kept = await makeCategory(db(), { name: "Classique" });
    const only = await makeVideo(db(), { title: "Seul western" }, [doomed.id]);
    await makeVideo(db(), { title: "Western classique" }, [doomed.id, kept.id]);
    const list = (await admin.call("GET", "/api/admin/categories")).json().items as Category[];
    expect(list.find((c) => c.id === doomed.id)?.videoCount).toBe(2);

    const plain = await admin.call("DELETE", `/api/admin/categories/${doomed.id}`);
    expect(plain.json()).toEqual({ videos: 2, moved: 0, withoutCategory: 1 });
    expect((await admin.call("GET", `/api/admin/videos/${only.id}`)).json().category).toEqual([]);

    const again = await makeCategory(db(), { name: "Péplum" });
    await makeVideo(db(), { title: "Péplum seul" }, [again.id]);
    expect(
      (await admin.call("DELETE", `/api/admin/categories/${again.id}?moveTo=${again.id}`)).json().fields
        .moveTo,
    ).toBe(adminCategoryMessages.moveToSelf);
    const moved = await admin.call("DELETE", `/api/admin/categories/${again.id}?moveTo=${other.id}`);
    expect(moved.json()).toEqual({ videos: 1, moved: 1, withoutCategory: 0 });
  });
});

describe("the header cards and « Statistiques »", () => {
  it("counts videos, members, views and categories, with the last 7 days", async () => {
    await makeVideo(db(), { title: "Ancienne", createdAt: new Date(Date.now() - 30 * 86_400_000), views: 5 });
    const stats = (await admin.call("GET", "/api/admin/stats")).json();
    const [counted] = await db()
      .select({ n: sql<number>`count(*)::int`, views: sql<number>`coalesce(sum(views),0)::int` })
      .from(videos);
    expect(stats.videos.total).toBe(counted?.n);
    expect(stats.videos.recent).toBe((counted?.n ?? 0) - 1);
    expect(stats.views).toBe(counted?.views);
    expect(stats.categories).toBe(await db().$count(categories));
    expect(stats.users.total).toBe(await db().$count(profiles));
  });

  it("charts plays per day from counted views, the top 5, members per week and active subscriptions", async () => {
    const film = await makeVideo(db(), {
      title: "Très vue",
      videoUrl: writeMedia(t.config, "videos", "vue.mp4", "o"),
    });
    const viewer = await signedInSubscriber(t);
    const ticket = (
      await viewer.call("POST", `/api/videos/${film.id}/ticket`, { deviceId: newDeviceId() })
    ).json();
    expect(
      (await viewer.call("POST", `/api/videos/${film.id}/views`, { token: ticket.token })).statusCode,
    ).toBe(200);
    await db().update(videos).set({ views: 1000 }).where(eq(videos.id, film.id));

    const charts = (await admin.call("GET", "/api/admin/stats/charts")).json() as AdminCharts;
    expect(charts.topVideos[0]).toMatchObject({ id: film.id, views: 1000 });
    expect(charts.topVideos.length).toBeLessThanOrEqual(5);
    expect(charts.playsPerDay).toHaveLength(CHART_DAYS);
    // One play through the stream, then 999 more counted by whatever path: 1000 today.
    expect(charts.playsPerDay.at(-1)?.value).toBeGreaterThanOrEqual(1000);
    expect(charts.activeSubscriptionsPerDay.at(-1)?.value).toBeGreaterThanOrEqual(1);
    expect(charts.newMembersPerWeek.reduce((n, p) => n + p.value, 0)).toBeGreaterThanOrEqual(2);
  });

  it("shows who is watching what now (« En cours ») and the storage used", async () => {
    const film = await makeVideo(db(), {
      title: "En ce moment",
      videoUrl: writeMedia(t.config, "videos", "live.mp4", "123456"),
    });
    const viewer = await signedInSubscriber(t);
    await viewer.call("POST", `/api/videos/${film.id}/ticket`, { deviceId: newDeviceId() });
    const now = (await admin.call("GET", "/api/admin/now-playing")).json().items;
    expect(now).toContainEqual(expect.objectContaining({ username: viewer.username, title: "En ce moment" }));
    const storage = (await admin.call("GET", "/api/admin/storage?limit=100")).json();
    expect(storage.items).toContainEqual({ videoId: film.id, title: "En ce moment", bytes: 6, files: 1 });
    expect(storage.totalBytes).toBeGreaterThanOrEqual(6);
  });

  it("counts a series' episodes' media in its storage row (their uploaded source and HLS ladder)", async () => {
    const series = await makeVideo(db(), { title: "Saison pleine", type: "series" });
    const first = await makeEpisode(db(), series.id);
    const second = await makeEpisode(db(), series.id);
    const store = folderStore(t.config.mediaDir);
    await store.put(`hls/${first.id}/360p/seg-00001.m4s`, "1234567890");
    await store.put(`uploads/${second.id}/source`, "abcd");
    const storage = (await admin.call("GET", "/api/admin/storage?limit=100")).json();
    expect(storage.items).toContainEqual({ videoId: series.id, title: "Saison pleine", bytes: 14, files: 2 });
  });
});

describe("« Vider le cache » (spec §4, made real)", () => {
  it("empties the catalogue caches of every process and says so", async () => {
    const film = await makeVideo(db(), { title: "Cache", views: 1 });
    const views = async () =>
      (
        (await admin.call("GET", `/api/videos?limit=100`)).json().items as { id: string; views: number }[]
      ).find((v) => v.id === film.id)?.views;
    // The list's count is cached; the home is: read it, change views behind its back.
    const home = async () =>
      JSON.stringify((await admin.call("GET", "/api/home")).json()).includes(`"views":77`);
    await views();
    await admin.call("GET", "/api/home");
    await db().update(videos).set({ views: 77 }).where(eq(videos.id, film.id));
    expect(await home()).toBe(false);
    const res = await admin.call("POST", "/api/admin/cache/clear");
    expect(res.json()).toEqual({ message: adminStatsMessages.cacheCleared });
    expect(await home()).toBe(true);
    expect(await db().$count(adminAudit, eq(adminAudit.action, "cache.clear"))).toBe(1);
  });
});

describe("the catalogue as a file", () => {
  it("exports as an attachment and imports it back, matching categories by name and videos by id", async () => {
    const category = await makeCategory(db(), { name: "Documentaire", color: "#112233" });
    const doc = await makeVideo(db(), { title: "La Loire", description: "Un fleuve.", duration: "52min" }, [
      category.id,
    ]);
    const res = await admin.call("GET", "/api/admin/catalogue/export");
    expect(res.headers["content-disposition"]).toMatch(/^attachment; filename="bobine-catalogue-/);
    const file = res.json() as CatalogueExport;
    const exported = file.videos.find((v) => v.id === doc.id);
    expect(exported).toMatchObject({ title: "La Loire", categories: ["Documentaire"], episodes: [] });

    const changed = {
      ...file,
      categories: [
        { name: "documentaire", description: "Le réel", color: "#112233" },
        { name: "Nouveauté", color: "#abcdef" },
      ],
      videos: [
        {
          ...exported,
          title: "La Loire sauvage",
          videoUrl: null,
          type: "series",
          totalSeasons: 1,
          episodes: [{ title: "Source", seasonNumber: 1, episodeNumber: 1 }],
        },
        {
          type: "movie",
          title: "Importé",
          categories: ["Nouveauté"],
          description: "Venu d'un fichier.",
          year: 2020,
          duration: "90min",
          language: "English",
          videoUrl: "https://cdn.example.org/importe.mp4",
        },
      ],
    };
    const imported = await admin.call("POST", "/api/admin/catalogue/import", changed);
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json()).toMatchObject({
      categories: { created: 1, updated: 1 },
      videos: { created: 1, updated: 1 },
      episodes: { created: 1, updated: 0 },
    });
    const after = (await admin.call("GET", `/api/admin/videos/${doc.id}`)).json();
    expect(after).toMatchObject({ title: "La Loire sauvage", type: "series", totalEpisodes: 1, version: 2 });
  });

  it("a draft exported and imported back stays a draft, hidden from members", async () => {
    const category = await makeCategory(db(), { name: "Brouillons", color: "#445566" });
    const draft = await makeVideo(
      db(),
      { title: "Pas encore", duration: "90min", published: false, videoUrl: null },
      [category.id],
    );
    const file = (await admin.call("GET", "/api/admin/catalogue/export")).json() as CatalogueExport;
    const exported = file.videos.find((v) => v.id === draft.id);
    expect(exported).toMatchObject({ published: false });
    const imported = await admin.call("POST", "/api/admin/catalogue/import", { ...file, videos: [exported] });
    expect(imported.statusCode, imported.body).toBe(200);
    expect((await admin.call("GET", `/api/admin/videos/${draft.id}`)).json()).toMatchObject({
      published: false,
    });
    expect((await t.app.inject({ method: "GET", url: `/api/videos/${draft.id}` })).statusCode).toBe(404);
  });

  it("writes nothing of a file with one error, and says where in French", async () => {
    const count = await db().$count(videos);
    const base = {
      format: "bobine-catalogue",
      version: 1,
      categories: [{ name: "Fichier", color: "#000000" }],
    };
    const video = {
      type: "movie",
      title: "Bon",
      categories: ["Fichier"],
      description: "d",
      year: 2020,
      duration: "90min",
      language: "Français",
      videoUrl: "https://cdn.example.org/a.mp4",
    };
    const wrongYear = await admin.call("POST", "/api/admin/catalogue/import", {
      ...base,
      videos: [video, { ...video, year: 1700 }],
    });
    expect(wrongYear.statusCode).toBe(400);
    expect(wrongYear.json().fields["videos.1.year"]).toBeDefined();
    const unknown = await admin.call("POST", "/api/admin/catalogue/import", {
      ...base,
      videos: [video, { ...video, categories: ["Introuvable"] }],
    });
    expect(unknown.json().fields["videos.1.categories"]).toBe(
      adminCatalogueMessages.unknownCategory("Introuvable"),
    );
    const notOurs = await admin.call("POST", "/api/admin/catalogue/import", { format: "autre", version: 1 });
    expect(notOurs.json().fields.format).toBe(adminCatalogueMessages.notACatalogue);
    const polluted = await t.app.inject({
      method: "POST",
      url: "/api/admin/catalogue/import",
      headers: { cookie: admin.cookie, "content-type": "application/json" },
      payload: '{"format":"bobine-catalogue","version":1,"__proto__":{"admin":true}}',
    });
    expect(polluted.statusCode).toBe(400);
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
    expect(await db().$count(videos)).toBe(count);
    expect(await db().$count(categories, eq(categories.name, "Fichier"))).toBe(0);
  });
});

describe("notifications as administrators see them (spec §2 Admin « Notifications »)", () => {
  it("groups them per recipient by username, newest first, with 'Utilisateur supprimé' for a missing profile", async () => {
    const zoe = await signedIn(t, { username: "zoe-notifiee" });
    const alice = await signedIn(t, { username: "alice-notifiee" });
    const ghost = await signedIn(t, { username: "fantome-notifie" });
    for (const [m, title] of [
      [zoe, "Z1"],
      [alice, "A1"],
      [alice, "A2"],
      [ghost, "G1"],
    ] as const) {
      const res = await admin.call("POST", "/api/admin/notifications", { title, message: "m", userId: m.id });
      expect(res.statusCode).toBe(201);
    }
    await db().delete(profiles).where(eq(profiles.id, ghost.id));
    const page = (await admin.call("GET", "/api/admin/notifications?limit=100&q=notifiee")).json();
    const groups = page.groups as NotificationGroup[];
    expect(groups.map((g) => [g.username, g.count, g.unread])).toEqual([
      ["alice-notifiee", 2, 2],
      ["zoe-notifiee", 1, 1],
    ]);
    expect(groups[0]?.items.map((n) => n.title)).toEqual(["A2", "A1"]);
    const all = (await admin.call("GET", "/api/admin/notifications?limit=100")).json()
      .groups as NotificationGroup[];
    expect(all.at(-1)).toMatchObject({ username: null, userId: ghost.id });
    const more = await admin.call("GET", `/api/admin/notifications/recipients/${alice.id}?limit=1&offset=1`);
    expect(more.json()).toMatchObject({ total: 2, items: [{ title: "A1" }] });
  });

  it("keeps a journal line for sending, editing and deleting", async () => {
    const m = await signedIn(t);
    const sent = await admin.call("POST", "/api/admin/notifications", {
      title: "Journal",
      message: "x",
      userId: m.id,
    });
    expect(sent.statusCode).toBe(201);
    const id = (await m.call("GET", "/api/notifications")).json().items[0].id;
    await admin.call("PUT", `/api/admin/notifications/${id}`, { title: "Journal modifié", message: "y" });
    await admin.call("DELETE", `/api/admin/notifications/${id}`);
    const lines = (await admin.call("GET", "/api/admin/audit?action=notification&q=journal")).json().items;
    expect(lines.map((l: { action: string }) => l.action)).toEqual([
      "notification.delete",
      "notification.update",
      "notification.send",
    ]);
    expect(lines[1]).toMatchObject({ before: { title: "Journal" }, after: { title: "Journal modifié" } });
  });
});
