import type { FavoriteAdded, FavoriteListQuery, FavoriteListResponse } from "#contract/library";
import { pagingMessages } from "#contract/paging";
import type { Db } from "#db/client";
import { assertPublished } from "../shared/audience.ts";
import { isForeignKeyViolation } from "../shared/db-errors.ts";
import { AppError, fieldError } from "../shared/errors.ts";
import { afterKeys, type SortKey } from "../shared/keyset.queries.ts";
import { cursorScope, makeCursor, readCursor } from "../shared/page-cursor.ts";
import {
  deleteFavorite,
  favoriteIdsOf,
  favoritePage,
  favoriteSummary,
  insertFavorite,
} from "./favorites.queries.ts";

/** Ids of every favourite of the member, most recently added first (hearts on the cards). */
export const favoriteIds = (db: Db, userId: string) => favoriteIdsOf(db, userId);

/**
 * spec §7 favorites insert; spec §5/§8: a duplicate favourite (23505 in the original) is refused
 * with 'Déjà en favoris' (ALREADY_FAVORITE); an unknown video is not found.
 */
export async function addFavorite(db: Db, userId: string, videoId: string): Promise<FavoriteAdded> {
  await assertPublished(db, videoId);
  let row: Awaited<ReturnType<typeof insertFavorite>>;
  try {
    row = await insertFavorite(db, userId, videoId);
  } catch (err) {
    if (isForeignKeyViolation(err)) throw new AppError("VIDEO_NOT_FOUND");
    throw err;
  }
  if (!row) throw new AppError("ALREADY_FAVORITE");
  return { videoId: row.videoId, addedAt: row.addedAt.toISOString() };
}

/** spec §7 favorites delete by user_id and video_id; removing what is not there is not an error. */
export const removeFavorite = (db: Db, userId: string, videoId: string) =>
  deleteFavorite(db, userId, videoId);

/**
 * spec §2 Ma liste: one page of the list in the chosen order, after a cursor
 * (docs/decisions/031-keyset-paging.md) or an offset, with the tiles and categories.
 */
export async function listFavorites(
  db: Db,
  userId: string,
  query: FavoriteListQuery,
): Promise<FavoriteListResponse> {
  const scope = cursorScope("favorites", { sort: query.sort });
  const state = query.cursor
    ? await readCursor(db, query.cursor, scope)
    : { position: query.offset, after: [] as string[] };
  const after = (keys: SortKey[]) => {
    if (!query.cursor) return undefined;
    const condition = afterKeys(keys, state.after);
    if (!condition) throw fieldError("cursor", pagingMessages.invalidCursor);
    return condition;
  };
  const [page, summary] = await Promise.all([
    favoritePage(db, userId, query, after),
    favoriteSummary(db, userId),
  ]);
  const nextCursor = page.lastKeys
    ? await makeCursor(db, scope, { position: state.position + page.items.length, after: page.lastKeys })
    : null;
  return { items: page.items, total: summary.stats.total, ...summary, nextCursor };
}
