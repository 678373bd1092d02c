import { desc, sql } from "drizzle-orm";
import { CHART_DAYS, type DayPoint, type NowPlaying, RECENT_DAYS, TOP_VIDEOS } from "#contract/admin-stats";
import type { Db } from "#db/client";
import { videoPlaysDaily } from "#db/schema/admin";
import { profiles, users } from "#db/schema/auth";
import { entitlements } from "#db/schema/billing";
import { categories, episodes, videos } from "#db/schema/catalogue";
import { streamLeases } from "#db/schema/stream";
import { CATALOGUE_CHANNEL } from "../shared/catalogue-cache.ts";
import { rowsOf, type Tx } from "../shared/sql.queries.ts";

/**
 * The SQL of the header cards, « Statistiques » and « En cours » (spec §2 Admin, §3 Stats (admin),
 * §9 recent window 7 days, top 5). Days are Paris days.
 */

export async function headerCounts(db: Db) {
  const [row] = rowsOf<{
    videos: number;
    recent_videos: number;
    users: number;
    recent_users: number;
    views: string | number;
    categories: number;
  }>(
    await db.execute(sql`
      select
        (select count(*)::int from ${videos}) as videos,
        (select count(*)::int from ${videos} where created_at > now() - make_interval(days => ${RECENT_DAYS})) as recent_videos,
        (select count(*)::int from ${users}) as users,
        (select count(*)::int from ${users} where created_at > now() - make_interval(days => ${RECENT_DAYS})) as recent_users,
        (select coalesce(sum(views), 0)::bigint from ${videos}) as views,
        (select count(*)::int from ${categories}) as categories`),
  );
  return {
    videos: { total: Number(row?.videos ?? 0), recent: Number(row?.recent_videos ?? 0) },
    users: { total: Number(row?.users ?? 0), recent: Number(row?.recent_users ?? 0) },
    views: Number(row?.views ?? 0),
    categories: Number(row?.categories ?? 0),
  };
}

/** spec §2 'Top 5 Vidéos les Plus Regardées'. */
export const topVideos = (db: Db) =>
  db
    .select({
      id: videos.id,
      title: videos.title,
      thumbnail: videos.thumbnail,
      views: videos.views,
      averageRating: videos.averageRating,
      totalRatings: videos.totalRatings,
    })
    .from(videos)
    .orderBy(desc(videos.views), desc(videos.id))
    .limit(TOP_VIDEOS);

const today = sql`(now() at time zone 'Europe/Paris')::date`;
/** The last CHART_DAYS Paris days, as a table `d(day)`. */
const days = sql`(select generate_series((${today} - ${CHART_DAYS - 1}::int)::timestamp, ${today}::timestamp, interval '1 day')::date as day)`;

const points = (rows: { day: string | Date; value: number | string }[]): DayPoint[] =>
  rows.map((r) => ({
    day: typeof r.day === "string" ? r.day.slice(0, 10) : r.day.toISOString().slice(0, 10),
    value: Number(r.value),
  }));

/** Plays per Paris day over the last CHART_DAYS days, oldest first, 0 for days without any. */
export async function playsPerDay(db: Db): Promise<DayPoint[]> {
  return points(
    rowsOf(
      await db.execute(sql`
        select d.day::text as day, coalesce(sum(p.plays), 0)::int as value
        from ${days} as d
        left join ${videoPlaysDaily} p on p.day = d.day
        group by d.day order by d.day`),
    ),
  );
}

/** Sign-ups per week (starting Monday, Paris time) over the weeks of the last CHART_DAYS days. */
export async function newMembersPerWeek(db: Db): Promise<DayPoint[]> {
  return points(
    rowsOf(
      await db.execute(sql`
        with weeks as (
          select generate_series(
            date_trunc('week', (${today} - ${CHART_DAYS - 1}::int)::timestamp),
            date_trunc('week', ${today}::timestamp),
            interval '7 days')::date as week
        )
        select w.week::text as day, count(p.id)::int as value
        from weeks w
        left join ${profiles} p
          on date_trunc('week', (p.created_at at time zone 'Europe/Paris'))::date = w.week
        group by w.week order by w.week`),
    ),
  );
}

/**
 * Members whose access covered each Paris day of the last CHART_DAYS days (decision 012: started
 * by that day, and not ended nor taken back before it).
 */
export async function activeSubscriptionsPerDay(db: Db): Promise<DayPoint[]> {
  return points(
    rowsOf(
      await db.execute(sql`
        select d.day::text as day, count(distinct e.user_id)::int as value
        from ${days} as d
        left join ${entitlements} e
          on (e.starts_at at time zone 'Europe/Paris')::date <= d.day
          and (e.ends_at is null or (e.ends_at at time zone 'Europe/Paris')::date >= d.day)
          and (e.revoked_at is null or (e.revoked_at at time zone 'Europe/Paris')::date > d.day)
        group by d.day order by d.day`),
    ),
  );
}

/** « En cours »: the live stream leases (decision 006), most recently renewed first. */
export async function liveLeases(db: Db): Promise<NowPlaying[]> {
  const rows = rowsOf<{
    lease_id: string;
    user_id: string;
    username: string | null;
    video_id: string | null;
    title: string | null;
    type: "movie" | "series" | null;
    season_number: number | null;
    episode_number: number | null;
    episode_title: string | null;
    created_at: string | Date;
    renewed_at: string | Date;
  }>(
    await db.execute(sql`
      select l.id as lease_id, l.user_id, p.username, l.video_id, v.title, v.type,
        e.season_number, e.episode_number, e.title as episode_title, l.created_at, l.renewed_at
      from ${streamLeases} l
      left join ${profiles} p on p.id = l.user_id
      left join ${videos} v on v.id = l.video_id
      left join ${episodes} e on e.id = l.episode_id
      where l.expires_at > now()
      order by l.renewed_at desc
      limit 500`),
  );
  return rows.map((r) => ({
    leaseId: r.lease_id,
    userId: r.user_id,
    username: r.username ?? "",
    videoId: r.video_id,
    title: r.title,
    type: r.type,
    seasonNumber: r.season_number,
    episodeNumber: r.episode_number,
    episodeTitle: r.episode_title,
    startedAt: new Date(r.created_at).toISOString(),
    lastSeenAt: new Date(r.renewed_at).toISOString(),
  }));
}

/** A page of videos, newest first, for the storage table. */
export async function videosPage(db: Db, limit: number, offset: number) {
  const [rows, [total]] = await Promise.all([
    db
      .select({ id: videos.id, title: videos.title })
      .from(videos)
      .orderBy(desc(videos.createdAt), desc(videos.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: sql<number>`count(*)::int` }).from(videos),
  ]);
  return { rows, total: Number(total?.n ?? 0) };
}

/**
 * « Vider le cache »: every process's catalogue caches are emptied when they hear this on the
 * catalogue channel (decision 005), at commit.
 */
export async function announceCatalogueFlush(tx: Tx) {
  await tx.execute(sql`select pg_notify(${CATALOGUE_CHANNEL}, 'cache.clear')`);
}
