import type { Scenario } from "../scenario.ts";
import { BR } from "../targets.ts";
import { FRENCH_QUERIES } from "./discovery.ts";

/** What a browser sends: the prepared answers' Brotli (docs/decisions/030-prepared-answers.md). */
const BROWSER = { "accept-encoding": "gzip, deflate, br" };

/**
 * Every cacheable answer (decision 030: served from bytes prepared once, ≥ 0.5× hello-world at 50
 * connections, with and without Accept-Encoding) and /api/health (≥ 0.8×, no database round trip
 * per call). Each row with the same key as its target in targets.ts.
 */
export const catalogueScenario: Scenario = {
  name: "catalogue",
  description:
    "cached answers (home, landing, categories, summary, top-rated, first grid page, search and suggestions in Brotli), /api/health",
  async run(ctx) {
    const screens: [string, string][] = [
      ["GET /api/home", "/api/home"],
      ["GET /api/landing?type=series", "/api/landing?type=series"],
      ["GET /api/categories", "/api/categories"],
      ["GET /api/catalogue/summary", "/api/catalogue/summary"],
      ["GET /api/top-rated", "/api/top-rated"],
      ["GET /api/videos?limit=24", "/api/videos?limit=24"],
    ];
    for (const [key, path] of screens) {
      await ctx.measure(key, [path], { key, sameBytes: true });
      await ctx.measure(`${key}${BR}`, [path], { key: `${key}${BR}`, headers: BROWSER, sameBytes: true });
    }
    const q = (s: string) => encodeURIComponent(s);
    // The plain rows of these two are the discovery scenario's ("search", "suggestions").
    await ctx.measure(
      `GET /api/videos?q=<50 French queries>${BR}`,
      FRENCH_QUERIES.map((s) => `/api/videos?q=${q(s)}&limit=24`),
      { key: `search${BR}`, headers: BROWSER, sameBytes: true },
    );
    await ctx.measure(
      `GET /api/search/suggestions?q=<50 French queries>${BR}`,
      FRENCH_QUERIES.map((s) => `/api/search/suggestions?q=${q(s)}`),
      { key: `suggestions${BR}`, headers: BROWSER, sameBytes: true },
    );
    await ctx.measure("GET /api/health", ["/api/health"], { sameBytes: true });
  },
};
