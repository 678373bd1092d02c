import { inArray, type SQL, sql } from "drizzle-orm";
import type { SearchSuggestion, VideoSummary } from "#contract/catalogue";
import type { Db } from "#db/client";
import { videos } from "#db/schema/catalogue";
import { toVideoSummary, videoSummarySelection } from "./catalogue.queries.ts";

/**
 * French-grade search (issue 4; spec §2 Explore and Search, §5 Search). Folding (case, accents,
 * ligatures, apostrophes and hyphens) is done in PostgreSQL by bobine_fold / bobine_fold_compact
 * (migration 0003_search), stored in generated columns with trigram GIN indexes (migration
 * 0007_search_speed), so nothing is scanned in JavaScript:
 *  - titles (and episode titles, which find their series) match when the folded title contains the
 *    folded query once spaces are removed ('lhomme' finds « L'Homme », 'spiderman' « Spider-Man »);
 *  - descriptions match when the folded description contains the folded query;
 *  - when those find fewer than TYPO_BELOW videos, typos are tolerated: each word of the query is
 *    looked up in the vocabulary of titles (search_words) by trigram similarity ('poulin' finds
 *    'poulain'), and titles containing, for every word that has look-alikes, one of them match
 *    ('amelie poulin' finds « Amélie Poulain »; a word without any, like 'trian', is left out).
 * At most SEARCH_CANDIDATES matches are read before ranking (TYPO_CANDIDATES typo matches), best
 * ways of matching first: a broad query ('ete' matches a third of a synthetic catalogue of
 * 100,000) then answers with a total that is a lower bound (`totalIsLowerBound`), which keeps it
 * within issue 4's speed targets. Pages go no further than the candidates read.
 * `%`, `_` and `\` in a query are literal (escaped for LIKE).
 */

/** Matches read before ranking. */
export const SEARCH_CANDIDATES = 500;
const TYPO_CANDIDATES = 200;
/** Typo tolerance when the exact ways of matching find fewer videos than this (a page). */
const TYPO_BELOW = 24;
/** Vocabulary words kept per query word, and their least trigram similarity to it. */
const NEAR_WORDS = 5;
const NEAR_SIMILARITY = 0.3;
/** Shorter query words are not corrected (too many look-alikes). */
const TYPO_MIN_WORD = 3;

const likeEscape = (text: SQL) =>
  sql`replace(replace(replace(${text}, '\\', '\\\\'), '%', '\\%'), '_', '\\_')`;
const likeEscapeJs = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

function searchTerms(q: string) {
  const folded = sql`bobine_fold(${q}::text)`;
  const compact = sql`bobine_fold_compact(${q}::text)`;
  return {
    folded,
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
 * the query as whole words of the title, title contains, title with typos, an episode title of
 * the series, description only.
 */
const RANK_TYPO = 4;
const RANK_EPISODE = 5;
const RANK_DESCRIPTION = 6;

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** For each query word that has look-alikes in the vocabulary of titles, those words. */
async function nearWords(db: Db, q: string): Promise<string[][]> {
  const rows = rowsOf<{ w: string; words: string[] }>(
    await db.execute(sql`
      select q.w, array(
          select s.word from search_words s
          where s.word % q.w and similarity(s.word, q.w) >= ${NEAR_SIMILARITY}
          order by similarity(s.word, q.w) desc, s.word limit ${NEAR_WORDS}) as words
      from (select distinct w from unnest(string_to_array(bobine_fold(${q}::text), ' ')) w
            where length(w) >= ${TYPO_MIN_WORD}) q`),
  );
  return rows.map((r) => r.words).filter((words) => words.length > 0);
}

/** Titles holding, for every corrected word, one of its look-alikes as a whole word. */
function typoCondition(table: "videos" | "e", near: string[][]): SQL {
  const compact = sql.raw(`${table}.title_compact`);
  const folded = sql.raw(`${table}.title_fold`);
  return sql.join(
    near.map(
      (words) =>
        sql`(${sql.join(
          words.map(
            (w) =>
              sql`(${compact} like ${`%${likeEscapeJs(w)}%`} and ' ' || ${folded} || ' ' like ${`% ${likeEscapeJs(w)} %`})`,
          ),
          sql` or `,
        )})`,
    ),
    sql` and `,
  );
}

/**
 * Candidate ids with their best rank. The ways of matching are read in rank order under one cap
 * (PostgreSQL stops reading an UNION ALL once its LIMIT is reached): a broad query reads at most
 * SEARCH_CANDIDATES title matches and no descriptions at all, a narrow one every match. Episode
 * matches give series ids first, so that each series is read once.
 */
function hitsCte(q: string, where: SQL | undefined, near: string[][] | undefined) {
  const t = searchTerms(q);
  // Filters are written on the `videos` table (video-filters.ts): each branch names it so, and
  // filters apply inside the capped branches; `views` comes along so that relevance needs no join.
  const filter = where ? sql`and ${where}` : sql``;
  const cap = sql.raw(String(SEARCH_CANDIDATES));
  const typoCap = sql.raw(String(TYPO_CANDIDATES));
  const typo = near !== undefined && near.length > 0;
  const episodes = typo
    ? sql`select e.series_id from episodes e
        where e.title_compact like ${t.containsCompact} or (${typoCondition("e", near)})`
    : sql`select e.series_id from episodes e where e.title_compact like ${t.containsCompact}`;
  const ctes = sql`raw (id, folded, views, src, sim) as (
      select * from (
        (select videos.id, videos.title_fold, videos.views, case
            when videos.title_fold = ${t.folded} then 0
            when videos.title_compact like ${t.prefixCompact} then 1
            when ' ' || videos.title_fold || ' ' like ${t.wholeWords} then 2
            else 3 end, null::real
          from videos where videos.title_compact like ${t.containsCompact} ${filter})
        ${
          typo
            ? sql`union all (
          select videos.id, videos.title_fold, videos.views, ${sql.raw(String(RANK_TYPO))},
            strict_word_similarity(${t.folded}, videos.title_fold)
          from videos where ${typoCondition("videos", near)} ${filter} limit ${typoCap})`
            : sql``
        }
        union all (
          select videos.id, null, videos.views, ${sql.raw(String(RANK_EPISODE))}, null
          from videos where videos.id in (${episodes} limit ${cap}) ${filter})
        union all (
          select videos.id, null, videos.views, ${sql.raw(String(RANK_DESCRIPTION))}, null
          from videos where videos.description_fold like ${t.containsFolded} ${filter})
      ) branches limit ${cap}
    ), hits as (
      select id, min(src) as src, max(folded) as folded, max(views) as views, max(sim) as sim
      from raw group by id
    )`;
  const capped = sql`((select count(*) from raw) >= ${cap})`;
  return { ctes, capped };
}

/** Most relevant first; typo matches by similarity, then the most viewed. */
const relevanceOrder = sql`hits.src, hits.sim desc nulls last, hits.views desc, hits.id`;

export interface SearchOptions {
  q: string;
  limit: number;
  offset: number;
  /** Filters, written on the `videos` table (video-filters.ts). */
  where?: SQL | undefined;
  /** Another sort than relevance (video-filters.ts). */
  order?: SQL[] | undefined;
}

export interface SearchPage {
  items: VideoSummary[];
  total: number;
  /** A way of matching stopped at its cap: there are at least `total` matches. */
  totalIsLowerBound: boolean;
}

async function searchPage(db: Db, opts: SearchOptions, near: string[][] | undefined) {
  // Relevance needs nothing but the hits; another sort reads its columns from videos.
  const hits = hitsCte(opts.q, opts.where, near);
  const rows = rowsOf<{ ids: string[]; total: number; capped: boolean }>(
    await db.execute(sql`
      with ${hits.ctes}
      select
        array(select hits.id from hits ${opts.order ? sql`join videos on videos.id = hits.id` : sql``}
          order by ${opts.order ? sql.join(opts.order, sql`, `) : relevanceOrder}
          limit ${opts.limit} offset ${opts.offset}) as ids,
        (select count(*)::int from hits) as total,
        ${hits.capped} as capped`),
  );
  const row = rows[0];
  return { ids: row?.ids ?? [], total: row?.total ?? 0, capped: row?.capped ?? false };
}

/** One page of matching videos, most relevant first, and the number of matches. */
export async function searchVideos(db: Db, opts: SearchOptions): Promise<SearchPage> {
  let page = await searchPage(db, opts, undefined);
  if (page.total < TYPO_BELOW) {
    const near = await nearWords(db, opts.q);
    if (near.length > 0) page = await searchPage(db, opts, near);
  }
  return {
    items: await summariesInOrder(db, page.ids),
    total: page.total,
    totalIsLowerBound: page.capped,
  };
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
export async function searchSuggestions(
  db: Db,
  q: string,
  limit: number,
  /** Written on the `videos` table, like the filters (parental control, decision 008). */
  where?: SQL | undefined,
): Promise<SearchSuggestion[]> {
  const run = (near: string[][] | undefined) =>
    db.execute(sql`
      with ${hitsCte(q, where, near).ctes}
      select videos.id, videos.title, videos.thumbnail,
        (select c.name from video_categories vc join categories c on c.id = vc.category_id
          where vc.video_id = videos.id order by vc.position, c.name limit 1) as category
      from (select * from hits order by ${relevanceOrder} limit ${limit}) hits
      join videos on videos.id = hits.id
      order by ${relevanceOrder}`);
  let rows = rowsOf<SearchSuggestion>(await run(undefined));
  if (rows.length < limit) {
    const near = await nearWords(db, q);
    if (near.length > 0) rows = rowsOf<SearchSuggestion>(await run(near));
  }
  return rows;
}
