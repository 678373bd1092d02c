import { and, desc, eq, gte, lt, type SQL, sql } from "drizzle-orm";
import {
  CONTINUE_WATCHING_LIMIT,
  type ContinueWatchingItem,
  type HistoryEpisode,
  type HistoryFilter,
  type HistoryItem,
  type HistoryListQuery,
  type HistorySort,
  historyStatusOf,
  WATCH_PROGRESS,
} from "#contract/history";
import type { Db } from "#db/client";
import { watchHistory } from "#db/schema/activity";
import { episodes, videos } from "#db/schema/catalogue";
import { key, keysText, orderOf, type SortKey } from "../shared/keyset.queries.ts";
import { executePrepared, likeEscape } from "../shared/sql.queries.ts";
import { toVideoSummary, videoSummarySelection } from "../shared/video-summary.queries.ts";

/**
 * spec §9 history sorts as keyset keys (shared/keyset.queries.ts); ties are broken by the newest
 * save, then the row id (stable pages).
 */
function historyKeys(sort: HistorySort): SortKey[] {
  const watched = (dir: SortKey["dir"]) => key(sql`${watchHistory.watchedAt}`, dir, "timestamptz");
  const rowId = (dir: SortKey["dir"]) => key(sql`${watchHistory.id}`, dir, "uuid");
  const newest = [watched("desc"), rowId("desc")];
  switch (sort) {
    case "recent":
      return newest;
    case "oldest":
      return [watched("asc"), rowId("asc")];
    case "title":
      // Accents and case ignored, as the catalogue's title sort; a series' episodes in order
      // (a film's row, without an episode, first).
      return [
        key(sql`"videos"."title_fold"`, "asc", "text"),
        key(sql`${videos.title}`, "asc", "text"),
        key(sql`${videos.id}`, "asc", "uuid"),
        key(sql`coalesce(${episodes.seasonNumber}, 0)`, "asc", "int4"),
        key(sql`coalesce(${episodes.episodeNumber}, 0)`, "asc", "int4"),
        ...newest,
      ];
    case "progress":
      return [key(sql`${watchHistory.progress}`, "desc", "float8"), ...newest];
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

/**
 * spec §2 History / §7 watch_history select by user with the video and episode joined: one page
 * after the cursor's keys (`after`) or `offset`, one row more telling whether another follows, and
 * the exact count of the member's matching rows (a member's own history: hundreds of rows).
 */
export async function historyPage(
  db: Db,
  userId: string,
  query: HistoryListQuery,
  after: (keys: SortKey[]) => SQL | undefined,
): Promise<{ items: HistoryItem[]; total: number; lastKeys: string[] | null }> {
  const where = and(eq(watchHistory.userId, userId), filterCondition(query.filter), searchCondition(query.q));
  const keys = historyKeys(query.sort);
  const [rows, counts] = await Promise.all([
    db
      .select({ ...rowSelection, cursorKeys: keysText(keys) })
      .from(watchHistory)
      .innerJoin(videos, eq(videos.id, watchHistory.videoId))
      .leftJoin(episodes, eq(episodes.id, watchHistory.episodeId))
      .where(and(where, after(keys)))
      .orderBy(...orderOf(keys))
      .limit(query.limit + 1)
      .offset(query.cursor ? 0 : query.offset),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(watchHistory)
      .innerJoin(videos, eq(videos.id, watchHistory.videoId))
      .leftJoin(episodes, eq(episodes.id, watchHistory.episodeId))
      .where(where),
  ]);
  const more = rows.length > query.limit;
  const shown = (more ? rows.slice(0, query.limit) : rows) as (Row & { cursorKeys: string[] })[];
  return {
    items: shown.map(toItem),
    total: counts[0]?.total ?? 0,
    lastKeys: more ? (shown.at(-1)?.cursorKeys ?? null) : null,
  };
}

/**
 * 'Reprendre la lecture' (spec §2 Home, §5 resume window): the latest save of each video (for a series, its most recently
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

/** The video's type and, when an episode is given, whether it belongs to that series (one read). */
export async function playTarget(db: Db, videoId: string, episodeId: string | null) {
  const [row] = await db
    .select({ type: videos.type, episodeId: episodes.id })
    .from(videos)
    .leftJoin(
      episodes,
      and(eq(episodes.seriesId, videos.id), episodeId ? eq(episodes.id, episodeId) : sql`false`),
    )
    .where(eq(videos.id, videoId));
  return row;
}

/**
 * spec §7 watch_history upsert keyed on user, video and episode, and the check of its target, in
 * one statement (one round trip instead of two: the writes target of decision 030). Out of order safe:
 * the row only moves forward in the client's time (clientSavedAt), and the conflict clause makes
 * any number of concurrent saves of one row a single row, never an error. The row is written only
 * when the video exists and the episode fits it (a film without one, a series with one of its own). Answers what the check
 * needs to explain a refusal: the video's type (undefined: no such video), whether the episode
 * belongs to it, and whether a row was written.
 */
export async function saveIfPlayable(
  db: Db,
  row: {
    userId: string;
    videoId: string;
    episodeId: string | null;
    progress: number;
    currentPosition: number;
    totalDuration: number;
    clientSavedAt: number;
  },
): Promise<{ type: "movie" | "series"; episodeFits: boolean; saved: boolean } | undefined> {
  // Every player saves every few seconds: a prepared statement (planned once per connection).
  const [found] = await executePrepared<{ type: "movie" | "series"; episode_fits: boolean; saved: number }>(
    db,
    "bobine_save_progress",
    sql`
    with target as (
      select v.type, e.id as episode_id
      from videos v
      left join episodes e on e.series_id = v.id and e.id = ${row.episodeId}::uuid
      where v.id = ${row.videoId}::uuid
    ), written as (
      insert into watch_history (user_id, video_id, episode_id, progress, current_position, total_duration,
                                 client_saved_at)
      select ${row.userId}::uuid, ${row.videoId}::uuid, ${row.episodeId}::uuid, ${row.progress}::float8,
             ${row.currentPosition}::float8, ${row.totalDuration}::float8, ${row.clientSavedAt}::bigint
      from target
      where (target.type = 'movie' and ${row.episodeId}::uuid is null)
         or (target.type = 'series' and target.episode_id is not null)
      on conflict (user_id, video_id, episode_id) do update set
        progress = excluded.progress,
        current_position = excluded.current_position,
        total_duration = excluded.total_duration,
        client_saved_at = excluded.client_saved_at,
        watched_at = now(),
        updated_at = now()
      -- A save older than the stored one changes nothing (equal: the same save repeated).
      where watch_history.client_saved_at <= excluded.client_saved_at
      returning 1
    )
    select target.type, target.episode_id is not null as episode_fits,
      (select count(*) from written)::int as saved
    from target`,
  );
  return found ? { type: found.type, episodeFits: found.episode_fits, saved: found.saved > 0 } : undefined;
}

/** The latest save of a video (or of one of its episodes) by the member. */
export async function latestSave(db: Db, userId: string, videoId: string, episodeId: string | undefined) {
  const [row] = await db
    .select({
      episodeId: watchHistory.episodeId,
      progress: watchHistory.progress,
      currentPosition: watchHistory.currentPosition,
    })
    .from(watchHistory)
    .where(
      and(
        eq(watchHistory.userId, userId),
        eq(watchHistory.videoId, videoId),
        episodeId ? eq(watchHistory.episodeId, episodeId) : undefined,
      ),
    )
    .orderBy(desc(watchHistory.watchedAt), desc(watchHistory.clientSavedAt))
    .limit(1);
  return row;
}
