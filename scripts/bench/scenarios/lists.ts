import { sql } from "drizzle-orm";
import type { BenchContext, Scenario } from "../scenario.ts";
import { FIRST_PAGE_KEY, UNCACHED_KEYS } from "../targets.ts";

const PAGE = 24;
const COMBOS = 60;
const DEEP_PATHS = 200;
const WALK_PAGE = 100;

const rows = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** Explorer filter combinations: 1 to 3 filters and a sort, drawn the same way every run. */
async function explorerPaths(ctx: BenchContext): Promise<string[]> {
  const names = rows<{ name: string }>(
    await ctx.database.db.execute(sql`select name from categories order by name`),
  ).map((r) => r.name);
  const year = new Date().getFullYear();
  const pick = <T>(list: readonly T[]) => list[Math.floor(ctx.random() * list.length)] as T;
  // One drawing per kind of filter, so that no two contradict each other (min above max).
  const filters: (() => string)[][] = [
    [
      () => `categories=${encodeURIComponent(pick(names))}`,
      () => `categories=${encodeURIComponent(pick(names))},${encodeURIComponent(pick(names))}`,
    ],
    [() => `language=${pick(["fr", "en", "es", "de", "it"])}`],
    [
      () => `yearMin=${1960 + Math.floor(ctx.random() * 60)}`,
      () => `yearMin=${2000 + Math.floor(ctx.random() * 15)}&yearMax=${year}`,
    ],
    [() => `ratingMin=${pick(["2", "3", "3.5", "4"])}`, () => `ratingMax=${pick(["2", "3"])}`],
    [() => `type=${pick(["movie", "series"])}`],
  ];
  const sorts = ["recent", "title", "year", "rating", "views"];
  return Array.from({ length: COMBOS }, () => {
    const kinds = [...filters].sort(() => ctx.random() - 0.5).slice(0, 1 + Math.floor(ctx.random() * 3));
    const chosen = kinds.map((kind) => pick(kind)());
    return `/api/videos?limit=${PAGE}&sort=${pick(sorts)}&${chosen.join("&")}`;
  });
}

/**
 * Cursors all along « Plus récents », collected by walking the whole grid 100 at a time (a
 * thousand pages at 100,000 videos), then DEEP_PATHS of them drawn at random: pages deep in the
 * list, as a member who scrolled that far would ask for them.
 */
async function deepCursorPaths(ctx: BenchContext): Promise<{ paths: string[]; walked: number }> {
  const cursors: string[] = [];
  let cursor: string | null = null;
  do {
    const res: Response = await fetch(
      `${ctx.uncachedOrigin}/api/videos?sort=recent&limit=${WALK_PAGE}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`,
    );
    if (!res.ok) throw new Error(`walking the grid: ${res.status} ${await res.text()}`);
    cursor = ((await res.json()) as { nextCursor: string | null }).nextCursor;
    if (cursor) cursors.push(cursor);
  } while (cursor);
  const paths = Array.from({ length: Math.min(DEEP_PATHS, cursors.length) }, () => {
    const c = cursors[Math.floor(ctx.random() * cursors.length)] as string;
    return `/api/videos?sort=recent&limit=${PAGE}&cursor=${encodeURIComponent(c)}`;
  });
  return { paths, walked: cursors.length + 1 };
}

/** A member's history pages: every sort and filter, and the later pages of the newest first. */
async function historyPaths(ctx: BenchContext, cookie: string): Promise<string[]> {
  const paths: string[] = [];
  for (const sort of ["recent", "oldest", "title", "progress"])
    for (const filter of ["all", "in-progress", "completed"])
      paths.push(`/api/history?sort=${sort}&filter=${filter}`);
  let cursor: string | null = null;
  do {
    const res: Response = await fetch(
      `${ctx.origin}/api/history?sort=recent${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`,
      { headers: { cookie } },
    );
    if (!res.ok) throw new Error(`walking the history: ${res.status} ${await res.text()}`);
    cursor = ((await res.json()) as { nextCursor: string | null }).nextCursor;
    if (cursor) paths.push(`/api/history?sort=recent&cursor=${encodeURIComponent(cursor)}`);
  } while (cursor && paths.length < 40);
  return paths;
}

/**
 * The answers no cache can hold (decision 030: p95 ≤ 10 ms one at a time and ≥ 2,000 req/s at 50
 * connections on PostgreSQL, PGlite within 3×): the Explorer's filter combinations, deep keyset
 * pages, a member's history and « Ma liste » (a generated member: 500 history rows and 40
 * favourites at the default sizes). Grid pages are read from the twin application whose caches
 * are off (the unfiltered ones are cached by the real one); the first page's latency is the
 * reference of « the 10,000th page costs what the first does ».
 */
export const listsScenario: Scenario = {
  name: "lists",
  description:
    "Explorer filter combinations, deep keyset pages, a member's history and Ma liste (uncacheable)",
  async run(ctx) {
    const explorer = await explorerPaths(ctx);
    await ctx.sequential(`${UNCACHED_KEYS.explorer} <${COMBOS} combinations>`, explorer, {
      rounds: 3,
      key: UNCACHED_KEYS.explorer,
    });
    await ctx.measure(`${UNCACHED_KEYS.explorer} <${COMBOS} combinations>`, explorer, {
      key: UNCACHED_KEYS.explorer,
    });

    const first = `/api/videos?sort=recent&limit=${PAGE}`;
    await ctx.sequential(`${FIRST_PAGE_KEY} ${first}`, [first], {
      rounds: 60,
      uncached: true,
      key: FIRST_PAGE_KEY,
    });
    const deep = await deepCursorPaths(ctx);
    ctx.log(`walked ${deep.walked.toLocaleString("en-US")} pages of ${WALK_PAGE} for the cursors`);
    await ctx.sequential(
      `${UNCACHED_KEYS.deep} <${deep.paths.length} random cursors> [no cache]`,
      deep.paths,
      {
        rounds: 2,
        uncached: true,
        key: UNCACHED_KEYS.deep,
      },
    );
    await ctx.measure(`${UNCACHED_KEYS.deep} <${deep.paths.length} random cursors> [no cache]`, deep.paths, {
      uncached: true,
      key: UNCACHED_KEYS.deep,
    });
    // Older clients' offsets, for comparison (no target: they cost what they skip).
    const maxOffset = Math.max(0, Math.min(50_000, ctx.sizes.videos - PAGE));
    const offsets = Array.from({ length: 20 }, () => Math.floor(ctx.random() * (maxOffset + 1)));
    await ctx.sequential(
      `deep offsets ≤ ${maxOffset.toLocaleString("en-US")} (older clients) [no cache]`,
      offsets.map((o) => `/api/videos?sort=recent&limit=${PAGE}&offset=${o}`),
      { rounds: 1, uncached: true, key: "deep offsets (older clients)" },
    );

    const [member] = rows<{ id: string }>(
      await ctx.database.db.execute(sql`select id from profiles where username = 'membre_1'`),
    );
    if (!member) {
      ctx.log("lists: no generated member, history and Ma liste skipped");
      return;
    }
    const cookie = await ctx.cookieOf(member.id);
    const history = await historyPaths(ctx, cookie);
    await ctx.sequential(`${UNCACHED_KEYS.history} <${history.length} pages>`, history, {
      rounds: 3,
      key: UNCACHED_KEYS.history,
      headers: { cookie },
    });
    await ctx.measure(`${UNCACHED_KEYS.history} <${history.length} pages>`, history, {
      key: UNCACHED_KEYS.history,
      headers: { cookie },
    });
    const favorites = ["recent", "title", "year", "rating", "views"].map(
      (sort) => `/api/favorites?sort=${sort}&limit=60`,
    );
    await ctx.sequential(`${UNCACHED_KEYS.favorites} <5 sorts>`, favorites, {
      rounds: 6,
      key: UNCACHED_KEYS.favorites,
      headers: { cookie },
    });
    await ctx.measure(`${UNCACHED_KEYS.favorites} <5 sorts>`, favorites, {
      key: UNCACHED_KEYS.favorites,
      headers: { cookie },
    });
  },
};
