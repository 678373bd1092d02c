import type { Scenario } from "../scenario.ts";

/**
 * Issue 4's fixed set of 50 French queries: accents dropped or added, ligatures, elisions, hyphens
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

/** Home rails in one response, the header suggestions and the Explorer's filter + sort. */
export const discoveryScenario: Scenario = {
  name: "discovery",
  description: "GET /api/home, /api/landing, search (50 French queries), suggestions, Explorer filter + sort",
  async run(ctx) {
    await ctx.measure("GET /api/home", ["/api/home"]);
    await ctx.measure("GET /api/landing?type=series", ["/api/landing?type=series"]);
    const q = (s: string) => encodeURIComponent(s);
    await ctx.measure(
      "GET /api/videos?q=<50 French queries>",
      FRENCH_QUERIES.map((s) => `/api/videos?q=${q(s)}&limit=24`),
      { key: "search" },
    );
    await ctx.measure(
      "GET /api/search/suggestions?q=<50 French queries>",
      FRENCH_QUERIES.map((s) => `/api/search/suggestions?q=${q(s)}`),
      { key: "suggestions" },
    );
    const year = new Date().getFullYear();
    const sorts = ["recent", "title", "year", "rating", "views"];
    await ctx.measure(
      "GET /api/videos Explorer filter + sort (rotated)",
      sorts.map(
        (sort, i) =>
          `/api/videos?limit=24&sort=${sort}&yearMin=${1980 + i * 5}&yearMax=${year}&ratingMin=${i % 3}`,
      ),
      { key: "explorer" },
    );
  },
};
