import { eq, type SQL, sql } from "drizzle-orm";
import { ALLOWED_MATURITIES, type Maturity } from "#contract/member";
import type { Db } from "#db/client";
import { userSettings } from "#db/schema/activity";
import { videos } from "#db/schema/catalogue";

/** Who asks: a member without a settings row sees everything (decision 008). */
export async function memberMaturity(db: Db, userId: string): Promise<Maturity> {
  const [row] = await db
    .select({ maturity: userSettings.maturity })
    .from(userSettings)
    .where(eq(userSettings.userId, userId));
  return row?.maturity ?? "mature";
}

/** A video's maturity, or undefined when there is no such video. */
export async function videoMaturity(db: Db, videoId: string): Promise<Maturity | undefined> {
  const [row] = await db.select({ maturity: videos.maturity }).from(videos).where(eq(videos.id, videoId));
  return row?.maturity;
}

/**
 * The SQL condition that keeps only the videos an audience may see, on the given column
 * (`"videos"."maturity"` by default, the name the catalogue queries give the table); undefined when
 * everything is allowed, so that the queries of visitors are unchanged.
 */
export function maturityCondition(
  audience: { maxMaturity: Maturity },
  column = `"videos"."maturity"`,
): SQL | undefined {
  if (audience.maxMaturity === "mature") return undefined;
  const allowed = ALLOWED_MATURITIES[audience.maxMaturity];
  return sql`${sql.raw(column)} in (${sql.join(
    allowed.map((m) => sql`${m}`),
    sql`, `,
  )})`;
}
