import { wordsOf } from "./search-words.ts";

/**
 * The ranking rules of the search (docs/decisions/048-search-relevance.md), applied in order; each
 * only separates what the previous ones left equal:
 *  1. words: more query words matched first (any attribute);
 *  2. typos: fewer typos in total (a word's best way of matching counts);
 *  3. proximity: matched words close together and in the query's order (each pair of consecutive
 *     matched words costs the words between them, one more when in reverse order, at most 7, and 8
 *     when they are in different attributes);
 *  4. exactness: more words matched whole and without typo (not as a prefix or inside a longer
 *     word); then the title is the query → every word of the title is in the query → the title
 *     starts with the query → other;
 *  5. attribute: title > episode title > category > description (summed over matched words);
 *  6. the most viewed, then the id (a stable order for paging).
 */

export interface SearchWord {
  /** Folded word of the query. */
  text: string;
  /** The last word of the query: also matches as the start of a word (as one types). */
  last: boolean;
  /** Look-alikes from the vocabulary with their number of typos (1 or 2). */
  typos: { word: string; typos: number }[];
  /** Some title, episode title or category holds it (or a look-alike, or a word it starts). */
  inTitles?: boolean;
}

export interface Candidate {
  id: string;
  views: number;
  title_fold: string;
  /** Folded titles of the series' episodes that match a word (series only). */
  episodes: string[] | null;
  /** Folded names of the video's categories. */
  categories: string[] | null;
  /** Per query word: 0 whole word, 1 prefix, 2 × typos, null (see search.queries.ts). */
  description: (number | null)[] | null;
}

export const ATTRIBUTE = { title: 0, episode: 1, category: 2, description: 3 } as const;
/** How exactly a word matched: whole word, start of a word, inside a word's letters. */
const WHOLE = 2;
const PREFIX = 1;
const INSIDE = 0;
const INNER_MIN = 4;
const MAX_PAIR = 7;
const APART = 8;

interface WordMatch {
  typos: number;
  exact: number;
  attribute: number;
  /** Which text of the attribute (an episode's index), for proximity. */
  text: number;
  /** Word position in that text; -1 when unknown (descriptions). */
  position: number;
}

export interface RankedMatch {
  id: string;
  words: number;
  typos: number;
  proximity: number;
  exactness: number;
  exactWords: number;
  attribute: number;
  views: number;
}

/** The best way each word matches a folded text (title, episode title or category name). */
function matchText(
  words: readonly SearchWord[],
  folded: string,
  compactQuery: string,
  attribute: number,
  text: number,
): (WordMatch | undefined)[] {
  const raw = folded.split(" ").filter((t) => t.length > 0);
  const tokens = raw.map((t) => wordsOf(t)[0] ?? "");
  // Where each token starts in the text without spaces (a match inside the letters → its word).
  const starts: number[] = [];
  let at = 0;
  for (const t of raw) {
    starts.push(at);
    at += t.length;
  }
  const compact = raw.join("");
  const tokenAt = (offset: number) => {
    let i = 0;
    while (i + 1 < starts.length && (starts[i + 1] ?? 0) <= offset) i += 1;
    return i;
  };
  const wholeQuery =
    words.length > 1 && compactQuery.length >= INNER_MIN ? compact.indexOf(compactQuery) : -1;
  return words.map((w) => {
    let best: WordMatch | undefined;
    const consider = (m: WordMatch) => {
      if (!best || m.typos < best.typos || (m.typos === best.typos && m.exact > best.exact)) best = m;
    };
    tokens.forEach((token, position) => {
      if (token === w.text) consider({ typos: 0, exact: WHOLE, attribute, text, position });
      else if (w.last && token.startsWith(w.text))
        consider({ typos: 0, exact: PREFIX, attribute, text, position });
      for (const v of w.typos)
        if (token === v.word) consider({ typos: v.typos, exact: WHOLE, attribute, text, position });
    });
    if (!best) {
      const inner = [...w.text].length >= INNER_MIN ? compact.indexOf(w.text) : -1;
      if (inner >= 0) consider({ typos: 0, exact: INSIDE, attribute, text, position: tokenAt(inner) });
      else if (wholeQuery >= 0) {
        const offset = compactQuery.indexOf(w.text);
        const position = tokenAt(wholeQuery + Math.max(0, offset));
        consider({ typos: 0, exact: INSIDE, attribute, text, position });
      }
    }
    return best;
  });
}

function better(a: WordMatch | undefined, b: WordMatch | undefined): WordMatch | undefined {
  if (!a) return b;
  if (!b) return a;
  if (a.typos !== b.typos) return a.typos < b.typos ? a : b;
  if (a.exact !== b.exact) return a.exact > b.exact ? a : b;
  return a.attribute <= b.attribute ? a : b;
}

export interface RankingQuery {
  folded: string;
  compact: string;
  words: readonly SearchWord[];
}

/**
 * What measuring a candidate needs of the query alone, worked out once per query rather than once
 * per candidate (a search measures hundreds): its words as a title would be compared, the words it
 * asks (look-alikes included), and how each category name matches (a few dozen names shared by
 * every candidate).
 */
class QueryMeasure {
  readonly asked: string;
  private readonly askedWords: Set<string>;
  private readonly lastWord: string;
  private readonly categoryMatches = new Map<string, (WordMatch | undefined)[]>();

  readonly query: RankingQuery;
  constructor(query: RankingQuery) {
    this.query = query;
    this.asked = wordsOf(query.folded).join(" ");
    this.askedWords = new Set(query.words.flatMap((w) => [w.text, ...w.typos.map((v) => v.word)]));
    this.lastWord = query.words.at(-1)?.text ?? "";
  }

  /** Whether a title's word is one the query asks (or starts, for the word being typed). */
  asks(word: string): boolean {
    return this.askedWords.has(word) || (this.lastWord.length > 0 && word.startsWith(this.lastWord));
  }

  /** The category `name` as the candidate's `index`-th category. */
  category(name: string, index: number): (WordMatch | undefined)[] {
    const key = `${index} ${name}`;
    let m = this.categoryMatches.get(key);
    if (!m) {
      m = matchText(this.query.words, name, this.query.compact, ATTRIBUTE.category, index);
      this.categoryMatches.set(key, m);
    }
    return m;
  }
}

/** Measures one candidate against the query's words. */
function measure(q: QueryMeasure, c: Candidate): RankedMatch {
  const { words, compact } = q.query;
  let best: (WordMatch | undefined)[] = matchText(words, c.title_fold, compact, ATTRIBUTE.title, 0);
  (c.episodes ?? []).forEach((episode, i) => {
    const m = matchText(words, episode, compact, ATTRIBUTE.episode, i);
    best = best.map((b, k) => better(b, m[k]));
  });
  (c.categories ?? []).forEach((name, i) => {
    const m = q.category(name, i);
    best = best.map((b, k) => better(b, m[k]));
  });
  (c.description ?? []).forEach((code, k) => {
    if (code === null || code === undefined) return;
    const m: WordMatch = {
      typos: Math.floor(code / 2),
      exact: code === 1 ? PREFIX : WHOLE,
      attribute: ATTRIBUTE.description,
      text: 0,
      position: -1,
    };
    best[k] = better(best[k], m);
  });

  const matched = best.filter((m): m is WordMatch => m !== undefined);
  let proximity = 0;
  for (let i = 1; i < matched.length; i += 1) {
    const a = matched[i - 1] as WordMatch;
    const b = matched[i] as WordMatch;
    if (a.attribute !== b.attribute || a.text !== b.text) proximity += APART;
    else if (a.position < 0 || b.position < 0) proximity += MAX_PAIR;
    else {
      const d = b.position - a.position;
      proximity += Math.min(MAX_PAIR, d > 0 ? d - 1 : d === 0 ? 0 : -d + 1);
    }
  }

  const titleTokens = wordsOf(c.title_fold);
  const title = titleTokens.join(" ");
  const asked = q.asked;
  // The title is the query; every word of the title is asked (« L'Hiver en Corse » for « hiver en
  // corse zorglub »); the title starts with the query; other.
  // One-letter words are elisions and « à », which queries leave out; a number still counts.
  const titleWords = titleTokens.filter((w) => w.length >= 2 || /\d/.test(w));
  const exactness =
    title === asked
      ? 0
      : titleWords.length > 0 && titleWords.every((w) => q.asks(w))
        ? 1
        : asked.length > 0 && title.startsWith(asked)
          ? 2
          : 3;
  return {
    id: c.id,
    words: matched.length,
    typos: matched.reduce((n, m) => n + m.typos, 0),
    proximity,
    exactness,
    exactWords: matched.filter((m) => m.exact === WHOLE && m.typos === 0).length,
    attribute: matched.reduce((n, m) => n + m.attribute, 0),
    views: Number(c.views),
  };
}

export function compareMatches(a: RankedMatch, b: RankedMatch): number {
  return (
    b.words - a.words ||
    a.typos - b.typos ||
    a.proximity - b.proximity ||
    b.exactWords - a.exactWords ||
    a.exactness - b.exactness ||
    a.attribute - b.attribute ||
    b.views - a.views ||
    (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)
  );
}

/** Candidates matching at least one word, best first. */
export function rankCandidates(query: RankingQuery, candidates: readonly Candidate[]): RankedMatch[] {
  const q = new QueryMeasure(query);
  return candidates
    .map((c) => measure(q, c))
    .filter((m) => m.words > 0)
    .sort(compareMatches);
}
