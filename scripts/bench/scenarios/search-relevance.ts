import { sql } from "drizzle-orm";
import type { BenchContext } from "../scenario.ts";

/**
 * Decision 048's search relevance at the bench's size (docs/decisions/048-search-relevance.md): titles
 * of the generated catalogue searched as people type them — one word misspelt (two neighbouring
 * letters swapped), a word added that matches nothing, the last word cut short — each must come back
 * in the first five (a title with the same words counts: the generator repeats them). The demo's
 * French corpus (tests/api/search-corpus.test.ts) checks the same on real-looking titles.
 */

const TITLES = 60;
/** A word found in no generated title. */
const STRANGER = "zorglub";

const plain = (text: string) => text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();

/** The three ways of typing `title`, or fewer when a way does not apply. */
export function relevanceQueries(title: string): { kind: string; q: string }[] {
  const words = plain(title)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 0);
  const out: { kind: string; q: string }[] = [];
  const longest = [...words].sort((a, b) => b.length - a.length)[0] ?? "";
  if (longest.length >= 5) {
    const i = Math.floor(longest.length / 2);
    const typo = `${longest.slice(0, i - 1)}${longest[i]}${longest[i - 1]}${longest.slice(i + 1)}`;
    out.push({ kind: "typo", q: words.map((w) => (w === longest ? typo : w)).join(" ") });
  }
  out.push({ kind: "extra word", q: `${words.join(" ")} ${STRANGER}` });
  const last = words.at(-1) ?? "";
  if (last.length >= 5)
    out.push({
      kind: "prefix",
      q: [...words.slice(0, -1), last.slice(0, Math.ceil(last.length * 0.6))].join(" "),
    });
  return out;
}

export async function searchRelevance(ctx: BenchContext) {
  const rows = (await ctx.database.db.execute(
    sql`select id, title from videos order by id limit ${TITLES}`,
  )) as unknown as { rows: { id: string; title: string }[] };
  const cases = rows.rows.flatMap((r) => relevanceQueries(r.title).map((c) => ({ ...c, title: r.title })));
  const misses: string[] = [];
  for (const c of cases) {
    const res = await fetch(`${ctx.uncachedOrigin}/api/videos?limit=5&q=${encodeURIComponent(c.q)}`);
    const body = (await res.json()) as { items?: { title: string }[] };
    const titles = (body.items ?? []).map((v) => plain(v.title));
    if (!titles.includes(plain(c.title))) misses.push(`${c.kind} « ${c.q} » → « ${c.title} »`);
  }
  const share = cases.length === 0 ? 1 : (cases.length - misses.length) / cases.length;
  const latency = await ctx.sequential(
    `GET /api/videos?q=<${cases.length} titles typed with a typo, an extra word, a cut word> [no cache]`,
    cases.map((c) => `/api/videos?limit=24&q=${encodeURIComponent(c.q)}`),
    { rounds: 1, uncached: true, key: "search relevance queries [no cache]" },
  );
  ctx.check(
    "search: expected title in the top 5 (typo, extra word, cut word)",
    share >= 0.9,
    `${(share * 100).toFixed(1)} % of ${cases.length} queries (target ≥ 90 %)${
      misses.length > 0 ? `; first misses: ${misses.slice(0, 3).join("; ")}` : ""
    }`,
  );
  return { share, cases: cases.length, latency };
}
