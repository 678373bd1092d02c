import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import { promisify } from "node:util";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { streamMessages, type TicketResponse } from "#contract/stream";
import { streamLeases } from "#db/schema/stream";
import { activeStreamPlan } from "#server/shared/entitlement.queries";
import { errorCatalogue } from "#server/shared/errors";
import { loadTicketSecret, readTicket, signTicket } from "#server/stream/ticket";
import { makeEpisode, makeVideo } from "../factories/catalogue.ts";
import { demoVideoPath, expireLeases, newDeviceId, subscribe, writeMedia } from "../factories/stream.ts";
import { makeUser } from "../factories/users.ts";
import { createTestApp, type TestApp } from "../harness.ts";
import { type SignedIn, signedIn } from "../support/members.ts";

let t: TestApp;
/** 1 MiB + 123 bytes of random data: every byte position is checkable. */
const bigBytes = randomBytes(1024 * 1024 + 123);
let film: { id: string };
let bigFilm: { id: string };
let otherFilm: { id: string };
let series: { id: string };
let episode: { id: string };
let subscriber: SignedIn;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  const demo = writeMedia(t.config, "videos", "demo.mp4", fs.readFileSync(demoVideoPath));
  const big = writeMedia(t.config, "videos", "big.mp4", bigBytes);
  const srt = writeMedia(
    t.config,
    "subtitles",
    "film.fr.srt",
    "1\r\n00:00:01,000 --> 00:00:02,500\r\n<script>alert(1)</script> Bonjour <i>à tous</i>\r\n",
  );
  const latin1 = writeMedia(
    t.config,
    "subtitles",
    "episode.fr.srt",
    Buffer.from("1\n00:00:01,000 --> 00:00:02,000\nCin\xe9ma d'\xe9t\xe9\n", "latin1"),
  );
  const binary = writeMedia(t.config, "subtitles", "binary.srt", Buffer.from([0x00, 0x01, 0x02, 0xff, 0x00]));
  film = await makeVideo(db, { videoUrl: demo });
  bigFilm = await makeVideo(db, { videoUrl: big });
  otherFilm = await makeVideo(db, { videoUrl: demo });
  series = await makeVideo(db, { type: "series", videoUrl: null });
  episode = await makeEpisode(db, series.id, { videoUrl: demo });
  await db.execute(sql`insert into subtitles (video_id, episode_id, language, language_name, subtitle_url, is_default)
    values (${film.id}, null, 'fr', 'Français', ${srt}, true),
           (${film.id}, null, 'xx', 'Binaire', ${binary}, false),
           (${series.id}, ${episode.id}, 'fr', 'Français', ${latin1}, true)`);
  subscriber = await signedIn(t, { plan: "lifetime" });
});
afterAll(async () => {
  await t.close();
});

const ticketFor = (
  viewer: { cookie: string },
  videoId: string,
  body: { episodeId?: string; deviceId?: string } = {},
) =>
  t.app.inject({
    method: "POST",
    url: `/api/videos/${videoId}/ticket`,
    headers: { cookie: viewer.cookie },
    payload: { deviceId: newDeviceId(), ...body },
  });

async function ticket(
  viewer: { cookie: string },
  videoId: string,
  body: { episodeId?: string; deviceId?: string } = {},
) {
  // One device per member unless told: the lease limit is tested with ticketFor.
  const res = await ticketFor(viewer, videoId, { deviceId: "appareil-principal", ...body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as TicketResponse;
}

const get = (url: string, headers: Record<string, string> = {}, method: "GET" | "HEAD" = "GET") =>
  t.app.inject({ method, url, headers });

describe("the ticket", () => {
  it("asks an anonymous visitor to sign in", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: `/api/videos/${film.id}/ticket`,
      payload: { deviceId: newDeviceId() },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(errorCatalogue.UNAUTHENTICATED.message);
  });

  it("sends a member without an active subscription to the paywall", async () => {
    const member = await signedIn(t);
    const res = await ticketFor(member, film.id);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      code: "SUBSCRIPTION_REQUIRED",
      message: errorCatalogue.SUBSCRIPTION_REQUIRED.message,
    });
  });

  it("refuses a subscription that ended yesterday in Paris, a canceled one, and accepts one ending today", async () => {
    const db = t.database.db;
    const yesterday = await signedIn(t);
    const [row] = (
      (await db.execute(
        sql`select ((((now() at time zone 'Europe/Paris')::date - 1) + time '23:59') at time zone 'Europe/Paris') as y,
                   ((((now() at time zone 'Europe/Paris')::date) + time '00:01') at time zone 'Europe/Paris') as today`,
      )) as unknown as { rows: { y: string | Date; today: string | Date }[] }
    ).rows;
    await subscribe(db, yesterday.id, "premium_monthly", new Date(row?.y as string));
    expect((await ticketFor(yesterday, film.id)).json().code).toBe("SUBSCRIPTION_REQUIRED");

    const canceled = await signedIn(t, { plan: "premium_monthly", status: "canceled" });
    expect((await ticketFor(canceled, film.id)).json().code).toBe("SUBSCRIPTION_REQUIRED");

    const today = await signedIn(t);
    await subscribe(db, today.id, "premium_monthly", new Date(row?.today as string));
    expect((await ticketFor(today, film.id)).statusCode).toBe(200);
  });

  it("counts the end day in Paris time across both DST changes, not in UTC", async () => {
    const db = t.database.db;
    const user = await makeUser(db);
    // Ends 29 March 2026 23:59 in Paris (CEST since 02:00 that day) = 21:59 UTC.
    await subscribe(db, user.id, "basic_monthly", new Date("2026-03-29T21:59:00Z"));
    expect(await activeStreamPlan(db, user.id, new Date("2026-03-29T21:58:00Z"))).not.toBeNull();
    // 22:01 UTC is still 29 March in UTC, but already 30 March 00:01 in Paris.
    expect(await activeStreamPlan(db, user.id, new Date("2026-03-29T22:01:00Z"))).toBeNull();

    const autumn = await makeUser(db);
    // Ends 25 October 2026 23:30 in Paris (CET again since 03:00 that day) = 22:30 UTC.
    await subscribe(db, autumn.id, "basic_monthly", new Date("2026-10-25T22:30:00Z"));
    expect(await activeStreamPlan(db, autumn.id, new Date("2026-10-25T22:59:00Z"))).not.toBeNull();
    expect(await activeStreamPlan(db, autumn.id, new Date("2026-10-25T23:01:00Z"))).toBeNull();
  });

  it("gives a short-lived signed URL, the subtitles and a lease, never the session token", async () => {
    const res = await ticket(subscriber, film.id);
    expect(res.url).toMatch(new RegExp(`^/api/videos/proxy\\?videoId=${film.id}&token=[A-Za-z0-9_.%-]+$`));
    expect(res.heartbeatSeconds).toBe(30);
    expect(res.maxStreams).toBe(5);
    const minutes = (Date.parse(res.expiresAt) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(5);
    expect(minutes).toBeLessThanOrEqual(10);
    expect(res.subtitles[0]).toMatchObject({ language: "fr", languageName: "Français", isDefault: true });
    expect(res.subtitles[0]?.url).toMatch(/^\/api\/subtitles\/[0-9a-f-]{36}\?token=/);
    const sessionToken = subscriber.cookie.split("=")[1] as string;
    expect(JSON.stringify(res)).not.toContain(sessionToken);
    const claims = readTicket(await loadTicketSecret(t.database.db, undefined), res.token);
    expect(claims).toMatchObject({ u: subscriber.id, v: film.id, e: null, p: "lifetime", l: res.leaseId });
  });

  it("needs an episode of that series for a series, and 404 for an unknown or unplayable video", async () => {
    const none = await ticketFor(subscriber, series.id);
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe(streamMessages.episodeRequired);
    const foreign = await ticketFor(subscriber, series.id, { episodeId: film.id });
    expect(foreign.statusCode).toBe(404);
    const unknown = await ticketFor(subscriber, "00000000-0000-4000-8000-000000000000");
    expect(unknown.json().code).toBe("VIDEO_NOT_FOUND");
    // A private or loopback address (the form refuses them; a row written by other means) is never read.
    for (const address of ["http://192.168.1.20/film.mp4", "http://127.0.0.1:5432/", "file:///etc/passwd"]) {
      const hidden = await makeVideo(t.database.db, { videoUrl: address });
      const unplayable = await ticketFor(subscriber, hidden.id);
      expect(unplayable.statusCode, address).toBe(404);
      expect(unplayable.json().message).toBe(streamMessages.videoUnavailable);
    }
    const traversal = await makeVideo(t.database.db, { videoUrl: "local:videos/../../pgdata/PG_VERSION" });
    expect((await ticketFor(subscriber, traversal.id)).statusCode).toBe(404);
  });

  it("hands a film hosted elsewhere to the player at its public address, and reads nothing for it", async () => {
    const remote = await makeVideo(t.database.db, { videoUrl: "https://cdn.example.org/films/phare.mp4" });
    const tk = await ticket(subscriber, remote.id, { deviceId: "appareil-distant" });
    expect(tk).toMatchObject({ url: "https://cdn.example.org/films/phare.mp4", hls: false, qualities: [] });
    // The ticket still holds a screen (the plan's limit) and still opens no byte route of Bobine's.
    const proxied = await get(`/api/videos/proxy?videoId=${remote.id}&token=${tk.token}`);
    expect(proxied.statusCode).toBe(403);
    await t.app.inject({
      method: "POST",
      url: `/api/stream/leases/${tk.leaseId}/release`,
      headers: { cookie: subscriber.cookie },
    });
  });

  it("refuses a malformed device id", async () => {
    const res = await ticketFor(subscriber, film.id, { deviceId: "../x" });
    expect(res.statusCode).toBe(400);
  });

  it("is useless on any other API: it is not a session", async () => {
    const tk = await ticket(subscriber, film.id);
    const asQuery = await t.app.inject({
      method: "POST",
      url: `/api/videos/${film.id}/ticket?token=${encodeURIComponent(tk.token)}`,
      payload: { deviceId: newDeviceId() },
    });
    expect(asQuery.statusCode).toBe(401);
    const asBearer = await t.app.inject({
      method: "POST",
      url: `/api/stream/leases/${tk.leaseId}/heartbeat`,
      headers: { authorization: `Bearer ${tk.token}` },
    });
    expect(asBearer.statusCode).toBe(401);
    const session = await get(`/api/auth/session?token=${encodeURIComponent(tk.token)}`);
    expect(session.json().user ?? null).toBeNull();
  });

  it("keeps one HMAC secret in the database, shared by every process and restart", async () => {
    const a = await loadTicketSecret(t.database.db, undefined);
    const b = await loadTicketSecret(t.database.db, undefined);
    expect(a.equals(b)).toBe(true);
    expect(a.length).toBe(32);
  });
});

describe("the proxy", () => {
  it("streams the file with validators, ranges advertised, private cache and no compression", async () => {
    const tk = await ticket(subscriber, bigFilm.id);
    const res = await get(tk.url, { "accept-encoding": "gzip, br" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("video/mp4");
    expect(res.headers["accept-ranges"]).toBe("bytes");
    expect(res.headers["cache-control"]).toBe("private");
    expect(res.headers["content-encoding"]).toBeUndefined();
    expect(res.headers["content-length"]).toBe(String(bigBytes.length));
    expect(res.headers.etag).toMatch(/^"[0-9a-z]+-[0-9a-z]+"$/);
    expect(res.headers["last-modified"]).toBeTruthy();
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.rawPayload.equals(bigBytes)).toBe(true);
  });

  it("answers HEAD with the headers and no body", async () => {
    const tk = await ticket(subscriber, bigFilm.id);
    const res = await get(tk.url, { range: "bytes=0-9" }, "HEAD");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-length"]).toBe(String(bigBytes.length));
    expect(res.rawPayload.length).toBe(0);
  });

  it("asks for authentication without a ticket, refuses a forged one and one for another video", async () => {
    const none = await get(`/api/videos/proxy?videoId=${film.id}`);
    expect(none.statusCode).toBe(401);
    expect(none.json().message).toBe("Authentification requise");

    const tk = await ticket(subscriber, film.id);
    const [body = "", mac = ""] = tk.token.split(".");
    const claims = JSON.parse(Buffer.from(body, "base64url").toString());
    const forgedBody = Buffer.from(JSON.stringify({ ...claims, f: "videos/big.mp4" })).toString("base64url");
    const forged = await get(`/api/videos/proxy?videoId=${film.id}&token=${forgedBody}.${mac}`);
    expect(forged.statusCode).toBe(403);
    expect(forged.json().message).toBe(streamMessages.ticketInvalid);
    const garbage = await get(`/api/videos/proxy?videoId=${film.id}&token=abc`);
    expect(garbage.statusCode).toBe(403);

    const other = await get(
      `/api/videos/proxy?videoId=${otherFilm.id}&token=${encodeURIComponent(tk.token)}`,
    );
    expect(other.statusCode).toBe(403);
    expect(other.json().code).toBe("ACCESS_DENIED");
  });

  it("refuses an expired ticket whose lease ended, and keeps playing one whose lease is beaten", async () => {
    const key = await loadTicketSecret(t.database.db, undefined);
    const tk = await ticket(subscriber, bigFilm.id);
    const claims = readTicket(key, tk.token);
    if (!claims) throw new Error("no claims");
    const past = Math.floor(Date.now() / 1000) - 60;
    const expired = encodeURIComponent(signTicket(key, { ...claims, i: past - 600, x: past }));
    const url = `/api/videos/proxy?videoId=${bigFilm.id}&token=${expired}`;
    // Past its soft expiry a ticket opens no new playback…
    expect((await get(url, { range: "bytes=0-0" })).statusCode).toBe(401);
    // …but the playback it opened goes on while the lease is beaten.
    expect((await get(tk.url, { range: "bytes=0-0" })).statusCode).toBe(206);
    expect((await get(url, { range: "bytes=0-0" })).statusCode).toBe(206);

    await t.app.inject({
      method: "DELETE",
      url: `/api/stream/leases/${tk.leaseId}`,
      headers: { cookie: subscriber.cookie },
    });
    const refused = await get(url, { range: "bytes=0-0" });
    expect(refused.statusCode).toBe(401);
    expect(refused.json().message).toBe(streamMessages.ticketExpired);

    const ancient = encodeURIComponent(signTicket(key, { ...claims, i: past - 13 * 3600, x: past }));
    await ticket(subscriber, bigFilm.id, { deviceId: claims.d });
    const tooOld = await get(`/api/videos/proxy?videoId=${bigFilm.id}&token=${ancient}`);
    expect(tooOld.statusCode).toBe(401);
  });

  it("refuses the url= form for every inward or odd target without connecting anywhere", async () => {
    let connections = 0;
    const trap = net.createServer((s) => {
      connections += 1;
      s.destroy();
    });
    await new Promise<void>((r) => trap.listen(0, "127.0.0.1", r));
    const port = (trap.address() as net.AddressInfo).port;
    const tk = await ticket(subscriber, film.id);
    const targets = [
      `http://127.0.0.1:${port}/x.mp4`,
      `http://[::1]:${port}/x.mp4`,
      "http://169.254.169.254/latest/meta-data/",
      "http://10.0.0.1/x.mp4",
      `http://2130706433:${port}/x.mp4`,
      "file:///etc/passwd",
      "https://cdn.example.org/film.mp4",
    ];
    for (const target of targets) {
      for (const token of ["", `&token=${encodeURIComponent(tk.token)}`]) {
        const res = await get(`/api/videos/proxy?url=${encodeURIComponent(target)}${token}`);
        expect(res.statusCode, target).toBe(400);
        expect(res.json().message).toBe(streamMessages.remoteUrlRefused);
      }
    }
    await new Promise((r) => setTimeout(r, 50));
    trap.close();
    expect(connections).toBe(0);
  });

  it("answers 400 to a path-like id", async () => {
    const tk = await ticket(subscriber, film.id);
    const res = await get(
      `/api/videos/proxy?videoId=..%2f..%2fetc%2fpasswd&token=${encodeURIComponent(tk.token)}`,
    );
    expect(res.statusCode).toBe(400);
  });

  it("plays an episode through its own id (spec §7) and through the series id with episodeId", async () => {
    const tk = await ticket(subscriber, series.id, { episodeId: episode.id });
    expect(tk.url).toContain(`videoId=${episode.id}`);
    expect((await get(tk.url, { range: "bytes=0-99" })).statusCode).toBe(206);
    const token = encodeURIComponent(tk.token);
    const viaSeries = await get(
      `/api/videos/proxy?videoId=${series.id}&episodeId=${episode.id}&token=${token}`,
    );
    expect(viaSeries.statusCode).toBe(200);
    expect((await get(`/api/videos/proxy?videoId=${series.id}&token=${token}`)).statusCode).toBe(403);
  });
});

describe("byte ranges (RFC 9110 §14)", () => {
  it("serves a file rewritten in place by its new bytes at once, and a deleted one no more", async () => {
    const first = randomBytes(4096);
    const rewritten = await makeVideo(t.database.db, {
      videoUrl: writeMedia(t.config, "videos", "rewritten.mp4", first),
    });
    const tk = await ticket(subscriber, rewritten.id);
    expect((await get(tk.url)).rawPayload.equals(first)).toBe(true);
    const second = randomBytes(5000);
    writeMedia(t.config, "videos", "rewritten.mp4", second);
    // The file opened for the first answer is still kept for reuse: the path no longer matches it.
    const again = await get(tk.url);
    expect(again.headers["content-length"]).toBe(String(second.length));
    expect(again.rawPayload.equals(second)).toBe(true);
    fs.rmSync(`${t.config.mediaDir}/videos/rewritten.mp4`);
    expect((await get(tk.url)).statusCode).toBe(404);
  });

  it("closes the file once the client has left in the middle of a large answer and its reuse window passed, and sends the next one whole", async () => {
    const hugeBytes = randomBytes(6 * 1024 * 1024 + 7);
    const hugeFilm = await makeVideo(t.database.db, {
      videoUrl: writeMedia(t.config, "videos", "huge.mp4", hugeBytes),
    });
    const tk = await ticket(subscriber, hugeFilm.id);
    const openHandles = () =>
      fs.readdirSync("/proc/self/fd").filter((fd) => {
        try {
          return fs.readlinkSync(`/proc/self/fd/${fd}`).endsWith("huge.mp4");
        } catch {
          return false;
        }
      }).length;
    const port = await new Promise<number>((resolve, reject) => {
      t.app.server.listen(0, "127.0.0.1", () => resolve((t.app.server.address() as net.AddressInfo).port));
      t.app.server.once("error", reject);
    });
    const received = await new Promise<number>((resolve, reject) => {
      let bytes = 0;
      const socket = net.connect(port, "127.0.0.1", () => {
        // The same client as inject's (its user agent), which owns the ticket's lease afterwards.
        socket.write(`GET ${tk.url} HTTP/1.1\r\nHost: 127.0.0.1\r\nUser-Agent: lightMyRequest\r\n\r\n`);
      });
      socket.on("data", (chunk) => {
        bytes += chunk.length;
        // A viewer who seeks away: gone after the first bytes of six megabytes.
        if (bytes > 64 * 1024 && !socket.destroyed) {
          socket.destroy();
          resolve(bytes);
        }
      });
      socket.on("error", reject);
    }).finally(() => new Promise((r) => t.app.server.close(r)));
    expect(received).toBeLessThan(hugeBytes.length);
    // Kept open for the next answers at most a second (send-file.ts REUSE_MS), then closed.
    await expect.poll(openHandles, { timeout: 5000 }).toBe(0);
    const whole = await get(tk.url);
    expect(whole.statusCode).toBe(200);
    expect(whole.rawPayload.equals(hugeBytes)).toBe(true);
    // Closed after its reuse window, the answer's last byte sent long before.
    await expect.poll(openHandles, { timeout: 5000 }).toBe(0);
  });

  let url: string;
  let etag: string;
  let lastModified: string;
  const size = bigBytes.length;
  beforeAll(async () => {
    url = (await ticket(subscriber, bigFilm.id)).url;
    const head = await get(url, {}, "HEAD");
    etag = String(head.headers.etag);
    lastModified = String(head.headers["last-modified"]);
  });
  const range = (value: string, extra: Record<string, string> = {}) => get(url, { range: value, ...extra });

  it("answers bytes=0- with 206 and the whole length (what ffmpeg and HLS players send)", async () => {
    const res = await range("bytes=0-");
    expect(res.statusCode).toBe(206);
    expect(res.headers["content-range"]).toBe(`bytes 0-${size - 1}/${size}`);
    expect(res.rawPayload.equals(bigBytes)).toBe(true);
  });

  it("sends exactly the bytes of a closed range, clipped to the end of the file", async () => {
    const res = await range("bytes=1000-1999");
    expect(res.statusCode).toBe(206);
    expect(res.headers["content-length"]).toBe("1000");
    expect(res.headers["content-range"]).toBe(`bytes 1000-1999/${size}`);
    expect(res.rawPayload.equals(bigBytes.subarray(1000, 2000))).toBe(true);
    const clipped = await range(`bytes=${size - 10}-${size + 5000}`);
    expect(clipped.headers["content-range"]).toBe(`bytes ${size - 10}-${size - 1}/${size}`);
    expect(clipped.rawPayload.equals(bigBytes.subarray(size - 10))).toBe(true);
  });

  it("answers a suffix range with the last bytes", async () => {
    const res = await range("bytes=-500");
    expect(res.statusCode).toBe(206);
    expect(res.headers["content-range"]).toBe(`bytes ${size - 500}-${size - 1}/${size}`);
    expect(res.rawPayload.equals(bigBytes.subarray(size - 500))).toBe(true);
  });

  it("answers 416 with bytes */length to a range past the end", async () => {
    const res = await range("bytes=999999999-");
    expect(res.statusCode).toBe(416);
    expect(res.headers["content-range"]).toBe(`bytes */${size}`);
    expect(res.json().code).toBe("RANGE_NOT_SATISFIABLE");
    expect((await range("bytes=-0")).statusCode).toBe(416);
  });

  it("ignores a Range it cannot parse and sends the whole file", async () => {
    for (const bad of ["bytes=abc", "bytes=5-1", "items=0-10", "bytes="]) {
      const res = await range(bad);
      expect(res.statusCode, bad).toBe(200);
      expect(res.rawPayload.length).toBe(size);
    }
  });

  it("coalesces overlapping ranges into one 206, and answers several disjoint ones with the whole file", async () => {
    const overlapping = await range("bytes=0-99,50-149,100-199");
    expect(overlapping.statusCode).toBe(206);
    expect(overlapping.headers["content-range"]).toBe(`bytes 0-199/${size}`);
    const disjoint = await range("bytes=0-9,100-109");
    expect(disjoint.statusCode).toBe(200);
    expect(disjoint.rawPayload.length).toBe(size);
  });

  it("answers hundreds of overlapping ranges with one plain 200, never hundreds of parts", async () => {
    const many = Array.from({ length: 300 }, (_, i) => `${i}-${i + 1000}`).join(",");
    const res = await range(`bytes=${many}`);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.length).toBe(size);
  });

  it("honours If-Range with the current ETag or date, and sends the whole file for a stale one", async () => {
    expect((await range("bytes=0-9", { "if-range": etag })).statusCode).toBe(206);
    expect((await range("bytes=0-9", { "if-range": lastModified })).statusCode).toBe(206);
    const staleTag = await range("bytes=0-9", { "if-range": '"stale-1"' });
    expect(staleTag.statusCode).toBe(200);
    expect(staleTag.rawPayload.length).toBe(size);
    const staleDate = await range("bytes=0-9", { "if-range": "Mon, 01 Jan 2001 00:00:00 GMT" });
    expect(staleDate.statusCode).toBe(200);
    expect((await range("bytes=0-9", { "if-range": `W/${etag}` })).statusCode).toBe(200);
  });

  it("answers 304 to a matching If-None-Match", async () => {
    const res = await get(url, { "if-none-match": etag });
    expect(res.statusCode).toBe(304);
    expect(res.rawPayload.length).toBe(0);
  });
});

describe("stream leases", () => {
  it("lets exactly one of five simultaneous devices play on a one-screen plan", async () => {
    const basic = await signedIn(t, { plan: "basic_monthly" });
    const results = await Promise.all(Array.from({ length: 5 }, () => ticketFor(basic, film.id)));
    const ok = results.filter((r) => r.statusCode === 200);
    const refused = results.filter((r) => r.statusCode === 409);
    expect(ok).toHaveLength(1);
    expect(refused).toHaveLength(4);
    expect(refused[0]?.json()).toMatchObject({
      code: "TOO_MANY_STREAMS",
      message: streamMessages.tooManyStreams(1),
    });
    const [{ n } = { n: 0 }] = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(streamLeases)
      .where(sql`${streamLeases.userId} = ${basic.id} and ${streamLeases.expiresAt} > now()`);
    expect(n).toBe(1);
  });

  it("gives the same device its lease back and refuses a second device until the first releases", async () => {
    const basic = await signedIn(t, { plan: "basic_monthly" });
    const deviceId = newDeviceId();
    const first = await ticket(basic, film.id, { deviceId });
    const again = await ticket(basic, otherFilm.id, { deviceId });
    expect(again.leaseId).toBe(first.leaseId);
    expect((await ticketFor(basic, film.id)).statusCode).toBe(409);

    const del = await t.app.inject({
      method: "DELETE",
      url: `/api/stream/leases/${first.leaseId}`,
      headers: { cookie: basic.cookie },
    });
    expect(del.statusCode).toBe(204);
    expect((await ticketFor(basic, film.id)).statusCode).toBe(200);
  });

  it("frees a lease by sendBeacon (text/plain POST …/release)", async () => {
    const basic = await signedIn(t, { plan: "basic_monthly" });
    const first = await ticket(basic, film.id);
    const beacon = await t.app.inject({
      method: "POST",
      url: `/api/stream/leases/${first.leaseId}/release`,
      headers: { cookie: basic.cookie, "content-type": "text/plain;charset=UTF-8" },
      payload: "bye",
    });
    expect(beacon.statusCode).toBe(204);
    expect((await ticketFor(basic, film.id)).statusCode).toBe(200);
  });

  it("frees a lease after missed heartbeats; the late device gets TOO_MANY_STREAMS if its place was taken", async () => {
    const basic = await signedIn(t, { plan: "basic_monthly" });
    const first = await ticket(basic, film.id);
    const beat = await t.app.inject({
      method: "POST",
      url: `/api/stream/leases/${first.leaseId}/heartbeat`,
      headers: { cookie: basic.cookie },
    });
    expect(beat.statusCode).toBe(200);
    expect(Date.parse(beat.json().expiresAt)).toBeGreaterThan(Date.now() + 60_000);

    await expireLeases(t.database.db, basic.id);
    const second = await ticket(basic, film.id, { deviceId: newDeviceId() });
    const late = await t.app.inject({
      method: "POST",
      url: `/api/stream/leases/${first.leaseId}/heartbeat`,
      headers: { cookie: basic.cookie },
    });
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe("TOO_MANY_STREAMS");

    // Once the other device stops, the late one takes its place again with the same lease.
    await t.app.inject({
      method: "DELETE",
      url: `/api/stream/leases/${second.leaseId}`,
      headers: { cookie: basic.cookie },
    });
    const back = await t.app.inject({
      method: "POST",
      url: `/api/stream/leases/${first.leaseId}/heartbeat`,
      headers: { cookie: basic.cookie },
    });
    expect(back.statusCode).toBe(200);
    expect(back.json().leaseId).toBe(first.leaseId);
  });

  it("allows three screens on premium and five on lifetime", async () => {
    const premium = await signedIn(t, { plan: "premium_monthly" });
    for (let i = 0; i < 3; i++) expect((await ticketFor(premium, film.id)).statusCode).toBe(200);
    expect((await ticketFor(premium, film.id)).statusCode).toBe(409);
    const lifetime = await signedIn(t, { plan: "lifetime" });
    const all = await Promise.all(Array.from({ length: 7 }, () => ticketFor(lifetime, film.id)));
    expect(all.filter((r) => r.statusCode === 200)).toHaveLength(5);
  });

  it("answers 404 to another member's lease and changes nothing", async () => {
    const mine = await ticket(subscriber, film.id);
    const other = await signedIn(t, { plan: "premium_monthly" });
    for (const [method, url] of [
      ["POST", `/api/stream/leases/${mine.leaseId}/heartbeat`],
      ["DELETE", `/api/stream/leases/${mine.leaseId}`],
      ["POST", `/api/stream/leases/${mine.leaseId}/release`],
    ] as const) {
      const res = await t.app.inject({ method, url, headers: { cookie: other.cookie } });
      expect(res.statusCode, url).toBe(404);
    }
    const [row] = await t.database.db
      .select({ live: sql<boolean>`${streamLeases.expiresAt} > now()` })
      .from(streamLeases)
      .where(eq(streamLeases.id, mine.leaseId));
    expect(row?.live).toBe(true);
  });

  it("stops at the next heartbeat once the subscription is over", async () => {
    const db = t.database.db;
    const viewer = await signedIn(t, { plan: "premium_monthly" });
    const tk = await ticket(viewer, film.id);
    // The subscription ends: its entitlement is taken back (docs/decisions/012-entitlements.md).
    await db.execute(sql`update entitlements set revoked_at = now() where user_id = ${viewer.id}`);
    const res = await t.app.inject({
      method: "POST",
      url: `/api/stream/leases/${tk.leaseId}/heartbeat`,
      headers: { cookie: viewer.cookie },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe("SUBSCRIPTION_REQUIRED");
  });
});

describe("views", () => {
  const view = (viewer: { cookie: string }, videoId: string, token: string) =>
    t.app.inject({
      method: "POST",
      url: `/api/videos/${videoId}/views`,
      headers: { cookie: viewer.cookie },
      payload: { token },
    });

  it("counts 100 simultaneous first plays exactly, and a replay of the same load not at all", async () => {
    const db = t.database.db;
    const video = await makeVideo(db, { videoUrl: "local:videos/demo.mp4" });
    const viewers = await Promise.all(
      Array.from({ length: 100 }, () => signedIn(t, { plan: "basic_monthly" })),
    );
    const tickets = await Promise.all(viewers.map((v) => ticket(v, video.id)));
    const first = await Promise.all(viewers.map((v, i) => view(v, video.id, tickets[i]?.token as string)));
    expect(first.every((r) => r.statusCode === 200 && r.json().counted === true)).toBe(true);
    const replay = await Promise.all(viewers.map((v, i) => view(v, video.id, tickets[i]?.token as string)));
    expect(replay.every((r) => r.json().counted === false)).toBe(true);
    const [row] = (
      (await db.execute(sql`select views from videos where id = ${video.id}`)) as unknown as {
        rows: { views: string | number }[];
      }
    ).rows;
    expect(Number(row?.views)).toBe(100);
  });

  it("counts a new load of the same device again", async () => {
    const video = await makeVideo(t.database.db, { videoUrl: "local:videos/demo.mp4" });
    const deviceId = newDeviceId();
    const a = await ticket(subscriber, video.id, { deviceId });
    expect((await view(subscriber, video.id, a.token)).json()).toEqual({ counted: true, views: 1 });
    const b = await ticket(subscriber, video.id, { deviceId });
    expect((await view(subscriber, video.id, b.token)).json()).toEqual({ counted: true, views: 2 });
  });

  it("refuses another member's ticket, another video's ticket and an anonymous call", async () => {
    const tk = await ticket(subscriber, film.id);
    const other = await signedIn(t, { plan: "lifetime" });
    expect((await view(other, film.id, tk.token)).statusCode).toBe(403);
    expect((await view(subscriber, otherFilm.id, tk.token)).statusCode).toBe(403);
    const anonymous = await t.app.inject({
      method: "POST",
      url: `/api/videos/${film.id}/views`,
      payload: { token: tk.token },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe("subtitles", () => {
  it("serves SRT as escaped WebVTT with the ticket", async () => {
    const tk = await ticket(subscriber, film.id);
    const fr = tk.subtitles.find((s) => s.language === "fr");
    const res = await get(fr?.url as string);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/vtt; charset=utf-8");
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.body).toBe(
      "WEBVTT\n\n00:00:01.000 --> 00:00:02.500\n&lt;script&gt;alert(1)&lt;/script&gt; Bonjour <i>à tous</i>\n",
    );
  });

  it("decodes a Windows-1252 file of an episode", async () => {
    const tk = await ticket(subscriber, series.id, { episodeId: episode.id });
    expect(tk.subtitles).toHaveLength(1);
    const res = await get(tk.subtitles[0]?.url as string);
    expect(res.body).toContain("Cinéma d'été");
  });

  it("answers 400 to a binary file, 401 without a ticket, 404 for another video's track", async () => {
    const tk = await ticket(subscriber, film.id);
    const binary = tk.subtitles.find((s) => s.language === "xx");
    expect((await get(binary?.url as string)).statusCode).toBe(400);
    const fr = tk.subtitles.find((s) => s.language === "fr");
    expect((await get(`/api/subtitles/${fr?.id}`)).statusCode).toBe(401);
    const other = await ticket(subscriber, otherFilm.id);
    expect((await get(`/api/subtitles/${fr?.id}?token=${encodeURIComponent(other.token)}`)).statusCode).toBe(
      404,
    );
  });

  it("refuses a file over the size limit with 413", async () => {
    const big = writeMedia(t.config, "subtitles", "huge.srt", Buffer.alloc(3 * 1024 * 1024, 0x41));
    const video = await makeVideo(t.database.db, { videoUrl: "local:videos/demo.mp4" });
    await t.database.db.execute(sql`insert into subtitles (video_id, language, language_name, subtitle_url)
      values (${video.id}, 'fr', 'Français', ${big})`);
    const tk = await ticket(subscriber, video.id);
    expect((await get(tk.subtitles[0]?.url as string)).statusCode).toBe(413);
  });
});

const run = promisify(execFile);
const hasFfprobe = await run("ffprobe", ["-version"]).then(
  () => true,
  () => false,
);
describe.skipIf(!hasFfprobe)("ffprobe on the stream URL", () => {
  it("reads a valid video with a ticket and is refused without", async () => {
    const port = await new Promise<number>((resolve, reject) => {
      t.app.server.listen(0, "127.0.0.1", () => resolve((t.app.server.address() as net.AddressInfo).port));
      t.app.server.once("error", reject);
    });
    try {
      const tk = await ticket(subscriber, film.id);
      const base = `http://127.0.0.1:${port}`;
      const { stdout } = await run("ffprobe", [
        "-v",
        "error",
        "-show_entries",
        "stream=codec_name,width,height:format=duration",
        "-of",
        "json",
        `${base}${tk.url}`,
      ]);
      const probe = JSON.parse(stdout);
      expect(probe.streams.map((s: { codec_name: string }) => s.codec_name)).toEqual(["h264", "aac"]);
      expect(Number(probe.format.duration)).toBeGreaterThan(5);
      const refused = await run("ffprobe", [
        "-v",
        "error",
        `${base}/api/videos/proxy?videoId=${film.id}`,
      ]).then(
        () => "read",
        (err: { stderr: string }) => err.stderr,
      );
      expect(refused).toMatch(/401/);
    } finally {
      await new Promise((r) => t.app.server.close(r));
    }
  });
});
