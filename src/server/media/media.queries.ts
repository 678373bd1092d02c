import { and, desc, eq, inArray, isNull, lt, sql } from "drizzle-orm";
import type { Db } from "#db/client";
import { episodes, videos } from "#db/schema/catalogue";
import { mediaAssets, mediaTrash, mediaUploads } from "#db/schema/media";
import type { AssetTask, SourceProbe, TrickplayLayout } from "../shared/media-ladder.ts";
import type { Tx } from "../shared/sql.queries.ts";

export type AssetRow = typeof mediaAssets.$inferSelect;

/** The film or the episode an upload is for: its series id and whether it exists. */
export async function uploadTarget(db: Db, videoId: string, episodeId: string | null) {
  if (episodeId) {
    const [row] = await db
      .select({ id: episodes.id })
      .from(episodes)
      .where(and(eq(episodes.id, episodeId), eq(episodes.seriesId, videoId)));
    return row ? { videoId, episodeId, targetId: row.id } : null;
  }
  const [row] = await db
    .select({ id: videos.id, type: videos.type })
    .from(videos)
    .where(eq(videos.id, videoId));
  return row && row.type === "movie" ? { videoId, episodeId: null, targetId: row.id } : null;
}

export async function insertUpload(
  db: Db,
  row: {
    id: string;
    userId: string;
    sessionId: string;
    videoId: string;
    episodeId: string | null;
    size: number;
  },
) {
  await db.insert(mediaUploads).values(row);
}

/** An upload of this very session (SECURITY-CHECKLIST 38): another session's is not found. */
export async function uploadOfSession(db: Db, id: string, sessionId: string) {
  const [row] = await db
    .select()
    .from(mediaUploads)
    .where(and(eq(mediaUploads.id, id), eq(mediaUploads.sessionId, sessionId)));
  return row;
}

export async function uploadById(db: Db, id: string) {
  const [row] = await db.select().from(mediaUploads).where(eq(mediaUploads.id, id));
  return row;
}

export async function deleteUpload(db: Db, id: string) {
  await db.delete(mediaUploads).where(eq(mediaUploads.id, id));
}

/** Upload ids still known (the sweep removes the others' bytes). */
export async function knownUploadIds(db: Db, ids: string[]) {
  if (ids.length === 0) return new Set<string>();
  const rows = await db
    .select({ id: mediaUploads.id })
    .from(mediaUploads)
    .where(inArray(mediaUploads.id, ids));
  return new Set(rows.map((r) => r.id));
}

/**
 * The target's asset, replaced by a fresh one (a new upload of the same film): the old row goes
 * (its files to the trash, migration 0019's trigger) and the new one starts queued.
 */
export async function replaceAsset(
  tx: Tx,
  row: {
    videoId: string;
    episodeId: string | null;
    targetId: string;
    sourceKey: string;
    sourceBytes: number;
    createdBy: string | null;
  },
) {
  await tx.delete(mediaAssets).where(eq(mediaAssets.targetId, row.targetId));
  // The old files leave the trash queue: the new ones are written under the same prefix.
  await tx.delete(mediaTrash).where(eq(mediaTrash.targetId, row.targetId));
  const [created] = await tx.insert(mediaAssets).values(row).returning();
  if (!created) throw new Error("asset not created");
  return created;
}

export async function assetById(db: Db | Tx, id: string) {
  const [row] = await db.select().from(mediaAssets).where(eq(mediaAssets.id, id));
  return row;
}

/** The row locked for an update of its tasks (two rungs finishing at once never lose one). */
export async function lockAsset(tx: Tx, id: string) {
  const [row] = await tx.select().from(mediaAssets).where(eq(mediaAssets.id, id)).for("update");
  return row;
}

export async function updateAsset(
  db: Db | Tx,
  id: string,
  patch: Partial<{
    status: AssetRow["status"];
    progress: number;
    error: string | null;
    probe: SourceProbe;
    tasks: AssetTask[];
    playable: boolean;
    posterKey: string | null;
    trickplay: TrickplayLayout | null;
    sourceKey: string | null;
  }>,
) {
  await db
    .update(mediaAssets)
    .set({ ...patch, updatedAt: sql`now()` })
    .where(eq(mediaAssets.id, id));
}

/**
 * Deletes an asset (its files go to the trash: migration 0018's trigger) and, in the same
 * transaction, the film's or episode's poster when it is the frame taken from it: left, it named a
 * file about to be swept, and the catalogue showed a broken image.
 */
export async function deleteAsset(db: Db, id: string) {
  return db.transaction(async (tx) => {
    const [row] = await tx.delete(mediaAssets).where(eq(mediaAssets.id, id)).returning({
      videoId: mediaAssets.videoId,
      episodeId: mediaAssets.episodeId,
      posterKey: mediaAssets.posterKey,
    });
    if (!row) return false;
    if (row.posterKey) {
      const frame = `/media/${row.posterKey}`;
      if (row.episodeId) {
        await tx
          .update(episodes)
          .set({ thumbnail: null })
          .where(and(eq(episodes.id, row.episodeId), eq(episodes.thumbnail, frame)));
      } else {
        await tx
          .update(videos)
          .set({ thumbnail: null })
          .where(and(eq(videos.id, row.videoId), eq(videos.thumbnail, frame)));
      }
    }
    return true;
  });
}

/** The film's or the episode's poster, when it has none (the poster frame fills it). */
export async function setPosterIfNone(db: Db | Tx, videoId: string, episodeId: string | null, url: string) {
  if (episodeId) {
    await db
      .update(episodes)
      .set({ thumbnail: url })
      .where(and(eq(episodes.id, episodeId), isNull(episodes.thumbnail)));
    return;
  }
  await db
    .update(videos)
    .set({ thumbnail: url })
    .where(and(eq(videos.id, videoId), isNull(videos.thumbnail)));
}

/** Whether the film or episode already has a poster given by someone. */
export async function hasPoster(db: Db, videoId: string, episodeId: string | null) {
  if (episodeId) {
    const [row] = await db.select({ t: episodes.thumbnail }).from(episodes).where(eq(episodes.id, episodeId));
    return Boolean(row?.t);
  }
  const [row] = await db.select({ t: videos.thumbnail }).from(videos).where(eq(videos.id, videoId));
  return Boolean(row?.t);
}

/** The queue for the admin: unfinished first, then the latest ready, with the title to show. */
export async function listAssets(db: Db, videoId?: string) {
  return db
    .select({
      asset: mediaAssets,
      title: sql<string>`coalesce(${episodes.title} || ' — ' || ${videos.title}, ${videos.title})`,
    })
    .from(mediaAssets)
    .innerJoin(videos, eq(videos.id, mediaAssets.videoId))
    .leftJoin(episodes, eq(episodes.id, mediaAssets.episodeId))
    .where(videoId ? eq(mediaAssets.videoId, videoId) : undefined)
    .orderBy(sql`(${mediaAssets.status} = 'ready')`, desc(mediaAssets.updatedAt))
    .limit(100);
}

export async function trashBatch(db: Db, limit = 50) {
  return db.select().from(mediaTrash).orderBy(mediaTrash.createdAt).limit(limit);
}

export async function forgetTrash(db: Db, targetId: string) {
  await db.delete(mediaTrash).where(eq(mediaTrash.targetId, targetId));
}

/** Uploads older than `hours` (a session that never finished its file). */
export async function staleUploads(db: Db, hours: number) {
  return db
    .select({ id: mediaUploads.id })
    .from(mediaUploads)
    .where(lt(mediaUploads.createdAt, sql`now() - make_interval(hours => ${hours})`));
}

/** A film for a file imported from disk: the details are the administrator's to complete. */
export async function createImportedFilm(
  db: Db,
  film: { title: string; duration: string; createdBy: string | null },
): Promise<string> {
  const [row] = await db
    .insert(videos)
    .values({
      title: film.title,
      year: new Date().getFullYear(),
      type: "movie",
      duration: film.duration,
      createdBy: film.createdBy,
      // A draft (decision 052): its details are to be filled in and it is published from the panel.
      published: false,
    })
    .returning({ id: videos.id });
  if (!row) throw new Error("film not created");
  return row.id;
}
