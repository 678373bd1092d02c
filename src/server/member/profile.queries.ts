import { eq, sql } from "drizzle-orm";
import { ACTIVITY_LIMIT, type ActivityItem, type UserStats } from "#contract/member";
import type { Db } from "#db/client";
import { profiles } from "#db/schema/auth";
import { rowsOf } from "../shared/sql.queries.ts";

const isoOf = (v: Date | string) => new Date(v).toISOString();

/** spec §3 User stats, from the member's own rows. */
export async function userStats(db: Db, userId: string): Promise<UserStats> {
  const [row] = rowsOf<{ watched: number; favorites: number; ratings: number; seconds: number }>(
    await db.execute(sql`
      select
        (select count(distinct video_id)::int from watch_history where user_id = ${userId}) as watched,
        (select count(*)::int from favorites where user_id = ${userId}) as favorites,
        (select count(*)::int from ratings where user_id = ${userId}) as ratings,
        (select coalesce(sum(current_position), 0)::float8 from watch_history where user_id = ${userId}) as seconds`),
  );
  return {
    totalWatched: row?.watched ?? 0,
    totalFavorites: row?.favorites ?? 0,
    totalRatings: row?.ratings ?? 0,
    // Positions are seconds; hours to one decimal.
    totalHours: Math.round((Number(row?.seconds ?? 0) / 3600) * 10) / 10,
  };
}

interface ActivityRow {
  type: ActivityItem["type"];
  video_id: string;
  date: Date | string;
  progress: number | null;
  title: string;
  thumbnail: string | null;
  video_type: "movie" | "series";
  average_rating: number;
  category: string | null;
  user_rating: number | null;
  episode_title: string | null;
  season_number: number | null;
  episode_number: number | null;
}

/**
 * spec §2 Profile, §3 Activity item, §9 activity list 10: the last watches, favourites, ratings and
 * likes (« J'aime », decision 040) in one UNION, newest first. Each branch reads at most the limit
 * through its (user, date) index.
 */
export async function recentActivities(db: Db, userId: string): Promise<ActivityItem[]> {
  const limit = ACTIVITY_LIMIT;
  const rows = rowsOf<ActivityRow>(
    await db.execute(sql`
      with acts as (
        (select 'watch'::text as type, h.video_id, h.watched_at as date, h.progress, h.episode_id
          from watch_history h where h.user_id = ${userId} order by h.watched_at desc limit ${limit})
        union all
        (select 'favorite', f.video_id, f.added_at, null, null
          from favorites f where f.user_id = ${userId} order by f.added_at desc limit ${limit})
        union all
        (select 'rate', r.video_id, r.updated_at, null, null
          from ratings r where r.user_id = ${userId} order by r.updated_at desc limit ${limit})
        union all
        (select 'like', l.video_id, l.liked_at, null, null
          from likes l where l.user_id = ${userId} order by l.liked_at desc limit ${limit})
        order by date desc, type limit ${limit}
      )
      select acts.type, acts.video_id, acts.date, acts.progress,
        v.title, v.thumbnail, v.type as video_type, v.average_rating,
        (select c.name from video_categories vc join categories c on c.id = vc.category_id
          where vc.video_id = v.id order by vc.position, c.name limit 1) as category,
        r.rating as user_rating,
        e.title as episode_title, e.season_number, e.episode_number
      from acts
      join videos v on v.id = acts.video_id
      left join ratings r on r.user_id = ${userId} and r.video_id = acts.video_id
      left join episodes e on e.id = acts.episode_id
      order by acts.date desc, acts.type`),
  );
  return rows.map((r) => ({
    type: r.type,
    videoId: r.video_id,
    title: r.title,
    thumbnail: r.thumbnail,
    videoType: r.video_type,
    category: r.category,
    averageRating: Number(r.average_rating),
    userRating: r.user_rating === null ? null : Number(r.user_rating),
    progress: r.progress === null ? null : Number(r.progress),
    episodeTitle: r.episode_title,
    seasonNumber: r.season_number,
    episodeNumber: r.episode_number,
    date: isoOf(r.date),
  }));
}

/** spec §7 profiles update {username, avatar} by id; undefined when the member is gone. */
export async function updateProfileRow(
  db: Db,
  userId: string,
  changes: { username?: string; avatar?: string | null },
) {
  const [row] = await db
    .update(profiles)
    .set(changes)
    .where(eq(profiles.id, userId))
    .returning({ username: profiles.username, avatar: profiles.avatar });
  return row;
}
