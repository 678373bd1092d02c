import type { HistoryListQuery, HistoryListResponse } from "#contract/history";
import { pagingMessages } from "#contract/paging";
import type { Db } from "#db/client";
import { AppError, fieldError } from "../shared/errors.ts";
import { afterKeys } from "../shared/keyset.queries.ts";
import { cursorScope, makeCursor, readCursor } from "../shared/page-cursor.ts";
import { clearHistoryRows, continueWatching, deleteHistoryRow, historyPage } from "./history.queries.ts";

/**
 * spec §2 History: the member's history, filtered, sorted and searched, a page at a time after a
 * cursor (docs/decisions/031-keyset-paging.md) or an offset.
 */
export async function history(db: Db, userId: string, query: HistoryListQuery): Promise<HistoryListResponse> {
  const scope = cursorScope("history", { sort: query.sort, filter: query.filter, q: query.q });
  const state = query.cursor
    ? await readCursor(db, query.cursor, scope)
    : { position: query.offset, after: [] as string[] };
  const page = await historyPage(db, userId, query, (keys) => {
    if (!query.cursor) return undefined;
    const condition = afterKeys(keys, state.after);
    if (!condition) throw fieldError("cursor", pagingMessages.invalidCursor);
    return condition;
  });
  const nextCursor = page.lastKeys
    ? await makeCursor(db, scope, { position: state.position + page.items.length, after: page.lastKeys })
    : null;
  return { items: page.items, total: page.total, nextCursor };
}

/** spec §2 Home 'Reprendre la lecture': videos inside the resume window of spec §5. */
export const resumeRail = async (db: Db, userId: string) => ({ items: await continueWatching(db, userId) });

/** spec §7 watch_history delete by id and user_id; ARCHITECTURE rule 4: another member's row answers 404. */
export async function removeEntry(db: Db, userId: string, id: string): Promise<void> {
  if (!(await deleteHistoryRow(db, userId, id))) throw new AppError("NOT_FOUND");
}

/** spec §5 Settings « Effacer l'historique »: every row of the member. */
export const clearAll = (db: Db, userId: string) => clearHistoryRows(db, userId);
