import { inArray, type SQL, sql } from "drizzle-orm";
import type { SearchSuggestion, VideoSummary } from "#contract/catalogue";
import type { Db } from "#db/client";
import { videos } from "#db/schema/catalogue";
import { toVideoSummary, videoSummarySelection } from "./catalogue.queries.ts";

/**
 * French-grade search (issue 4; spec §2 Explore and Search, §5 Search). Folding (case, accents,
 * ligatures, apostrophes and hyphens) is done in PostgreSQL by bobine_fold / bobine_fold_compact
 * (migration 0003_search), each backed by a trigram GIN index, so nothing is scanned in JavaScript:
 *  - titles (and episode titles, which find their series) match when the folded title contains the
 *    folded query once spaces are removed ('lhomme' finds « L'Homme », 'spiderman' « Spider-Man »),
 *    or by strict word similarity, which tolerates typos ('amelie poulin' finds « Amélie Poulain »);
 *  - descriptions match when the folded description contains the folded query (no typo tolerance:
 *    trigram similarity over title + description took over a second at 100,000 rows in the
 *    prototype measured for issue 4).
 * `%`, `_` and `\` in a query are literal (escaped for LIKE).
 */

const likeEscape = (text: SQL) =>
  sql`replace(replace(replace(${text}, '\\', '\\\\'), '%', '\\%'), '_', '\\_')`;

function searchTerms(q: string) {
  const folded = sql`bobine_fold(${q}::text)`;
  const compact = sql`bobine_fold_compact(${q}::text)`;
  return {
    folded,
    compact,
    /** '%folded%' for descriptions. */
    containsFolded: sql`'%' || ${likeEscape(folded)} || '%'`,
    /** '%compact%' for titles. */
    containsCompact: sql`'%' || ${likeEscape(compact)} || '%'`,
    prefixCompact: sql`${likeEscape(compact)} || '%'`,
    /** '% folded %' against ' ' || title || ' ': the query as whole words. */
    wholeWords: sql`'% ' || ${likeEscape(folded)} || ' %'`,
  };
}

/**
 * Relevance ranks, best first (spec §2: "title containing query first"): exact title, title prefix,
 * the query as whole words of the title, title contains, title similar (typo), an episode title of
 * the series, description only.
 */
const RANK_TYPO = 4;
const RANK_EPISODE = 5;
const RANK_DESCRIPTION = 6;

/**
 * Candidate ids with their best rank, each branch answered by one of the trigram indexes. The
 * folded title is computed once per matching row (the lateral subquery with `offset 0` is not
 * flattened, so the planner does not repeat the call in every rank test).
 *
 * Typo tolerance is the `%>>` operator: strict_word_similarity above the server default of
 * pg_trgm.strict_word_similarity_threshold (0.5). Measured on French titles: 'amelie poulin' ↔
 * « Amélie Poulain » 0.71, 'dernier trian' ↔ « Le Dernier Train pour Arles » 0.57, while plain
 * word_similarity accepted 'poulain' ↔ « Le Dernier Train pour Arles » at 0.63 (strict: 0.36).
 */
function hitsCte(q: string, where: SQL | undefined) {
  const t = searchTerms(q);
  // Filters are written on the `videos` table (video-filters.ts): each branch names it so, and
  // filters apply before grouping; `views` comes along so that relevance needs no second join.
  const filter = where ? sql`and ${where}` : sql``;
  return sql`hits as (
    select h.id, min(h.src) as src, max(h.folded) as folded, max(h.views) as views from (
      select m.id, m.folded, m.views, case
          when m.folded = ${t.folded} then 0
          when replace(m.folded, ' ', '') like ${t.prefixCompact} then 1
          when ' ' || m.folded || ' ' like ${t.wholeWords} then 2
          when replace(m.folded, ' ', '') like ${t.containsCompact} then 3
          else ${sql.raw(String(RANK_TYPO))} end as src
      from (
        select videos.id, videos.views, f.folded
        from videos cross join lateral (select bobine_fold(videos.title) as folded offset 0) f
        where (bobine_fold(videos.title) %>> ${t.folded} or bobine_fold_compact(videos.title) like ${t.containsCompact})
          ${filter}
      ) m
      union all
      select videos.id, null, videos.views, ${sql.raw(String(RANK_EPISODE))}
        from episodes e join videos on videos.id = e.series_id
        where (bobine_fold(e.title) %>> ${t.folded} or bobine_fold_compact(e.title) like ${t.containsCompact})
          ${filter}
      union all
      select videos.id, null, videos.views, ${sql.raw(String(RANK_DESCRIPTION))} from videos
        where bobine_fold(videos.description) like ${t.containsFolded}
          ${filter}
    ) h group by h.id
  )`;
}

/**
 * Most relevant first; typo matches by similarity (computed for those rows only: it costs about
 * 3 µs a row), then the most viewed.
 */
function relevanceOrder(q: string) {
  const t = searchTerms(q);
  return sql`hits.src,
    case when hits.src = ${sql.raw(String(RANK_TYPO))} then strict_word_similarity(${t.folded}, hits.folded) end desc nulls last,
    hits.views desc, hits.id`;
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

export interface SearchOptions {
  q: string;
  limit: number;
  offset: number;
  /** Filters, written on the `videos` table (video-filters.ts). */
  where?: SQL | undefined;
  /** Another sort than relevance (video-filters.ts). */
  order?: SQL[] | undefined;
}

/** One page of matching videos, most relevant first, and the number of matches. */
export async function searchVideos(
  db: Db,
  opts: SearchOptions,
): Promise<{ items: VideoSummary[]; total: number }> {
  // Relevance needs nothing but the hits; another sort reads its columns from videos.
  const rows = rowsOf<{ id: string; total: number }>(
    await db.execute(sql`
      with ${hitsCte(opts.q, opts.where)}
      select hits.id, count(*) over ()::int as total
      from hits ${opts.order ? sql`join videos on videos.id = hits.id` : sql``}
      order by ${opts.order ? sql.join(opts.order, sql`, `) : relevanceOrder(opts.q)}
      limit ${opts.limit} offset ${opts.offset}`),
  );
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && opts.offset > 0) {
    // Past the last page: the window count is not available, count separately.
    const counted = rowsOf<{ total: number }>(
      await db.execute(sql`with ${hitsCte(opts.q, opts.where)} select count(*)::int as total from hits`),
    );
    total = counted[0]?.total ?? 0;
  }
  const ids = rows.map((r) => r.id);
  return { items: await summariesInOrder(db, ids), total };
}

/** Category names only for the page's rows (the page-ids-first pattern of catalogue.queries.ts). */
async function summariesInOrder(db: Db, ids: string[]): Promise<VideoSummary[]> {
  if (ids.length === 0) return [];
  const rows = await db.select(videoSummarySelection).from(videos).where(inArray(videos.id, ids));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [toVideoSummary(row)] : [];
  });
}

/** spec §2 Header: up to 5 suggestions (thumbnail, title, category), most relevant first. */
export async function searchSuggestions(db: Db, q: string, limit: number): Promise<SearchSuggestion[]> {
  return rowsOf<SearchSuggestion>(
    await db.execute(sql`
      with ${hitsCte(q, undefined)}
      select videos.id, videos.title, videos.thumbnail,
        (select c.name from video_categories vc join categories c on c.id = vc.category_id
          where vc.video_id = videos.id order by vc.position, c.name limit 1) as category
      from (select * from hits order by ${relevanceOrder(q)} limit ${limit}) hits
      join videos on videos.id = hits.id
      order by ${relevanceOrder(q)}`),
  );
}
