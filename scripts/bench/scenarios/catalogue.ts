import type { Scenario } from "../scenario.ts";

const PAGE = 24;
const DEEP_OFFSET_MAX = 50_000;
const DEEP_OFFSET_COUNT = 200;

/** The public catalogue reads that exist today: first page, a type filter, categories, health, deep pages. */
export const catalogueScenario: Scenario = {
  name: "catalogue",
  description: "GET /api/videos (first page, series, deep offsets), /api/categories, /api/health",
  async run(ctx) {
    await ctx.measure(`GET /api/videos?limit=${PAGE}`, [`/api/videos?limit=${PAGE}`]);
    await ctx.measure(`GET /api/videos?type=series&limit=${PAGE}`, [`/api/videos?type=series&limit=${PAGE}`]);
    await ctx.measure("GET /api/categories", ["/api/categories"]);
    await ctx.measure("GET /api/health", ["/api/health"]);

    // What a browser sends: the same first page, compressed by @fastify/compress.
    await ctx.measure(`GET /api/videos?limit=${PAGE} [gzip, br]`, [`/api/videos?limit=${PAGE}`], {
      headers: { "accept-encoding": "gzip, deflate, br" },
    });

    // Deep pages: offsets drawn up to 50,000 (or the end of a smaller catalogue), rotated. Last,
    // because an overwhelmed server leaves a backlog the next measurement has to wait out.
    const maxOffset = Math.max(0, Math.min(DEEP_OFFSET_MAX, ctx.sizes.videos - PAGE));
    const offsets = Array.from({ length: DEEP_OFFSET_COUNT }, () =>
      Math.floor(ctx.random() * (maxOffset + 1)),
    );
    await ctx.measure(
      `GET /api/videos?limit=${PAGE}&offset=<${DEEP_OFFSET_COUNT} random ≤ ${maxOffset.toLocaleString("en-US")}>`,
      offsets.map((o) => `/api/videos?limit=${PAGE}&offset=${o}`),
      { key: "GET /api/videos deep offsets" },
    );
  },
};
