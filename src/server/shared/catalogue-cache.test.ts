import { describe, expect, it } from "vitest";
import { CatalogueCache, cacheKey, ResponseCache } from "./catalogue-cache.ts";

const deferred = () => {
  let resolve: (v: string) => void = () => {};
  const promise = new Promise<string>((r) => {
    resolve = r;
  });
  return { promise, resolve };
};

describe("ResponseCache", () => {
  it("runs one load for concurrent misses of the same key", async () => {
    const cache = new ResponseCache({ maxEntries: 10, ttlMs: 1000, now: () => 0 });
    const d = deferred();
    let loads = 0;
    const load = () => {
      loads++;
      return d.promise;
    };
    const all = Promise.all([cache.get("k", load), cache.get("k", load), cache.get("k", load)]);
    d.resolve("v");
    expect(await all).toEqual(["v", "v", "v"]);
    expect(loads).toBe(1);
    expect(await cache.get("k", load)).toBe("v");
    expect(loads).toBe(1);
  });

  it("does not keep what a load read before the cache was cleared, nor a failure", async () => {
    const cache = new ResponseCache({ maxEntries: 10, ttlMs: 1000, now: () => 0 });
    const d = deferred();
    const first = cache.get("k", () => d.promise);
    cache.clear();
    // A request after the clear does not wait for the older load.
    expect(await cache.get("k", async () => "new")).toBe("new");
    d.resolve("old");
    expect(await first).toBe("old");
    expect(await cache.get("k", async () => "newer")).toBe("new");
    await expect(cache.get("e", async () => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
    expect(await cache.get("e", async () => "ok")).toBe("ok");
  });

  it("drops the least recently used entry past its bound", async () => {
    const cache = new ResponseCache({ maxEntries: 2, ttlMs: 1000, now: () => 0 });
    await cache.get("a", async () => "a1");
    await cache.get("b", async () => "b1");
    await cache.get("a", async () => "a2"); // a is now the most recently used
    await cache.get("c", async () => "c1");
    expect(cache.size).toBe(2);
    expect(await cache.get("a", async () => "a3")).toBe("a1");
    expect(await cache.get("b", async () => "b2")).toBe("b2");
  });
});

describe("CatalogueCache", () => {
  it("is off until it listens, and empties itself when listening starts again", async () => {
    const cache = new CatalogueCache();
    expect(cache.active).toBe(false);
    cache.setListening(true);
    expect(cache.active).toBe(true);
    await cache.catalogue.get("home", async () => "h1");
    cache.setListening(false);
    expect(cache.active).toBe(false);
    cache.setListening(true);
    expect(await cache.catalogue.get("home", async () => "h2")).toBe("h2");
    expect(new CatalogueCache({ enabled: false }).active).toBe(false);
  });

  it("keys responses by audience and by parameters in any order", () => {
    expect(cacheKey("landing", { type: "movie", x: 1 })).toBe(cacheKey("landing", { x: 1, type: "movie" }));
    expect(cacheKey("home", {}, { maxMaturity: "teen" })).not.toBe(cacheKey("home", {}));
  });
});
