import { type SQL, sql } from "drizzle-orm";
import type { SearchSuggestion, VideoSummary } from "#contract/catalogue";
import type { Db } from "#db/client";
import { likeEscapeJs, rowsOf } from "../shared/sql.queries.ts";
import { summariesInOrder } from "../shared/video-summary.queries.ts";
import { rankCandidates, type SearchWord } from "./search-ranking.ts";
import {
  ASCII_FOLD_PROBE,
  asciiFold,
  deletions,
  editDistance,
  queryWords,
  SEARCH_PUNCTUATION,
  stripPunctuation,
  typoBudget,
  wordsOf,
} from "./search-words.ts";

/**
 * Search that a Meilisearch user would not miss (spec §2 Explore and Search, §5 Search; decision 048;
 * docs/decisions/048-search-relevance.md for the rules, 005 and 030 for speed and caching).
 *
 * 1. The query is folded by bobine_fold (migration 0003: case, accents, ligatures, elisions) and cut
 *    into words (search-words.ts).
 * 2. Each word of 5 letters or more gets its look-alikes from the vocabulary of titles, episode
 *    titles and categories (search_words): one typo from 5 letters, two from 9, a swap counting as
 *    one. Candidates come from indexes (search_word_deletes, migration 0022; trigram similarity for
 *    the long words) and the exact distance is checked here.
 * 3. Candidates are read through indexes, capped, in branches: titles holding every word, the query
 *    without spaces inside a title (« spiderman », « lhomme »), descriptions holding every word, then
 *    for each word the titles, episode titles (which find their series), categories and
 *    descriptions holding it. A video therefore matches when ANY word matches: those matching the
 *    most words come first, and the page is empty only when no word matches anything.
 * 4. Each candidate's words are measured (search-ranking.ts) and the candidates ranked by words
 *    matched, typos, proximity and order, exactness, attribute, then views.
 * A branch that reaches its cap makes the total a lower bound (`totalIsLowerBound`).
 */

/** Matches read by a branch holding every word; each word's own branches read PER_WORD. */
export const SEARCH_CANDIDATES = 200;
const PER_WORD = 100;
/** The least a term reads when many share the budget. */
const MIN_PER_TERM = 25;
/** Look-alikes kept per word (closest first). */
const MAX_TYPO_WORDS = 8;
/** A word shorter than this matches inside a title's letters only as a whole word or prefix. */
const INNER_MIN = 4;

/** A PostgreSQL regular expression (ARE) matching `text` literally. */
const reEscape = (text: string) => text.replace(/[^\p{L}\p{N}]/gu, (c) => `\\${c}`);
const PUNCT_CLASS = `[${[...SEARCH_PUNCTUATION].map((c) => `\\${c}`).join("")}]*`;
/** `word` as a whole word of a folded text, punctuation allowed around it. */
export const wholeWordPattern = (word: string) => `(^| )${PUNCT_CLASS}${reEscape(word)}${PUNCT_CLASS}( |$)`;
/** A word of a folded text starting with `word`. */
export const prefixPattern = (word: string) => `(^| )${PUNCT_CLASS}${reEscape(word)}`;
const wholeWordRe = wholeWordPattern;
const prefixRe = prefixPattern;
const contains = (word: string) => `%${likeEscapeJs(word)}%`;

interface AnalysedQuery {
  folded: string;
  compact: string;
  words: SearchWord[];
}

/** The database's folding of `text` (bobine_fold, bobine_fold_compact: migration 0003). */
async function foldInDatabase(db: Db, text: string): Promise<{ folded: string; compact: string }> {
  const folding = rowsOf<{ folded: string | null; compact: string | null }>(
    await db.execute(
      sql`select bobine_fold(${text}::text) as folded, bobine_fold_compact(${text}::text) as compact`,
    ),
  )[0];
  return { folded: folding?.folded ?? "", compact: folding?.compact ?? "" };
}

/**
 * Whether this database folds ASCII as asciiFold does (asked once per database with a probe of
 * every ASCII character: an unaccent dictionary that rewrote one would turn the shortcut off).
 */
const asciiFoldAgrees = new WeakMap<Db, Promise<boolean>>();
function asciiFoldHolds(db: Db): Promise<boolean> {
  let known = asciiFoldAgrees.get(db);
  if (!known) {
    known = foldInDatabase(db, ASCII_FOLD_PROBE).then(
      (byDatabase) => {
        const here = asciiFold(ASCII_FOLD_PROBE);
        return here !== null && here.folded === byDatabase.folded && here.compact === byDatabase.compact;
      },
      () => {
        asciiFoldAgrees.delete(db);
        return false;
      },
    );
    asciiFoldAgrees.set(db, known);
  }
  return known;
}

/**
 * The query folded: here for an ASCII query (most typed queries; a round trip saved), by the
 * database otherwise.
 */
async function foldQuery(db: Db, q: string): Promise<{ folded: string; compact: string }> {
  const here = asciiFold(q);
  if (here && (await asciiFoldHolds(db))) return here;
  return foldInDatabase(db, q);
}

/**
 * The query's words with their look-alikes from the vocabulary: one round trip for an ASCII query
 * (folded here), two otherwise (folded by the database first).
 */
export async function analyseQuery(db: Db, q: string): Promise<AnalysedQuery> {
  const { folded, compact } = await foldQuery(db, q);
  const texts = queryWords(folded);
  const words: SearchWord[] = texts.map((text, index) => ({
    text,
    last: index === texts.length - 1,
    typos: [],
  }));
  if (words.length === 0) return { folded, compact, words };
  const tolerant = words.filter((w) => typoBudget(w.text) > 0);

  // vocabulary word minus one letter = query word or query word minus one or two letters;
  // vocabulary word = query word minus one or two letters; long words also by trigrams. The words
  // themselves (and the last one as a prefix) tell which words some title holds.
  const ones = tolerant.flatMap((w) => deletions(w.text));
  const twos = tolerant
    .filter((w) => typoBudget(w.text) >= 2)
    .flatMap((w) => deletions(w.text).flatMap(deletions));
  const keys = [...new Set([...tolerant.map((w) => w.text), ...ones, ...twos])];
  const shorter = [...new Set([...ones, ...twos, ...words.map((w) => w.text)])];
  const long = tolerant.filter((w) => typoBudget(w.text) >= 2);
  const trigram = long.map(
    (w) => sql`union (select word from search_words where word % ${w.text}::text limit 30)`,
  );
  const last = words.at(-1) as SearchWord;
  const found = rowsOf<{ word: string }>(
    await db.execute(sql`
      (select word from search_word_deletes
        where del in (select jsonb_array_elements_text(${JSON.stringify(keys)}::jsonb)))
      union (select word from search_words
        where word in (select jsonb_array_elements_text(${JSON.stringify(shorter)}::jsonb)))
      union (select word from search_words where word like ${`${likeEscapeJs(last.text)}%`} limit 1)
      ${sql.join(trigram, sql` `)}`),
  );
  const vocabulary = [...new Set(found.map((r) => stripPunctuation(r.word)))];
  for (const w of tolerant) {
    const budget = typoBudget(w.text);
    w.typos = vocabulary
      .map((word) => ({ word, typos: editDistance(w.text, word, budget) }))
      .filter((v) => v.typos > 0 && v.typos <= budget && v.word.length >= 2)
      .sort((a, b) => a.typos - b.typos || a.word.localeCompare(b.word))
      .slice(0, MAX_TYPO_WORDS);
  }
  const known = new Set(vocabulary);
  for (const w of words)
    w.inTitles =
      known.has(w.text) || w.typos.length > 0 || (w.last && vocabulary.some((v) => v.startsWith(w.text)));
  return { folded, compact, words };
}

/**
 * Word `w` in a folded text `fold` (with its compact form, spaces removed, when the column has one
 * and a trigram index on it): as a whole word, as the start of a word (the last word of the query,
 * as one types), inside the letters (words of INNER_MIN letters or more), or one of its look-alikes.
 */
function wordCondition(w: SearchWord, fold: SQL, compact: SQL | undefined): SQL {
  const indexed = (word: string) =>
    compact ? sql`${compact} like ${contains(word)}` : sql`${fold} like ${contains(word)}`;
  const ways: SQL[] = [];
  // A short word that no title holds, nor starts (the vocabulary says so): nothing to scan for.
  if (compact && w.inTitles === false && [...w.text].length < INNER_MIN && w.typos.length === 0)
    return sql`false`;
  if (compact && [...w.text].length >= INNER_MIN) ways.push(indexed(w.text));
  else ways.push(sql`(${indexed(w.text)} and ${fold} ~ ${w.last ? prefixRe(w.text) : wholeWordRe(w.text)})`);
  for (const v of w.typos) ways.push(sql`(${indexed(v.word)} and ${fold} ~ ${wholeWordRe(v.word)})`);
  return sql`(${sql.join(ways, sql` or `)})`;
}

/**
 * How word `w` matches a description: 0 as a whole word, 1 as a prefix (last word), 2 × typos for a
 * look-alike, null when it does not.
 */
function descriptionCode(w: SearchWord, fold: SQL): SQL {
  const cases: SQL[] = [sql`when ${fold} ~ ${wholeWordRe(w.text)} then 0`];
  if (w.last) cases.push(sql`when ${fold} ~ ${prefixRe(w.text)} then 1`);
  for (const v of w.typos) cases.push(sql`when ${fold} ~ ${wholeWordRe(v.word)} then ${2 * v.typos}`);
  return sql`(case ${sql.join(cases, sql` `)} end)`;
}

/** One way of matching a word, as a row: a LIKE pattern (trigram index) and a regular expression. */
interface Term {
  pat: string;
  re: string;
}

/** A word's terms in a title or an episode title (the same ways as wordCondition). */
function titleTermsOf(w: SearchWord): Term[] {
  const own: Term =
    [...w.text].length >= INNER_MIN
      ? { pat: contains(w.text), re: "" }
      : { pat: contains(w.text), re: w.last ? prefixRe(w.text) : wholeWordRe(w.text) };
  return [own, ...w.typos.map((v) => ({ pat: contains(v.word), re: wholeWordRe(v.word) }))];
}

/** A word's terms in a description. */
function descriptionTermsOf(w: SearchWord): Term[] {
  return [
    { pat: contains(w.text), re: w.last ? prefixRe(w.text) : wholeWordRe(w.text) },
    ...w.typos.map((v) => ({ pat: contains(v.word), re: wholeWordRe(v.word) })),
  ];
}

interface CandidateRow {
  id: string;
  views: number;
  title_fold: string;
  episodes: string[] | null;
  /** Category ids (videos.category_ids, kept by migration 0020's triggers). */
  categories: string[] | null;
  description: (number | null)[] | null;
  /** Every category's folded name by id (a few dozen: once per statement, not a join per row). */
  category_names: Record<string, string> | null;
  capped: boolean;
}

const V_FOLD = sql.raw("videos.title_fold");
const V_COMPACT = sql.raw("videos.title_compact");
const V_DESC = sql.raw("videos.description_fold");
const E_FOLD = sql.raw("e.title_fold");
const E_COMPACT = sql.raw("e.title_compact");
const C_FOLD = sql.raw("c.name_fold");
const C_COMPACT = sql.raw("c.name_compact");

/** Every candidate of the query with what ranking needs, read in one statement. */
async function readCandidates(db: Db, query: AnalysedQuery, where: SQL | undefined) {
  const { words } = query;
  if (words.length === 0) return { rows: [] as CandidateRow[], capped: false };
  const filter = where ? sql`and ${where}` : sql``;
  const all = sql.raw(String(SEARCH_CANDIDATES));
  const per = sql.raw(String(PER_WORD));
  const branches: SQL[] = [];
  const branch = (b: number, body: SQL, limit: SQL) =>
    branches.push(
      sql`(select videos.id, ${sql.raw(String(b))} as b from videos where ${body} ${filter} limit ${limit})`,
    );
  const and = (parts: SQL[]) => sql.join(parts, sql` and `);
  const or = (parts: SQL[]) => sql.join(parts, sql` or `);

  branch(0, and(words.map((w) => wordCondition(w, V_FOLD, V_COMPACT))), all);
  // A word no title, episode title or category holds (« zorglub »): the titles holding all the
  // others, which the per-word branches would leave to chance in a large catalogue.
  const live = words.filter((w) => w.inTitles);
  if (live.length > 0 && live.length < words.length) {
    branch(5, and(live.map((w) => wordCondition(w, V_FOLD, V_COMPACT))), all);
    // …and the title that is the query without them.
    const dead = new Set(words.filter((w) => !w.inTitles).map((w) => w.text));
    const rest = wordsOf(query.folded).filter((t) => !dead.has(t));
    branch(6, sql`${V_FOLD} = ${rest.join(" ")}`, all);
  }
  if (words.length > 1 && [...query.compact].length >= INNER_MIN)
    branch(1, sql`${V_COMPACT} like ${contains(query.compact)}`, all);
  // Descriptions are not in the vocabulary: a two-letter word there has no trigram to look up
  // (a scan of every description), so only longer words choose; all of them count when measured.
  const described = words.filter((w) => [...w.text].length >= 3);
  if (described.length > 0) branch(2, and(described.map((w) => wordCondition(w, V_DESC, undefined))), all);
  // The title that is the query, whatever else matches (btree index on title_fold, migration 0019).
  branch(4, sql`${V_FOLD} = ${query.folded}`, all);
  // Those branches ("top") hold every word: when they alone fill the candidates, the videos
  // missing a word would all rank after them, and the branches below are not read at all.
  const topCount = branches.length;
  branch(
    3,
    sql`videos.id in (select vc.video_id from video_categories vc where vc.category_id in (
      select c.id from categories c where ${or(words.map((w) => wordCondition(w, C_FOLD, C_COMPACT)))}) limit ${per})`,
    per,
  );
  // Each word's ways of matching as rows ("terms"): one lateral subquery per attribute, planned
  // once whatever the number of words and look-alikes, each term reading at most PER_WORD.
  // Two-letter words (« la », « de », « un »…) have no trigram to look up: they match through the
  // branches holding every word, and count when candidates are measured.
  const indexed = words.filter((w) => [...w.text].length >= 3);
  const titleTerms = indexed.flatMap((w) => titleTermsOf(w));
  const descriptionTerms = indexed.flatMap((w) => descriptionTermsOf(w));
  // Many terms (long queries, look-alikes) share a budget of about two words' reads each.
  const perTerm = sql.raw(
    String(
      Math.max(MIN_PER_TERM, Math.min(PER_WORD, Math.floor((2 * PER_WORD) / Math.max(1, titleTerms.length)))),
    ),
  );
  const terms = (list: Term[]) =>
    sql`(select * from jsonb_to_recordset(${JSON.stringify(list.map((t, j) => ({ j, ...t })))}::jsonb)
      as t(j int, pat text, re text))`;
  const lateral = (b: number, list: Term[], body: SQL) =>
    branches.push(sql`(select videos.id, ${sql.raw(String(b))} + t.j as b from ${terms(list)} t
      cross join lateral (${body}) m join videos on videos.id = m.id where true ${filter})`);
  // One word: its titles and descriptions are the branches holding every word.
  if (words.length > 1 && indexed.length > 0) {
    lateral(
      1000,
      titleTerms,
      sql`select v.id from videos v where v.title_compact like t.pat and v.title_fold ~ t.re limit ${perTerm}`,
    );
    lateral(
      3000,
      descriptionTerms,
      sql`select v.id from videos v where v.description_fold like t.pat and v.description_fold ~ t.re limit ${perTerm}`,
    );
  }
  if (indexed.length > 0)
    lateral(
      2000,
      titleTerms,
      sql`select e.series_id as id from episodes e where e.title_compact like t.pat and e.title_fold ~ t.re limit ${perTerm}`,
    );
  const anyEpisodeWord = sql.join(
    words.map((w) => wordCondition(w, E_FOLD, E_COMPACT)),
    sql` or `,
  );
  const rows = rowsOf<CandidateRow>(
    await db.execute(sql`
      with top as (${sql.join(branches.slice(0, topCount), sql` union all `)}),
      raw as (
        select * from top
        union all
        select * from (${sql.join(branches.slice(topCount), sql` union all `)}) more
        where (select count(distinct id) from top) < ${all}
      ),
      counts as (select b, count(*) as n from raw group by b),
      cand as (select distinct id from raw)
      select videos.id, videos.views, videos.title_fold,
        case when videos.type = 'series' then array(
          select e.title_fold from episodes e where e.series_id = videos.id and (${anyEpisodeWord})
          order by e.season_number, e.episode_number limit 3) end as episodes,
        videos.category_ids as categories,
        array[${sql.join(
          words.map((w) => descriptionCode(w, V_DESC)),
          sql`, `,
        )}]::int[] as description,
        -- Sent once (first row), not parsed again for every candidate.
        case when row_number() over () = 1 then
          (select json_object_agg(id, name_fold) from categories) end as category_names,
        ((select coalesce(bool_or(case when b < 3 or b in (4, 5, 6) then n >= ${all} when b >= 1000 then n >= ${perTerm} else n >= ${per} end), false)
          from counts) or (select count(distinct id) from top) >= ${all}) as capped
      from cand join videos on videos.id = cand.id`),
  );
  return { rows, capped: rows[0]?.capped ?? false };
}

/** The query's matches, most relevant first, with the number of words each matches. */
async function rankedMatches(db: Db, q: string, where: SQL | undefined) {
  const query = await analyseQuery(db, q);
  const { rows, capped } = await readCandidates(db, query, where);
  const names = new Map(Object.entries(rows.find((r) => r.category_names)?.category_names ?? {}));
  const ranked = rankCandidates(
    query,
    rows.map((r) => ({ ...r, categories: (r.categories ?? []).flatMap((id) => names.get(id) ?? []) })),
  );
  return { ranked, capped };
}

export interface SearchOptions {
  q: string;
  limit: number;
  offset: number;
  /** Filters, written on the `videos` table (video-filters.queries.ts). */
  where?: SQL | undefined;
  /** Another sort than relevance (video-filters.queries.ts), inside each number of words matched. */
  order?: SQL[] | undefined;
}

export interface SearchPage {
  items: VideoSummary[];
  total: number;
  /** A way of matching stopped at its cap: there are at least `total` matches. */
  totalIsLowerBound: boolean;
}

/** One page of matching videos, most relevant first, and the number of matches. */
export async function searchVideos(db: Db, opts: SearchOptions): Promise<SearchPage> {
  const { ranked, capped } = await rankedMatches(db, opts.q, opts.where);
  let ids = ranked.map((r) => r.id);
  if (opts.order && ids.length > 0) {
    // Another sort: the videos matching the most words still come first, sorted among themselves.
    const sorted = rowsOf<{ id: string }>(
      await db.execute(sql`
        select videos.id from videos
        where videos.id in (select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb)::uuid)
        order by ${sql.join(opts.order, sql`, `)}`),
    ).map((r) => r.id);
    const words = new Map(ranked.map((r) => [r.id, r.words]));
    const place = new Map(sorted.map((id, i) => [id, i]));
    ids = [...ids].sort(
      (a, b) => (words.get(b) ?? 0) - (words.get(a) ?? 0) || (place.get(a) ?? 0) - (place.get(b) ?? 0),
    );
  }
  const page = ids.slice(opts.offset, opts.offset + opts.limit);
  return {
    items: await summariesInOrder(db, page),
    total: ids.length,
    totalIsLowerBound: capped,
  };
}

/** spec §2 Header: up to 5 suggestions (thumbnail, title, category), most relevant first. */
export async function searchSuggestions(
  db: Db,
  q: string,
  limit: number,
  /** Written on the `videos` table, like the filters (parental control, decision 008). */
  where?: SQL | undefined,
): Promise<SearchSuggestion[]> {
  const { ranked } = await rankedMatches(db, q, where);
  const ids = ranked.slice(0, limit).map((r) => r.id);
  if (ids.length === 0) return [];
  const rows = rowsOf<SearchSuggestion>(
    await db.execute(sql`
      select videos.id, videos.title, videos.thumbnail,
        (select c.name from video_categories vc join categories c on c.id = vc.category_id
          where vc.video_id = videos.id order by vc.position, c.name limit 1) as category
      from videos
      where videos.id in (select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb)::uuid)`),
  );
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [row] : [];
  });
}
