import { and, eq, type SQL, sql } from "drizzle-orm";
import type { Category } from "#contract/catalogue";
import { EXACT_TOTAL_MAX } from "#contract/paging";
import type { Db } from "#db/client";
import { categories, videos } from "#db/schema/catalogue";
import { maturitiesOf } from "../shared/audience.queries.ts";
import type { Audience } from "../shared/audience.ts";
import { keysText, orderOf, type SortKey } from "../shared/keyset.queries.ts";
import { rowsOf } from "../shared/sql.queries.ts";
import { toVideoSummary, videoSummarySelection } from "../shared/video-summary.queries.ts";

/**
 * Number of videos matching the Explorer filters: counted up to EXACT_TOTAL_MAX (at most that many
 * index entries read), above which the planner's estimate stands in (`estimate`: an exact count
 * reads every matching row, 100 ms at a million videos).
 */
export async function countVideos(
  db: Db,
  where: SQL | undefined,
): Promise<{ total: number; estimate: boolean }> {
  const capped = rowsOf<{ n: number }>(
    await db.execute(
      sql`select count(*)::int as n from (select 1 from ${videos} where ${where ?? sql`true`} limit ${
        EXACT_TOTAL_MAX + 1
      }) capped`,
    ),
  );
  const exact = capped[0]?.n ?? 0;
  if (exact <= EXACT_TOTAL_MAX) return { total: exact, estimate: false };
  const plan = rowsOf<{ "QUERY PLAN": unknown }>(
    await db.execute(sql`explain (format json) select 1 from ${videos} where ${where ?? sql`true`}`),
  );
  return { total: Math.max(EXACT_TOTAL_MAX + 1, planRows(plan[0]?.["QUERY PLAN"])), estimate: true };
}

/** The row estimate of an EXPLAIN (FORMAT JSON) answer (a JSON value or its text, by driver). */
function planRows(plan: unknown): number {
  const parsed = typeof plan === "string" ? (JSON.parse(plan) as unknown) : plan;
  const rows = (parsed as [{ Plan?: { "Plan Rows"?: number } }] | undefined)?.[0]?.Plan?.["Plan Rows"];
  return typeof rows === "number" && Number.isFinite(rows) ? Math.round(rows) : 0;
}

/**
 * One page of the catalogue, filtered and sorted (spec §2 Explore), read with one walk of the
 * sort's index from the cursor's keys (`after`, keyset.queries.ts) or from `offset` (older
 * clients); one row more than the page says whether another follows. `count` gives the number of
 * matches (the routes pass one that goes through the catalogue cache).
 */
export async function listVideosFiltered(
  db: Db,
  opts: {
    limit: number;
    offset: number;
    where: SQL | undefined;
    keys: SortKey[];
    after?: SQL | undefined;
    count: () => Promise<{ total: number; estimate: boolean }>;
  },
) {
  // The page's ids first, then the category names for those rows only: with a plain OFFSET the
  // per-row subquery would run for every skipped row (measured by `npm run bench`).
  const order = orderOf(opts.keys);
  const page = db
    .select({ pageId: videos.id, cursorKeys: keysText(opts.keys).as("cursor_keys") })
    .from(videos)
    .where(and(opts.where, opts.after))
    .orderBy(...order)
    .limit(opts.limit + 1)
    .offset(opts.offset)
    .as("page");
  const [rows, counted] = await Promise.all([
    db
      .select({ ...videoSummarySelection, cursorKeys: page.cursorKeys })
      .from(videos)
      .innerJoin(page, eq(page.pageId, videos.id))
      .orderBy(...order),
    opts.count(),
  ]);
  const more = rows.length > opts.limit;
  const shown = more ? rows.slice(0, opts.limit) : rows;
  return {
    items: shown.map(toVideoSummary),
    total: counted.total,
    estimate: counted.estimate,
    /** The last row's keys when another page follows. */
    lastKeys: more ? (shown.at(-1)?.cursorKeys ?? null) : null,
  };
}

/**
 * Categories with the number of videos an audience may see (published, parental control: decision
 * 008), read from the totals the triggers keep per category and maturity (migration 0027): counting
 * the videos themselves took seconds at a million titles (issue 14's `--videos 1000000` run).
 */
export async function listCategoriesWithCounts(db: Db, audience: Audience): Promise<Category[]> {
  const maturities = maturitiesOf(audience);
  const videoCount = sql<number>`coalesce((select sum(t.videos)::int from category_view_totals t
    where t.category_id = "categories"."id" and t.maturity in (${maturities})), 0)`;
  const rows = await db
    .select({
      id: categories.id,
      name: categories.name,
      description: categories.description,
      color: categories.color,
      createdAt: categories.createdAt,
      videoCount,
    })
    .from(categories)
    .orderBy(categories.name);
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}
