import { and, asc, count, desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { AdminEpisode, AdminVideo, AdminVideoRow, episodeInput } from "#contract/admin-videos";
import type { Db } from "#db/client";
import { profiles } from "#db/schema/auth";
import { categories, episodes, subtitles, videoCategories, videos } from "#db/schema/catalogue";
import { mediaAssets } from "#db/schema/media";
import { type Conn, likeEscapeJs, type Tx } from "../shared/sql.queries.ts";
import { videoSummarySelection } from "../shared/video-summary.queries.ts";

/** The SQL of the « Vidéos » table and the video form (spec §7 videos and episodes). */

type EpisodeFields = Omit<import("zod").output<typeof episodeInput>, "id">;

/** The fields of the video form as columns. */
export interface VideoColumns {
  type: "movie" | "series";
  title: string;
  description: string;
  year: number;
  duration: string;
  language: string;
  maturity: "all" | "teen" | "mature";
  thumbnail: string | null;
  backdrop: string | null;
  videoUrl: string | null;
  totalSeasons: number;
  published: boolean;
}

/** Just the columns of a wider object (a form, a line of a catalogue file): nothing else is written. */
export const videoColumnsOf = (v: VideoColumns): VideoColumns => ({
  type: v.type,
  title: v.title,
  description: v.description,
  year: v.year,
  duration: v.duration,
  language: v.language,
  maturity: v.maturity,
  thumbnail: v.thumbnail,
  backdrop: v.backdrop,
  videoUrl: v.videoUrl,
  totalSeasons: v.totalSeasons,
  published: v.published,
});

/** Whether a film's uploaded file is transcoded far enough to play (a rung of its ladder is ready). */
export async function filmMediaReady(db: Conn, videoId: string): Promise<boolean> {
  const [row] = await db
    .select({ playable: mediaAssets.playable })
    .from(mediaAssets)
    .where(and(eq(mediaAssets.targetId, videoId), eq(mediaAssets.videoId, videoId)));
  return row?.playable ?? false;
}

export async function adminVideoPage(
  db: Db,
  opts: {
    limit: number;
    offset: number;
    q?: string | undefined;
    categoryId?: string | undefined;
    type?: "movie" | "series" | undefined;
  },
): Promise<{ items: AdminVideoRow[]; total: number }> {
  const conditions: SQL[] = [];
  if (opts.q) {
    // Accents and case folded as the catalogue's search does (bobine_fold, migration 0003).
    const pattern = `%${likeEscapeJs(opts.q)}%`;
    conditions.push(sql`bobine_fold(${videos.title}) like bobine_fold(${pattern})`);
  }
  if (opts.categoryId) {
    conditions.push(
      sql`exists (select 1 from ${videoCategories} vc where vc.video_id = "videos"."id" and vc.category_id = ${opts.categoryId})`,
    );
  }
  if (opts.type) conditions.push(eq(videos.type, opts.type));
  const where = conditions.length ? and(...conditions) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: videos.id,
        type: videos.type,
        title: videos.title,
        thumbnail: videos.thumbnail,
        duration: videos.duration,
        category: videoSummarySelection.category,
        year: videos.year,
        views: videos.views,
        averageRating: videos.averageRating,
        totalRatings: videos.totalRatings,
        totalEpisodes: videos.totalEpisodes,
        published: videos.published,
        createdAt: videos.createdAt,
      })
      .from(videos)
      .where(where)
      .orderBy(desc(videos.createdAt), desc(videos.id))
      .limit(opts.limit)
      .offset(opts.offset),
    db.select({ n: count() }).from(videos).where(where),
  ]);
  return {
    items: rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
    total: total?.n ?? 0,
  };
}

const episodeColumns = {
  id: episodes.id,
  title: episodes.title,
  description: episodes.description,
  thumbnail: episodes.thumbnail,
  duration: episodes.duration,
  seasonNumber: episodes.seasonNumber,
  episodeNumber: episodes.episodeNumber,
  videoUrl: episodes.videoUrl,
};

/** A series' episodes by season then number (spec §7 episodes). */
export const episodesOf = (db: Conn, seriesId: string): Promise<AdminEpisode[]> =>
  db
    .select(episodeColumns)
    .from(episodes)
    .where(eq(episodes.seriesId, seriesId))
    .orderBy(asc(episodes.seasonNumber), asc(episodes.episodeNumber));

/** The video as the form edits it, or undefined. */
export async function adminVideoById(db: Conn, id: string): Promise<AdminVideo | undefined> {
  const [row] = await db
    .select({
      id: videos.id,
      type: videos.type,
      title: videos.title,
      description: videos.description,
      year: videos.year,
      duration: videos.duration,
      language: videos.language,
      maturity: videos.maturity,
      thumbnail: videos.thumbnail,
      backdrop: videos.backdrop,
      videoUrl: videos.videoUrl,
      published: videos.published,
      totalSeasons: videos.totalSeasons,
      totalEpisodes: videos.totalEpisodes,
      views: videos.views,
      averageRating: videos.averageRating,
      totalRatings: videos.totalRatings,
      version: videos.version,
      createdBy: profiles.username,
      createdAt: videos.createdAt,
      updatedAt: videos.updatedAt,
    })
    .from(videos)
    .leftJoin(profiles, eq(profiles.id, videos.createdBy))
    .where(eq(videos.id, id));
  if (!row) return undefined;
  const [links, list, mediaReady] = await Promise.all([
    db
      .select({ id: categories.id, name: categories.name })
      .from(videoCategories)
      .innerJoin(categories, eq(categories.id, videoCategories.categoryId))
      .where(eq(videoCategories.videoId, id))
      .orderBy(asc(videoCategories.position), asc(categories.name)),
    episodesOf(db, id),
    row.type === "movie" ? filmMediaReady(db, id) : false,
  ]);
  return {
    ...row,
    mediaReady,
    createdBy: row.createdBy ?? null,
    categoryIds: links.map((l) => l.id),
    category: links.map((l) => l.name),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    episodes: list,
  };
}

/** The row locked for an edit: its version and what the journal says of it; undefined when gone. */
export async function lockVideo(tx: Tx, id: string) {
  const [row] = await tx
    .select({ id: videos.id, version: videos.version, type: videos.type, title: videos.title })
    .from(videos)
    .where(eq(videos.id, id))
    .for("update");
  return row;
}

/** How many of these categories exist. */
export async function existingCategories(tx: Conn, ids: string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const [row] = await tx.select({ n: count() }).from(categories).where(inArray(categories.id, ids));
  return row?.n ?? 0;
}

export async function insertVideo(tx: Tx, fields: VideoColumns, createdBy: string | null, id?: string) {
  const [row] = await tx
    .insert(videos)
    .values({ ...fields, ...(id ? { id } : {}), createdBy })
    .returning({ id: videos.id });
  if (!row) throw new Error("video not inserted");
  return row.id;
}

/** Writes the form's fields and takes the next version. */
export async function updateVideoRow(tx: Tx, id: string, fields: VideoColumns) {
  await tx
    .update(videos)
    .set({ ...fields, version: sql`${videos.version} + 1`, updatedAt: sql`now()` })
    .where(eq(videos.id, id));
}

/** A new version of the video (an episode deleted, categories changed in bulk). */
export async function bumpVersion(tx: Tx, id: string): Promise<number> {
  const [row] = await tx
    .update(videos)
    .set({ version: sql`${videos.version} + 1`, updatedAt: sql`now()` })
    .where(eq(videos.id, id))
    .returning({ version: videos.version });
  return row?.version ?? 0;
}

/** The video's categories, the first one its main category (position 0). */
export async function setVideoCategories(tx: Tx, videoId: string, categoryIds: string[]) {
  await tx.delete(videoCategories).where(eq(videoCategories.videoId, videoId));
  if (categoryIds.length === 0) return;
  await tx
    .insert(videoCategories)
    .values(categoryIds.map((categoryId, position) => ({ videoId, categoryId, position })));
}

/** The category names of videos, main first (the journal's before/after). */
export async function categoryNamesOf(tx: Conn, videoId: string): Promise<string[]> {
  const rows = await tx
    .select({ name: categories.name })
    .from(videoCategories)
    .innerJoin(categories, eq(categories.id, videoCategories.categoryId))
    .where(eq(videoCategories.videoId, videoId))
    .orderBy(asc(videoCategories.position), asc(categories.name));
  return rows.map((r) => r.name);
}

/** The ids of a series' saved episodes, among `ids`. */
export async function episodeIdsOf(tx: Conn, seriesId: string, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await tx
    .select({ id: episodes.id })
    .from(episodes)
    .where(and(eq(episodes.seriesId, seriesId), inArray(episodes.id, ids)));
  return new Set(rows.map((r) => r.id));
}

/**
 * Saved episodes updated and new ones created (spec §4 Video form). The numbers of the episodes
 * being edited are first moved out of the way, so two episodes may swap their numbers in one save
 * (the unique (series, season, episode) key holds at every statement).
 */
export async function saveEpisodes(
  tx: Tx,
  seriesId: string,
  updated: (EpisodeFields & { id: string })[],
  created: EpisodeFields[],
): Promise<{ id: string; title: string; seasonNumber: number; episodeNumber: number }[]> {
  if (updated.length > 0) {
    await tx
      .update(episodes)
      .set({ episodeNumber: sql`${episodes.episodeNumber} + 1000000` })
      .where(
        and(
          eq(episodes.seriesId, seriesId),
          inArray(
            episodes.id,
            updated.map((e) => e.id),
          ),
        ),
      );
    for (const { id, ...fields } of updated) {
      await tx
        .update(episodes)
        .set(fields)
        .where(and(eq(episodes.id, id), eq(episodes.seriesId, seriesId)));
    }
  }
  if (created.length === 0) return [];
  return tx
    .insert(episodes)
    .values(created.map((e) => ({ ...e, seriesId })))
    .returning({
      id: episodes.id,
      title: episodes.title,
      seasonNumber: episodes.seasonNumber,
      episodeNumber: episodes.episodeNumber,
    });
}

/** The highest season that has an episode (0 without any). */
export async function highestSeason(tx: Conn, seriesId: string): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`coalesce(max(${episodes.seasonNumber}), 0)::int` })
    .from(episodes)
    .where(eq(episodes.seriesId, seriesId));
  return row?.n ?? 0;
}

/** spec §4: a series turned into a film loses its episodes. */
export async function deleteEpisodesOf(tx: Tx, seriesId: string) {
  return tx.delete(episodes).where(eq(episodes.seriesId, seriesId)).returning(episodeColumns);
}

/** Keeps `total_episodes` the count of the series' episodes. */
export async function refreshEpisodeCount(tx: Tx, seriesId: string): Promise<number> {
  const [row] = await tx
    .update(videos)
    .set({
      totalEpisodes: sql`(select count(*)::int from ${episodes} e where e.series_id = ${seriesId})`,
    })
    .where(eq(videos.id, seriesId))
    .returning({ n: videos.totalEpisodes });
  return row?.n ?? 0;
}

/** An episode with its series, locked (the series too): undefined when gone. */
export async function lockEpisode(tx: Tx, id: string) {
  const [row] = await tx
    .select({
      id: episodes.id,
      seriesId: episodes.seriesId,
      title: episodes.title,
      seasonNumber: episodes.seasonNumber,
      episodeNumber: episodes.episodeNumber,
      videoUrl: episodes.videoUrl,
      thumbnail: episodes.thumbnail,
      seriesTitle: videos.title,
    })
    .from(episodes)
    .innerJoin(videos, eq(videos.id, episodes.seriesId))
    .where(eq(episodes.id, id))
    .for("update");
  return row;
}

/** Every media address a video uses: its own, its episodes', its subtitles' (what its deletion may free). */
export async function mediaOfVideo(tx: Conn, videoId: string): Promise<string[]> {
  const [video] = await tx
    .select({ videoUrl: videos.videoUrl, thumbnail: videos.thumbnail, backdrop: videos.backdrop })
    .from(videos)
    .where(eq(videos.id, videoId));
  const eps = await tx
    .select({ videoUrl: episodes.videoUrl, thumbnail: episodes.thumbnail })
    .from(episodes)
    .where(eq(episodes.seriesId, videoId));
  const subs = await tx
    .select({ url: subtitles.subtitleUrl })
    .from(subtitles)
    .where(eq(subtitles.videoId, videoId));
  return [
    video?.videoUrl,
    video?.thumbnail,
    video?.backdrop,
    ...eps.flatMap((e) => [e.videoUrl, e.thumbnail]),
    ...subs.map((s) => s.url),
  ].filter((v): v is string => typeof v === "string" && v.length > 0);
}

/**
 * The store targets a video's media are filed under (decision 013's `uploads/<target>` and
 * `hls/<target>`): the video itself and, for a series, each of its episodes.
 */
export async function mediaTargetsOf(db: Conn, videoId: string): Promise<string[]> {
  const eps = await db.select({ id: episodes.id }).from(episodes).where(eq(episodes.seriesId, videoId));
  return [videoId, ...eps.map((e) => e.id)];
}

/** Deletes videos (episodes, subtitles, favourites, ratings, history, categories and plays go by cascade). */
export async function deleteVideoRows(tx: Tx, ids: string[]) {
  if (ids.length === 0) return [];
  return tx
    .delete(videos)
    .where(inArray(videos.id, ids))
    .returning({ id: videos.id, title: videos.title, type: videos.type });
}

/** Of these media addresses, the ones no video, episode or subtitle names any more. */
export async function unreferenced(tx: Conn, addresses: string[]): Promise<string[]> {
  const unique = [...new Set(addresses)];
  if (unique.length === 0) return [];
  const [v, e, s] = await Promise.all([
    tx
      .select({ a: videos.videoUrl, b: videos.thumbnail, c: videos.backdrop })
      .from(videos)
      .where(
        sql`${videos.videoUrl} in ${unique} or ${videos.thumbnail} in ${unique} or ${videos.backdrop} in ${unique}`,
      ),
    tx
      .select({ a: episodes.videoUrl, b: episodes.thumbnail })
      .from(episodes)
      .where(sql`${episodes.videoUrl} in ${unique} or ${episodes.thumbnail} in ${unique}`),
    tx.select({ a: subtitles.subtitleUrl }).from(subtitles).where(inArray(subtitles.subtitleUrl, unique)),
  ]);
  const used = new Set<string>();
  for (const row of [...v, ...e, ...s]) for (const value of Object.values(row)) if (value) used.add(value);
  return unique.filter((a) => !used.has(a));
}

/** The subtitle files of one episode (they go with it). */
export async function subtitleAddressesOfEpisode(tx: Conn, episodeId: string): Promise<string[]> {
  const rows = await tx
    .select({ url: subtitles.subtitleUrl })
    .from(subtitles)
    .where(eq(subtitles.episodeId, episodeId));
  return rows.map((r) => r.url);
}

/** Deletes one episode (its subtitles, history rows and playing leases' episode go by cascade). */
export async function deleteEpisodeRow(tx: Tx, id: string) {
  await tx.delete(episodes).where(eq(episodes.id, id));
}

/** Of these ids, the videos that exist, locked, with what the journal says of them. */
export async function lockVideos(tx: Tx, ids: string[]) {
  if (ids.length === 0) return [];
  return tx
    .select({ id: videos.id, title: videos.title, type: videos.type })
    .from(videos)
    .where(inArray(videos.id, ids))
    .orderBy(asc(videos.id))
    .for("update");
}
