import { and, asc, eq, isNull, ne, sql } from "drizzle-orm";
import type { AdminSubtitle } from "#contract/admin-subtitles";
import type { Db } from "#db/client";
import { episodes, subtitles, videos } from "#db/schema/catalogue";
import type { Conn, Tx } from "../shared/sql.queries.ts";

/** The SQL of the subtitles dialog (spec §7 subtitles: select, insert, delete). */

const columns = {
  id: subtitles.id,
  videoId: subtitles.videoId,
  episodeId: subtitles.episodeId,
  language: subtitles.language,
  languageName: subtitles.languageName,
  isDefault: subtitles.isDefault,
  subtitleUrl: subtitles.subtitleUrl,
  createdAt: subtitles.createdAt,
};

type Row = typeof subtitles.$inferSelect;

export const toAdminSubtitle = (r: Row, cues: number | null = null): AdminSubtitle => ({
  id: r.id,
  videoId: r.videoId,
  episodeId: r.episodeId,
  language: r.language,
  languageName: r.languageName,
  isDefault: r.isDefault,
  cues,
  createdAt: r.createdAt.toISOString(),
});

/**
 * A video's tracks and its episodes', film first, then by season, episode and language, each with
 * its lines of dialogue (the rows the upload indexed, decision 050).
 */
export async function subtitlesOfVideo(db: Db, videoId: string): Promise<AdminSubtitle[]> {
  const rows = await db
    .select({
      ...columns,
      cues: sql<number>`(select count(*)::int from subtitle_cues sc where sc.subtitle_id = ${subtitles.id})`,
    })
    .from(subtitles)
    .leftJoin(episodes, eq(episodes.id, subtitles.episodeId))
    .where(eq(subtitles.videoId, videoId))
    .orderBy(
      sql`${episodes.seasonNumber} asc nulls first`,
      sql`${episodes.episodeNumber} asc nulls first`,
      asc(subtitles.language),
      asc(subtitles.createdAt),
    );
  return rows.map((r) => toAdminSubtitle(r, Number(r.cues)));
}

/** The video (type, title), and whether `episodeId` is one of its episodes. */
export async function targetOf(db: Conn, videoId: string, episodeId: string | undefined) {
  const [video] = await db
    .select({ id: videos.id, type: videos.type, title: videos.title })
    .from(videos)
    .where(eq(videos.id, videoId));
  if (!video || !episodeId) return { video, episode: undefined };
  const [episode] = await db
    .select({
      id: episodes.id,
      title: episodes.title,
      seasonNumber: episodes.seasonNumber,
      episodeNumber: episodes.episodeNumber,
    })
    .from(episodes)
    .where(and(eq(episodes.id, episodeId), eq(episodes.seriesId, videoId)));
  return { video, episode };
}

/** The other tracks of the same film or episode stop being the default one. */
export async function clearDefault(tx: Tx, videoId: string, episodeId: string | null, except?: string) {
  await tx
    .update(subtitles)
    .set({ isDefault: false })
    .where(
      and(
        eq(subtitles.videoId, videoId),
        episodeId ? eq(subtitles.episodeId, episodeId) : isNull(subtitles.episodeId),
        eq(subtitles.isDefault, true),
        except ? ne(subtitles.id, except) : undefined,
      ),
    );
}

export async function insertSubtitle(
  tx: Tx,
  values: {
    id: string;
    videoId: string;
    episodeId: string | null;
    language: string;
    languageName: string;
    subtitleUrl: string;
    isDefault: boolean;
  },
) {
  const [row] = await tx.insert(subtitles).values(values).returning(columns);
  if (!row) throw new Error("subtitle not inserted");
  return row;
}

export async function lockSubtitle(tx: Tx, id: string) {
  const [row] = await tx.select(columns).from(subtitles).where(eq(subtitles.id, id)).for("update");
  return row;
}

export async function updateSubtitleRow(
  tx: Tx,
  id: string,
  values: { languageName?: string; isDefault?: boolean },
) {
  const [row] = await tx.update(subtitles).set(values).where(eq(subtitles.id, id)).returning(columns);
  return row;
}

export async function deleteSubtitleRow(tx: Tx, id: string) {
  await tx.delete(subtitles).where(eq(subtitles.id, id));
}
