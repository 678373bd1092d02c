import { asc, eq, inArray, sql } from "drizzle-orm";
import type { CatalogueExport } from "#contract/admin-catalogue";
import type { Db } from "#db/client";
import { categories, episodes, videos } from "#db/schema/catalogue";
import type { Conn, Tx } from "../shared/sql.queries.ts";
import { videoSummarySelection } from "../shared/video-summary.queries.ts";

/** The SQL of the catalogue's export and import (src/contract/admin-catalogue.ts). */

export async function exportRows(db: Db): Promise<Pick<CatalogueExport, "categories" | "videos">> {
  const [cats, vids, eps] = await Promise.all([
    db
      .select({ name: categories.name, description: categories.description, color: categories.color })
      .from(categories)
      .orderBy(asc(sql`lower(${categories.name})`)),
    db
      .select({
        id: videos.id,
        type: videos.type,
        title: videos.title,
        description: videos.description,
        categories: videoSummarySelection.category,
        year: videos.year,
        duration: videos.duration,
        language: videos.language,
        maturity: videos.maturity,
        thumbnail: videos.thumbnail,
        backdrop: videos.backdrop,
        videoUrl: videos.videoUrl,
        totalSeasons: videos.totalSeasons,
        published: videos.published,
      })
      .from(videos)
      .orderBy(asc(videos.createdAt), asc(videos.id)),
    db
      .select({
        seriesId: episodes.seriesId,
        title: episodes.title,
        description: episodes.description,
        thumbnail: episodes.thumbnail,
        duration: episodes.duration,
        seasonNumber: episodes.seasonNumber,
        episodeNumber: episodes.episodeNumber,
        videoUrl: episodes.videoUrl,
      })
      .from(episodes)
      .orderBy(asc(episodes.seriesId), asc(episodes.seasonNumber), asc(episodes.episodeNumber)),
  ]);
  const bySeries = new Map<string, CatalogueExport["videos"][number]["episodes"]>();
  for (const { seriesId, ...e } of eps) {
    const list = bySeries.get(seriesId) ?? [];
    list.push(e);
    bySeries.set(seriesId, list);
  }
  return { categories: cats, videos: vids.map((v) => ({ ...v, episodes: bySeries.get(v.id) ?? [] })) };
}

/** Every category by lower-cased name. */
export async function categoriesByName(tx: Conn) {
  const rows = await tx
    .select({
      id: categories.id,
      name: categories.name,
      description: categories.description,
      color: categories.color,
    })
    .from(categories);
  return new Map(rows.map((r) => [r.name.toLowerCase(), r]));
}

export async function insertCategories(tx: Tx, rows: { name: string; description: string; color: string }[]) {
  if (rows.length === 0) return;
  await tx.insert(categories).values(rows);
}

export async function updateCategoryValues(
  tx: Tx,
  id: string,
  values: { name: string; description: string; color: string },
) {
  await tx.update(categories).set(values).where(eq(categories.id, id));
}

/** Of these ids, the videos that exist (with their type). */
export async function existingVideos(tx: Conn, ids: string[]) {
  const found = new Map<string, "movie" | "series">();
  for (let i = 0; i < ids.length; i += 1000) {
    const chunk = ids.slice(i, i + 1000);
    const rows = await tx
      .select({ id: videos.id, type: videos.type })
      .from(videos)
      .where(inArray(videos.id, chunk));
    for (const r of rows) found.set(r.id, r.type);
  }
  return found;
}

/** A series' episodes by `season:episode`. */
export async function episodeKeys(tx: Conn, seriesId: string) {
  const rows = await tx
    .select({ id: episodes.id, season: episodes.seasonNumber, episode: episodes.episodeNumber })
    .from(episodes)
    .where(eq(episodes.seriesId, seriesId));
  return new Map(rows.map((r) => [`${r.season}:${r.episode}`, r.id]));
}
