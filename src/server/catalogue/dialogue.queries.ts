import { type SQL, sql } from "drizzle-orm";
import type { DialogueHit } from "#contract/catalogue";
import type { Db } from "#db/client";
import { likeEscapeJs, rowsOf } from "../shared/sql.queries.ts";
import { prefixPattern, wholeWordPattern } from "./search.queries.ts";
import { queryWords } from "./search-words.ts";

/**
 * Dialogue search (docs/decisions/050-dialogue-search.md): the lines of the subtitle tracks
 * (subtitle_cues, migration 0022, written by src/server/shared/dialogue.queries.ts) holding every
 * word of the query — whole words, the last one also as the start of a word — folded as the search
 * folds titles. Lines holding the query as it was typed come first, then the most viewed titles,
 * then in the order they are said. The same line in two tracks of one film or episode is listed once.
 */
export async function searchDialogueLines(
  db: Db,
  q: string,
  limit: number,
  /** Parental control, written on the `videos` table (decision 008). */
  where: SQL | undefined,
): Promise<DialogueHit[]> {
  const folded =
    rowsOf<{ folded: string | null }>(await db.execute(sql`select bobine_fold(${q}::text) as folded`))[0]
      ?.folded ?? "";
  const words = queryWords(folded);
  // A line is looked up by the trigrams of its words: at least one word of 3 letters or more
  // (« ok » alone would read every line of every track).
  if (!words.some((w) => [...w].length >= 3)) return [];
  const conditions = words.map(
    (w, i) =>
      sql`(sc.text_fold like ${`%${likeEscapeJs(w)}%`} and sc.text_fold ~ ${
        i === words.length - 1 ? prefixPattern(w) : wholeWordPattern(w)
      })`,
  );
  return rowsOf<DialogueHit>(
    await db.execute(sql`
      select * from (
        select distinct on (sc.video_id, sc.episode_id, sc.start_ms)
          videos.id as "videoId", videos.title, videos.type, videos.thumbnail,
          sc.episode_id as "episodeId", e.season_number as "seasonNumber",
          e.episode_number as "episodeNumber", e.title as "episodeTitle",
          sc.start_ms as "startMs", sc.text,
          (sc.text_fold like ${`%${likeEscapeJs(folded)}%`}) as phrase, videos.views
        from subtitle_cues sc
        join videos on videos.id = sc.video_id
        left join episodes e on e.id = sc.episode_id
        where ${sql.join(conditions, sql` and `)} ${where ? sql`and ${where}` : sql``}
        order by sc.video_id, sc.episode_id, sc.start_ms
      ) lines
      order by phrase desc, views desc, "videoId", "seasonNumber" nulls first, "episodeNumber", "startMs"
      limit ${limit}`),
  ).map(({ phrase: _p, views: _v, ...hit }: DialogueHit & { phrase?: boolean; views?: number }) => hit);
}
