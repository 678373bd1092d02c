/**
 * The words of a search, as the search sees them (docs/decisions/048-search-relevance.md). Texts
 * arrive already folded by bobine_fold (migration 0003: case, accents, ligatures, apostrophes and
 * hyphens → spaces); a word is a space-separated token with the punctuation stuck to its ends cut
 * off (« polar. » → « polar »). bobine_words (migration 0022) cuts the vocabulary the same way.
 */

/** Cut off both ends of a token: the characters of bobine_words in migration 0022. */
// Escapes for … « » “ ” ¿ ¡: not a text anyone reads (tests/architecture/server-texts.test.ts).
export const SEARCH_PUNCTUATION = `.,;:!?"()[]{}*/\u2026\u00ab\u00bb\u201c\u201d\u00bf\u00a1`;

/** At most this many words of a query are searched (the rest are ignored). */
export const MAX_QUERY_WORDS = 8;

export function stripPunctuation(token: string): string {
  let start = 0;
  let end = token.length;
  while (start < end && SEARCH_PUNCTUATION.includes(token[start] ?? "")) start += 1;
  while (end > start && SEARCH_PUNCTUATION.includes(token[end - 1] ?? "")) end -= 1;
  return token.slice(start, end);
}

/** The words of a folded text, in order (empty tokens left out). */
export const wordsOf = (folded: string): string[] =>
  folded
    .split(" ")
    .map(stripPunctuation)
    .filter((w) => w.length > 0);

/**
 * The query's words: two characters or more (the one-letter elisions « l' », « d' » and the like
 * are left out, as they are in the vocabulary), each once, at most MAX_QUERY_WORDS.
 */
export function queryWords(folded: string): string[] {
  const words = wordsOf(folded).filter((w) => w.length >= 2);
  return [...new Set(words)].slice(0, MAX_QUERY_WORDS);
}

/** Typos tolerated in a word: none under 5 letters, 1 from 5, 2 from 9 (decision 048). */
export const typoBudget = (word: string): number => {
  const length = [...word].length;
  return length >= 9 ? 2 : length >= 5 ? 1 : 0;
};

/**
 * Edit distance where a letter changed, added, removed, or two neighbours swapped each count as
 * one (optimal string alignment), or `max + 1` as soon as it is known to exceed `max`.
 */
export function editDistance(a: string, b: string, max: number): number {
  const s = [...a];
  const t = [...b];
  if (Math.abs(s.length - t.length) > max) return max + 1;
  const rows: number[][] = [];
  for (let i = 0; i <= s.length; i += 1) {
    const row = new Array<number>(t.length + 1).fill(0);
    row[0] = i;
    rows.push(row);
  }
  const first = rows[0] as number[];
  for (let j = 0; j <= t.length; j += 1) first[j] = j;
  for (let i = 1; i <= s.length; i += 1) {
    const row = rows[i] as number[];
    const prev = rows[i - 1] as number[];
    let best = Number.POSITIVE_INFINITY;
    for (let j = 1; j <= t.length; j += 1) {
      const cost = s[i - 1] === t[j - 1] ? 0 : 1;
      let d = Math.min((prev[j] as number) + 1, (row[j - 1] as number) + 1, (prev[j - 1] as number) + cost);
      if (i > 1 && j > 1 && s[i - 1] === t[j - 2] && s[i - 2] === t[j - 1])
        d = Math.min(d, ((rows[i - 2] as number[])[j - 2] as number) + 1);
      row[j] = d;
      best = Math.min(best, d);
    }
    if (best > max) return max + 1;
  }
  return Math.min((rows[s.length] as number[])[t.length] as number, max + 1);
}

/** Every way of leaving one letter out of a word. */
export function deletions(word: string): string[] {
  const letters = [...word];
  const out = new Set<string>();
  for (let i = 0; i < letters.length; i += 1)
    out.add([...letters.slice(0, i), ...letters.slice(i + 1)].join(""));
  return [...out];
}

/** Printable ASCII, tab, line feed and carriage return: the texts asciiFold folds. */
const ASCII_TEXT = /^[\t\n\r\x20-\x7e]*$/;
/** What bobine_fold turns into a space: apostrophes, backquote, hyphen and the three controls (migration 0003). */
const ASCII_SPACED = /['`\-\t\n\r]/g;

/**
 * bobine_fold and bobine_fold_compact (migration 0003) of an ASCII text, worked out here: no
 * letter to unaccent nor ligature to open, so folding is lowering, the same characters turned
 * into spaces, double spaces halved three times (as the SQL does: not every run of spaces) and the
 * ends trimmed. null when the text holds anything else (accents, curly apostrophes: the database
 * folds those). Trusted only once the database folded a probe the same way (search.queries.ts).
 */
export function asciiFold(text: string): { folded: string; compact: string } | null {
  if (!ASCII_TEXT.test(text)) return null;
  let folded = text.toLowerCase().replace(ASCII_SPACED, " ");
  for (let i = 0; i < 3; i += 1) folded = folded.replaceAll("  ", " ");
  folded = folded.replace(/^ +| +$/g, "");
  return { folded, compact: folded.replaceAll(" ", "") };
}

/** Every character asciiFold handles, in runs of spaces that the three halvings leave unequal. */
export const ASCII_FOLD_PROBE = `  ${Array.from({ length: 0x7f - 0x20 }, (_, i) => String.fromCharCode(0x20 + i)).join("")}\t\n\rA'B\`C-D          E\t\t\tF  `;
