import { and, asc, desc, eq, gte, lt, type SQL, sql } from "drizzle-orm";
import {
  CONTINUE_WATCHING_LIMIT,
  type ContinueWatchingItem,
  type HistoryEpisode,
  type HistoryFilter,
  type HistoryItem,
  type HistoryListQuery,
  type HistoryListResponse,
  type HistorySort,
  historyStatusOf,
  WATCH_PROGRESS,
} from "#contract/history";
import type { Db } from "#db/client";
import { watchHistory } from "#db/schema/activity";
import { episodes, videos } from "#db/schema/catalogue";
import { toVideoSummary, videoSummarySelection } from "../catalogue/catalogue.queries.ts";

/** `%`, `_` and `\` in a search are literal. */
const likeEscape = (text: SQL) =>
  sql`replace(replace(replace(${text}, '\\', '\\\\'), '%', '\\%'), '_', '\\_')`;

/** spec §9 history sorts; ties are broken by the newest save, then the row id (stable pages). */
function historyOrder(sort: HistorySort): SQL[] {
  const newest = [desc(watchHistory.watchedAt), desc(watchHistory.id)];
  switch (sort) {
    case "recent":
      return newest;
    case "oldest":
      return [asc(watchHistory.watchedAt), asc(watchHistory.id)];
    case "title":
      // Accents and case ignored, as the catalogue's title sort; a series' episodes in order.
      return [
        sql`bobine_fold(${videos.title})`,
        asc(videos.title),
        asc(videos.id),
        sql`${episodes.seasonNumber} asc nulls first`,
        sql`${episodes.episodeNumber} asc nulls first`,
        ...newest,
      ];
    case "progress":
      return [desc(watchHistory.progress), ...newest];
  }
}

/** spec §4 History class: completed at 0.9 or more, in progress below. */
function filterCondition(filter: HistoryFilter): SQL | undefined {
  if (filter === "completed") return gte(watchHistory.progress, WATCH_PROGRESS.completedAt);
  if (filter === "in-progress") return lt(watchHistory.progress, WATCH_PROGRESS.completedAt);
  return undefined;
}

/** Words of the video's or the episode's title, accents and case ignored. */
function searchCondition(q: string): SQL | undefined {
  if (q === "") return undefined;
  const pattern = sql`'%' || ${likeEscape(sql`bobine_fold(${q}::text)`)} || '%'`;
  return sql`(bobine_fold(${videos.title}) like ${pattern} or bobine_fold(${episodes.title}) like ${pattern})`;
}

const rowSelection = {
  id: watchHistory.id,
  video: videoSummarySelection,
  episodeId: episodes.id,
  episodeTitle: episodes.title,
  seasonNumber: episodes.seasonNumber,
  episodeNumber: episodes.episodeNumber,
  progress: watchHistory.progress,
  currentPosition: watchHistory.currentPosition,
  totalDuration: watchHistory.totalDuration,
  watchedAt: watchHistory.watchedAt,
};

type Row = {
  id: string;
  video: Parameters<typeof toVideoSummary>[0];
  episodeId: string | null;
  episodeTitle: string | null;
  seasonNumber: number | null;
  episodeNumber: number | null;
  progress: number;
  currentPosition: number;
  totalDuration: number;
  watchedAt: Date;
};

function toEpisode(row: Row): HistoryEpisode | null {
  if (row.episodeId === null) return null;
  return {
    id: row.episodeId,
    title: row.episodeTitle ?? "",
    seasonNumber: row.seasonNumber ?? 1,
    episodeNumber: row.episodeNumber ?? 1,
  };
}

function toItem(row: Row): HistoryItem {
  return {
    id: row.id,
    video: toVideoSummary(row.video),
    episode: toEpisode(row),
    progress: row.progress,
    currentPosition: row.currentPosition,
    totalDuration: row.totalDuration,
    watchedAt: row.watchedAt.toISOString(),
    status: historyStatusOf(row.progress),
  };
}

/** spec §2 History / §7 watch_history select by user with the video and episode joined. */
export async function historyPage(
  db: Db,
  userId: string,
  query: HistoryListQuery,
): Promise<HistoryListResponse> {
  const where = and(eq(watchHistory.userId, userId), filterCondition(query.filter), searchCondition(query.q));
  const [rows, counts] = await Promise.all([
    db
      .select(rowSelection)
      .from(watchHistory)
      .innerJoin(videos, eq(videos.id, watchHistory.videoId))
      .leftJoin(episodes, eq(episodes.id, watchHistory.episodeId))
      .where(where)
      .orderBy(...historyOrder(query.sort))
      .limit(query.limit)
      .offset(query.offset),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(watchHistory)
      .innerJoin(videos, eq(videos.id, watchHistory.videoId))
      .leftJoin(episodes, eq(episodes.id, watchHistory.episodeId))
      .where(where),
  ]);
  return { items: (rows as Row[]).map(toItem), total: counts[0]?.total ?? 0 };
}

/**
 * 'Reprendre la lecture' (issue 4): the latest save of each video (for a series, its most recently
 * watched episode), kept when inside the resume window of spec §5, newest first.
 */
export async function continueWatching(db: Db, userId: string): Promise<ContinueWatchingItem[]> {
  const latest = db
    .selectDistinctOn([watchHistory.videoId], { id: watchHistory.id })
    .from(watchHistory)
    .where(eq(watchHistory.userId, userId))
    .orderBy(watchHistory.videoId, desc(watchHistory.watchedAt), desc(watchHistory.clientSavedAt))
    .as("latest");
  const rows = await db
    .select(rowSelection)
    .from(latest)
    .innerJoin(watchHistory, eq(watchHistory.id, latest.id))
    .innerJoin(videos, eq(videos.id, watchHistory.videoId))
    .leftJoin(episodes, eq(episodes.id, watchHistory.episodeId))
    .where(
      and(
        sql`${watchHistory.progress} > ${WATCH_PROGRESS.resumeAbove}`,
        sql`${watchHistory.progress} < ${WATCH_PROGRESS.resumeBelow}`,
      ),
    )
    .orderBy(desc(watchHistory.watchedAt), desc(watchHistory.id))
    .limit(CONTINUE_WATCHING_LIMIT);
  return (rows as Row[]).map((row) => {
    const { id: _id, status: _status, ...item } = toItem(row);
    return item;
  });
}

/** spec §7 watch_history delete by id and user_id: another member's row is not found. */
export async function deleteHistoryRow(db: Db, userId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(watchHistory)
    .where(and(eq(watchHistory.id, id), eq(watchHistory.userId, userId)))
    .returning({ id: watchHistory.id });
  return rows.length > 0;
}

/** spec §7 watch_history delete by user_id (clear all). */
export async function clearHistoryRows(db: Db, userId: string): Promise<void> {
  await db.delete(watchHistory).where(eq(watchHistory.userId, userId));
}
