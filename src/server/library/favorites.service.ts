import { and, desc, eq } from "drizzle-orm";
import type { FavoriteAdded, FavoriteListQuery, FavoriteListResponse } from "#contract/library";
import type { Db } from "#db/client";
import { favorites } from "#db/schema/activity";
import { AppError } from "../errors.ts";
import { favoritePage, favoriteSummary } from "./favorites.queries.ts";
import { isForeignKeyViolation } from "./sql-state.ts";

/** Ids of every favourite of the member, most recently added first (hearts on the cards). */
export async function favoriteIds(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .select({ videoId: favorites.videoId })
    .from(favorites)
    .where(eq(favorites.userId, userId))
    .orderBy(desc(favorites.addedAt), desc(favorites.videoId));
  return rows.map((r) => r.videoId);
}

/**
 * spec §7 favorites insert; spec §5/§8: a duplicate favourite (23505 in the original) is refused
 * with 'Déjà en favoris'. One statement: the primary key (user_id, video_id) makes a concurrent
 * second add a no-op that returns nothing.
 */
export async function addFavorite(db: Db, userId: string, videoId: string): Promise<FavoriteAdded> {
  let rows: { videoId: string; addedAt: Date }[];
  try {
    rows = await db
      .insert(favorites)
      .values({ userId, videoId })
      .onConflictDoNothing()
      .returning({ videoId: favorites.videoId, addedAt: favorites.addedAt });
  } catch (err) {
    if (isForeignKeyViolation(err)) throw new AppError("VIDEO_NOT_FOUND");
    throw err;
  }
  const [row] = rows;
  if (!row) throw new AppError("ALREADY_FAVORITE");
  return { videoId: row.videoId, addedAt: row.addedAt.toISOString() };
}

/** spec §7 favorites delete by user_id and video_id; removing what is not there is not an error. */
export async function removeFavorite(db: Db, userId: string, videoId: string): Promise<void> {
  await db.delete(favorites).where(and(eq(favorites.userId, userId), eq(favorites.videoId, videoId)));
}

/** spec §2 Ma liste: one page of the list in the chosen order, with the tiles and categories. */
export async function listFavorites(
  db: Db,
  userId: string,
  query: FavoriteListQuery,
): Promise<FavoriteListResponse> {
  const [items, summary] = await Promise.all([favoritePage(db, userId, query), favoriteSummary(db, userId)]);
  return { items, total: summary.stats.total, ...summary };
}
