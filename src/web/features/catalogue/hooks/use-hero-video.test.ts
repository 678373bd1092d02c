// @vitest-environment node
import { describe, expect, it } from "vitest";
import { HERO_POOL_SIZE, pickHeroVideo } from "./use-hero-video.ts";

describe("pickHeroVideo (spec §2: random among the first 10 loaded)", () => {
  const items = Array.from({ length: 30 }, (_, i) => i);

  it("only ever picks among the first 10", () => {
    expect(HERO_POOL_SIZE).toBe(10);
    expect(pickHeroVideo(items, 0)).toBe(0);
    expect(pickHeroVideo(items, 0.55)).toBe(5);
    expect(pickHeroVideo(items, 0.999999)).toBe(9);
    expect(pickHeroVideo(items, 1)).toBe(9);
  });

  it("works with fewer than 10 items and with none", () => {
    expect(pickHeroVideo([7, 8, 9], 0.99)).toBe(9);
    expect(pickHeroVideo([], 0.5)).toBeUndefined();
  });
});
