import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeCategory, makeVideo } from "../factories/catalogue.ts";
import { createTestApp, type TestApp } from "../harness.ts";

/**
 * Cached answers are prepared once (docs/decisions/030-prepared-answers.md): the same bytes for
 * every request, Brotli or gzip as the client takes them (never compressed twice), a validator,
 * and 304 Not Modified for a client whose copy is current.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  const drame = await makeCategory(t.database.db, { name: "Drame" });
  // Enough videos for answers above the compression threshold.
  for (let i = 0; i < 30; i++) {
    await makeVideo(t.database.db, { title: `La Rivière ${i}`, views: i, type: i % 2 ? "movie" : "series" }, [
      drame.id,
    ]);
  }
});
afterAll(async () => {
  await t?.close();
});

const CACHED = [
  "/api/home",
  "/api/landing?type=series",
  "/api/categories",
  "/api/catalogue/summary",
  "/api/top-rated",
  "/api/videos?limit=24",
  "/api/videos?type=movie&sort=views&limit=24",
  "/api/videos?q=riviere&limit=24",
  "/api/search/suggestions?q=riviere",
];

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: "GET", url, headers });

/** The first request fills the cache; the caches serve only while listening (decision 005). */
async function warm(url: string) {
  await expect
    .poll(async () => (await get(url)).headers.etag, { timeout: 10_000 })
    .toMatch(/^W\/"[A-Za-z0-9_-]+"$/);
}

describe("cached answers", () => {
  it("come with a validator and answer 304 without a body to a client that holds them", async () => {
    for (const url of CACHED) {
      await warm(url);
      const first = await get(url);
      expect(first.statusCode, url).toBe(200);
      const etag = first.headers.etag as string;
      expect(first.headers.vary).toMatch(/accept-encoding/i);
      expect(first.headers["cache-control"]).toBe("no-cache");
      const again = await get(url, { "if-none-match": etag });
      expect(again.statusCode, url).toBe(304);
      expect(again.body).toBe("");
      // A list of validators, the strong form, and `*` match too; another one does not.
      expect((await get(url, { "if-none-match": `"zzz", ${etag}` })).statusCode).toBe(304);
      expect((await get(url, { "if-none-match": etag.slice(2) })).statusCode).toBe(304);
      expect((await get(url, { "if-none-match": "*" })).statusCode).toBe(304);
      expect((await get(url, { "if-none-match": 'W/"autre"' })).statusCode).toBe(200);
    }
  });

  it("are the same bytes every time, compressed once: Brotli or gzip as asked, and none without Accept-Encoding", async () => {
    for (const url of CACHED) {
      await warm(url);
      const plain = await get(url);
      expect(plain.headers["content-encoding"], url).toBeUndefined();
      const json = plain.rawPayload;
      expect(() => JSON.parse(json.toString())).not.toThrow();

      const br1 = await get(url, { "accept-encoding": "gzip, deflate, br" });
      const br2 = await get(url, { "accept-encoding": "br" });
      const gz1 = await get(url, { "accept-encoding": "gzip" });
      const gz2 = await get(url, { "accept-encoding": "br;q=0, gzip;q=0.8" });
      if (json.length < 1024) {
        // Below the threshold an answer travels as it is, whatever the client takes.
        for (const r of [br1, gz1]) expect(r.headers["content-encoding"], url).toBeUndefined();
        continue;
      }
      expect(br1.headers["content-encoding"], url).toBe("br");
      expect(br1.rawPayload.equals(br2.rawPayload), url).toBe(true);
      // Decompressed once gives the JSON: the prepared bytes were not compressed a second time.
      expect(zlib.brotliDecompressSync(br1.rawPayload).equals(json), url).toBe(true);
      expect(Number(br1.headers["content-length"])).toBe(br1.rawPayload.length);
      expect(gz1.headers["content-encoding"], url).toBe("gzip");
      expect(gz2.headers["content-encoding"], url).toBe("gzip");
      expect(gz1.rawPayload.equals(gz2.rawPayload), url).toBe(true);
      expect(zlib.gunzipSync(gz1.rawPayload).equals(json), url).toBe(true);
      // Every encoding shares the validator of the JSON it carries.
      expect(br1.headers.etag).toBe(plain.headers.etag);
      expect(gz1.headers.etag).toBe(plain.headers.etag);
      // A client that refuses both gets the JSON.
      const none = await get(url, { "accept-encoding": "identity, br;q=0, gzip;q=0" });
      expect(none.headers["content-encoding"]).toBeUndefined();
      expect(none.rawPayload.equals(json)).toBe(true);
    }
  });

  it("change validator when the catalogue changes", async () => {
    await warm("/api/categories");
    const before = (await get("/api/categories")).headers.etag;
    await makeCategory(t.database.db, { name: "Western" });
    await expect
      .poll(async () => (await get("/api/categories")).headers.etag, { timeout: 10_000 })
      .not.toBe(before);
    const after = await get("/api/categories");
    expect(after.json().items.map((c: { name: string }) => c.name)).toContain("Western");
  });

  it("are not used for a filtered list, which is read each time and compressed by the server as usual", async () => {
    const res = await get("/api/videos?yearMin=1990&limit=24", { "accept-encoding": "gzip" });
    expect(res.statusCode).toBe(200);
    expect(res.headers.etag).toBeUndefined();
    expect(res.headers["content-encoding"]).toBe("gzip");
    expect(JSON.parse(zlib.gunzipSync(res.rawPayload).toString()).items).toHaveLength(24);
  });
});

describe("health", () => {
  it("answers from the database's recent state: many calls at once, one ping", async () => {
    const ping = t.database.ping;
    let pings = 0;
    t.database.ping = (ms) => {
      pings++;
      return ping(ms);
    };
    try {
      // Past the freshness of any earlier answer.
      await new Promise((r) => setTimeout(r, 300));
      const answers = await Promise.all(Array.from({ length: 20 }, () => get("/api/health")));
      for (const a of answers) {
        expect(a.statusCode).toBe(200);
        expect(a.json()).toEqual({ status: "ok", databaseOk: true });
      }
      expect(pings).toBe(1);
    } finally {
      t.database.ping = ping;
    }
  });

  it("says degraded when the database stops answering its ping", async () => {
    const ping = t.database.ping;
    t.database.ping = async () => false;
    try {
      await expect
        .poll(async () => (await get("/api/health")).statusCode, { timeout: 5_000, interval: 100 })
        .toBe(503);
      expect((await get("/api/health")).json()).toEqual({ status: "degraded", databaseOk: false });
    } finally {
      t.database.ping = ping;
    }
    await expect.poll(async () => (await get("/api/health")).statusCode, { timeout: 5_000 }).toBe(200);
  });
});
