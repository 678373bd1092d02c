import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AdminVideo, VideoInput } from "#contract/admin-videos";
import { makeCategory } from "../factories/catalogue.ts";
import { writeMedia } from "../factories/stream.ts";
import { createTestApp, type TestApp } from "../harness.ts";
import { type SignedIn, signedInAdmin } from "../support/members.ts";

/**
 * The outgoing content webhook (spec §7 discord-webhook; decision 015; decision 015), against a local
 * receiver this test starts, on both databases: a new film, series or episode is POSTed with the
 * spec's body and Discord's fields, by a job that retries a failed delivery and never makes the
 * admin's action fail. The receiver is on the loopback: allowed for this setting, the operator's own.
 */

interface Received {
  body: Record<string, unknown>;
  answered: number;
}

let t: TestApp;
let admin: SignedIn;
let receiver: http.Server;
const received: Received[] = [];
/** The answers the receiver gives, in order; then 204. */
const answers: number[] = [];
let categoryId: string;
let film: string;

beforeAll(async () => {
  receiver = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const status = answers.shift() ?? 204;
      received.push({ body: JSON.parse(Buffer.concat(chunks).toString("utf8")), answered: status });
      res.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  const port = (receiver.address() as AddressInfo).port;
  t = await createTestApp({
    env: {
      CONTENT_WEBHOOK_URL: `http://127.0.0.1:${port}/hooks/bobine`,
      CONTENT_WEBHOOK_RETRY_SECONDS: "1",
      JOBS_POLL_SECONDS: "0.5",
      PUBLIC_URL: "https://bobine.example.org",
    },
  });
  admin = await signedInAdmin(t);
  categoryId = (await makeCategory(t.database.db, { name: "Animation" })).id;
  film = writeMedia(t.config, "videos", "webhook.mp4", "octets");
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => receiver.close(resolve));
});

const deliveries = (title: string) => received.filter((r) => r.body.title === title);

const movie = (title: string): VideoInput => ({
  type: "movie",
  title,
  categoryIds: [categoryId],
  description: "Un film d'animation.",
  year: 2023,
  duration: "88min",
  language: "Français",
  videoUrl: film,
  thumbnail: "/media/images/absent-poster.webp",
});

describe("the content webhook", () => {
  it("announces a new film with the spec's body, retrying until the receiver accepts it", async () => {
    answers.push(500, 503);
    // The receiver's failures are not the administrator's: the film is added at once.
    const res = await admin.call("POST", "/api/admin/videos", { ...movie("Le Phare"), thumbnail: null });
    expect(res.statusCode, res.body).toBe(201);
    const video = res.json() as AdminVideo;
    await expect.poll(() => deliveries("Le Phare").length, { timeout: 30_000, interval: 200 }).toBe(3);
    expect(deliveries("Le Phare").map((d) => d.answered)).toEqual([500, 503, 204]);
    expect(deliveries("Le Phare")[2]?.body).toMatchObject({
      type: "movie",
      title: "Le Phare",
      category: "Animation",
      addedBy: admin.username,
      videoUrl: video.id,
      thumbnail: null,
      seriesTitle: null,
      episodeNumber: null,
      seasonNumber: null,
      content: "Nouveau film sur Bobine\u00a0: «\u00a0Le Phare\u00a0»",
      embeds: [expect.objectContaining({ url: `https://bobine.example.org/info/${video.id}` })],
    });
  });

  it("announces a new series, then each episode added to it", async () => {
    const created = await admin.call("POST", "/api/admin/videos", {
      ...movie("Les Marées"),
      thumbnail: null,
      type: "series",
      videoUrl: null,
      episodes: [{ title: "Pilote", seasonNumber: 1, episodeNumber: 1 }],
    });
    expect(created.statusCode, created.body).toBe(201);
    const series = created.json() as AdminVideo;
    await expect.poll(() => deliveries("Les Marées").length, { timeout: 20_000 }).toBe(1);
    expect(deliveries("Les Marées")[0]?.body).toMatchObject({ type: "series" });

    const edited = await admin.call("PUT", `/api/admin/videos/${series.id}`, {
      ...movie("Les Marées"),
      thumbnail: null,
      type: "series",
      videoUrl: null,
      version: series.version,
      episodes: [{ title: "Grande marée", seasonNumber: 1, episodeNumber: 2 }],
    });
    expect(edited.statusCode, edited.body).toBe(200);
    await expect.poll(() => deliveries("Grande marée").length, { timeout: 20_000 }).toBe(1);
    expect(deliveries("Grande marée")[0]?.body).toMatchObject({
      type: "episode",
      seriesTitle: "Les Marées",
      seasonNumber: 1,
      episodeNumber: 2,
      videoUrl: series.id,
    });
  });

  it("sends nothing for a write that was refused", async () => {
    const refused = await admin.call("POST", "/api/admin/videos", { ...movie("Jamais annoncé"), year: 1200 });
    expect(refused.statusCode).toBe(400);
    const accepted = await admin.call("POST", "/api/admin/videos", {
      ...movie("Annoncé après"),
      thumbnail: null,
    });
    expect(accepted.statusCode).toBe(201);
    await expect.poll(() => deliveries("Annoncé après").length, { timeout: 20_000 }).toBe(1);
    expect(deliveries("Jamais annoncé")).toEqual([]);
  });

  it("announces a draft film when it is published, not when it is saved (decision 052)", async () => {
    const saved = await admin.call("POST", "/api/admin/videos", {
      ...movie("Le Brouillon"),
      thumbnail: null,
      videoUrl: null,
      published: false,
    });
    expect(saved.statusCode, saved.body).toBe(201);
    const draft = saved.json() as AdminVideo;
    // Another film announced after it: by then the draft's announcement would have gone too.
    const later = await admin.call("POST", "/api/admin/videos", { ...movie("Témoin"), thumbnail: null });
    expect(later.statusCode).toBe(201);
    await expect.poll(() => deliveries("Témoin").length, { timeout: 20_000 }).toBe(1);
    expect(deliveries("Le Brouillon")).toEqual([]);

    const published = await admin.call("PUT", `/api/admin/videos/${draft.id}`, {
      ...movie("Le Brouillon"),
      thumbnail: null,
      version: draft.version,
      published: true,
    });
    expect(published.statusCode, published.body).toBe(200);
    await expect.poll(() => deliveries("Le Brouillon").length, { timeout: 20_000 }).toBe(1);
    expect(deliveries("Le Brouillon")[0]?.body).toMatchObject({ type: "movie", videoUrl: draft.id });
  });
});
