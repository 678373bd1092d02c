import type { Scenario } from "../scenario.ts";
import { searchRelevance } from "./search-relevance.ts";

/**
 * Decision 005's fixed set of 50 French queries: accents dropped or added, ligatures, elisions, hyphens
 * and typos, over the word lists of generate.ts (and a few that match nothing).
 */
export const FRENCH_QUERIES = [
  "coeur",
  "cœur",
  "serie",
  "série",
  "lhomme",
  "l'homme",
  "nuit",
  "nuits",
  "etoile",
  "étoile",
  "amour",
  "amours",
  "ombre",
  "ombres",
  "ete",
  "été",
  "memoire",
  "mémoire",
  "foret",
  "forêt",
  "riviere",
  "rivière",
  "lumiere",
  "lumière",
  "secret",
  "secrets",
  "derniere",
  "dernière",
  "jardin",
  "jardins",
  "coeur perdu",
  "nuit blanche",
  "grand voyage",
  "petit prince",
  "sous marin",
  "sous-marin",
  "ile",
  "île",
  "mer",
  "la mer",
  "lumeire",
  "memorie",
  "secert",
  "jradin",
  "amuor",
  "foert",
  "etiole",
  "rivere",
  "zzzxq",
  "kobayashi",
];

/**
 * Home rails in one response, the header suggestions and the Explorer's filter + sort. Rows marked
 * [no cache] load the twin application whose catalogue caches are off: the queries themselves (the
 * home without its cache is measured one request at a time only: 50 connections on a query of
 * 100 ms or more only measure a queue).
 * With the caches on, the 50 queries fit the 50-entry search cache (spec §9) and are mostly hits.
 */
export const discoveryScenario: Scenario = {
  name: "discovery",
  description: "GET /api/home, /api/landing, search (50 French queries), suggestions, Explorer filter + sort",
  async run(ctx) {
    const q = (s: string) => encodeURIComponent(s);
    const searches = FRENCH_QUERIES.map((s) => `/api/videos?q=${q(s)}&limit=24`);
    const suggestions = FRENCH_QUERIES.map((s) => `/api/search/suggestions?q=${q(s)}`);
    // Decision 005's search p50/p95: the 50 queries one at a time, without the cache (3 rounds).
    await ctx.sequential("GET /api/videos?q=<50 French queries> [no cache]", searches, {
      rounds: 3,
      uncached: true,
    });
    await ctx.sequential("GET /api/search/suggestions?q=<50 French queries> [no cache]", suggestions, {
      rounds: 3,
      uncached: true,
    });
    // Decision 030: the share of typed titles found in the top 5, and those queries' latency.
    await searchRelevance(ctx);
    await ctx.sequential("GET /api/home [no cache]", ["/api/home"], { rounds: 20, uncached: true });
    await ctx.sequential("GET /api/landing?type=series [no cache]", ["/api/landing?type=series"], {
      rounds: 20,
      uncached: true,
    });
    // The home and the landing page under load: the catalogue scenario (with and without Brotli).
    await ctx.measure("GET /api/videos?q=<50 French queries>", searches, {
      key: "search",
      sameBytes: true,
    });
    await ctx.measure("GET /api/videos?q=<50 French queries> [no cache]", searches, {
      key: "search [no cache]",
      uncached: true,
    });
    await ctx.measure("GET /api/search/suggestions?q=<50 French queries>", suggestions, {
      key: "suggestions",
      sameBytes: true,
    });
    await ctx.measure("GET /api/search/suggestions?q=<50 French queries> [no cache]", suggestions, {
      key: "suggestions [no cache]",
      uncached: true,
    });
    // The Explorer's filter combinations: the lists scenario (targets of decision 030).
  },
};
