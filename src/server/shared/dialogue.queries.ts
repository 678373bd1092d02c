import { sql } from "drizzle-orm";
import type { Conn } from "./sql.queries.ts";
import { type Cue, plainCueText } from "./subtitles.ts";

/**
 * The dialogue index (docs/decisions/050-dialogue-search.md): the lines of a subtitle track, in
 * `subtitle_cues` (migration 0022), written with the track in the same transaction (the admin's
 * subtitle upload) and gone with it (ON DELETE CASCADE). Only the words of a cue are kept
 * (plainCueText: no tags, no entities); empty cues are left out.
 */

/** Rows per INSERT statement (7 parameters each, far under PostgreSQL's 65,535). */
const BATCH = 500;

export async function indexCues(
  tx: Conn,
  track: { id: string; videoId: string; episodeId: string | null },
  cues: readonly Cue[],
): Promise<number> {
  const rows = cues
    .map((c, position) => ({ position, startMs: c.startMs, text: plainCueText(c.text) }))
    .filter((r) => r.text.length > 0);
  for (let i = 0; i < rows.length; i += BATCH) {
    const values = rows
      .slice(i, i + BATCH)
      .map(
        (r) =>
          sql`(${track.id}::uuid, ${r.position}, ${track.videoId}::uuid, ${track.episodeId}::uuid, ${r.startMs}, ${r.text})`,
      );
    await tx.execute(sql`
      insert into subtitle_cues (subtitle_id, position, video_id, episode_id, start_ms, text)
      values ${sql.join(values, sql`, `)}`);
  }
  return rows.length;
}
