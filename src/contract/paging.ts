import { z } from "zod";
import { tokenText } from "./text.ts";

/**
 * Keyset (cursor) paging of the long lists (docs/decisions/031-keyset-paging.md): the grids of
 * /api/videos, a search's results, the history and « Ma liste ». A page's answer carries
 * `nextCursor`, an opaque token naming where the next page starts (the last row's sort keys, signed
 * by the server); giving it back as `cursor` reads the next page with one index walk, however deep.
 * `offset` is still accepted (older clients) and costs what it skips.
 */

export const pagingMessages = {
  invalidCursor:
    "Ce curseur de pagination n'est pas valable pour cette liste (modifié ou d'un autre tri) : rechargez la liste.",
} as const;

/** Room for the sort keys of the longest order (history by title: seven keys, a title among them). */
export const PAGE_CURSOR_MAX = 1024;

export const pageCursor = tokenText({ max: PAGE_CURSOR_MAX, invalid: pagingMessages.invalidCursor });

/** `nextCursor` of an answer: null on the last page. */
export const nextCursor = z.string().nullable();

/**
 * Totals up to this many matches are counted; above, they are the database planner's estimate,
 * flagged `totalIsEstimate` (« environ N résultats »): an exact count reads every matching row.
 */
export const EXACT_TOTAL_MAX = 1000;
