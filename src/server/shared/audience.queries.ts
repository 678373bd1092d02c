import { eq, type SQL, sql } from "drizzle-orm";
import { ALLOWED_MATURITIES, type Maturity } from "#contract/member";
import type { Db } from "#db/client";
import { userSettings } from "#db/schema/activity";
import { videos } from "#db/schema/catalogue";
import { executePrepared } from "./sql.queries.ts";

/** Who asks: a member without a settings row sees everything (decision 008). */
export async function memberMaturity(db: Db, userId: string): Promise<Maturity> {
  // Read by every signed-in catalogue request: prepared (decision 056).
  const [row] = await executePrepared<{ maturity: Maturity }>(
    db,
    "bobine_member_maturity",
    sql`select ${userSettings.maturity} as maturity from ${userSettings} where ${userSettings.userId} = ${userId}`,
  );
  return row?.maturity ?? "mature";
}

/** A video's maturity and whether it is published, or undefined when there is no such video. */
export async function videoVisibility(
  db: Db,
  videoId: string,
): Promise<{ maturity: Maturity; published: boolean } | undefined> {
  const [row] = await db
    .select({ maturity: videos.maturity, published: videos.published })
    .from(videos)
    .where(eq(videos.id, videoId));
  return row;
}

/**
 * The SQL condition that keeps only the videos an audience may see, on the given table (`"videos"`
 * by default, the name the catalogue queries give it, or an alias): published ones (drafts are the
 * administration's, docs/decisions/052-drafts.md) of a maturity the audience allows (decision 008).
 * The sort indexes INCLUDE both columns (migrations 0019 and 0024): a page is still read from the
 * index only.
 */
export function audienceCondition(audience: { maxMaturity: Maturity }, table = `"videos"`): SQL {
  const published = sql`${sql.raw(table)}."published"`;
  if (audience.maxMaturity === "mature") return published;
  return sql`${published} and ${sql.raw(table)}."maturity" in (${maturitiesOf(audience)})`;
}

/** The maturities an audience may see, as a list of SQL values (`… in (${maturitiesOf(a)})`). */
export function maturitiesOf(audience: { maxMaturity: Maturity }): SQL {
  return sql.join(
    ALLOWED_MATURITIES[audience.maxMaturity].map((m) => sql`${m}`),
    sql`, `,
  );
}
