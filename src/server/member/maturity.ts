import { eq, type SQL, sql } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import type { Maturity } from "#contract/member";
import type { Db } from "#db/client";
import { userSettings } from "#db/schema/activity";
import { videos } from "#db/schema/catalogue";
import { type Audience, EVERYONE } from "../catalogue/cache.ts";
import { AppError } from "../errors.ts";

/**
 * Parental control, enforced by the server (issue 6; docs/decisions/008-parental-control.md).
 * A member's `maturity` setting is the highest video maturity shown to them:
 *  - `all`: « Tous publics » videos only;
 *  - `teen`: « Tous publics » and 13+;
 *  - `mature`: everything (18+ included), the default, and what visitors see.
 * Hidden videos are absent from every catalogue list, count and search, answer 404 on the info
 * view and the similar list, and get no stream ticket.
 */
export const ALLOWED_MATURITIES: Record<Maturity, Maturity[]> = {
  all: ["all"],
  teen: ["all", "teen"],
  mature: ["all", "teen", "mature"],
};

/** Who asks: a visitor or a member without a settings row sees everything (decision 008). */
export async function memberMaturity(db: Db, userId: string): Promise<Maturity> {
  const [row] = await db
    .select({ maturity: userSettings.maturity })
    .from(userSettings)
    .where(eq(userSettings.userId, userId));
  return row?.maturity ?? "mature";
}

const audiences = new WeakMap<FastifyRequest, Promise<Audience>>();

/** The audience of a request (read once per request), for the catalogue's queries and cache keys. */
export function audienceOf(db: Db, request: FastifyRequest): Promise<Audience> {
  const user = request.currentUser;
  if (!user) return Promise.resolve(EVERYONE);
  let found = audiences.get(request);
  if (!found) {
    found = memberMaturity(db, user.id).then((maxMaturity) => ({ maxMaturity }));
    audiences.set(request, found);
  }
  return found;
}

/**
 * The SQL condition that keeps only the videos an audience may see, on the given column
 * (`"videos"."maturity"` by default, the name the catalogue queries give the table); undefined when
 * everything is allowed, so that the queries of visitors are unchanged.
 */
export function maturityCondition(audience: Audience, column = `"videos"."maturity"`): SQL | undefined {
  if (audience.maxMaturity === "mature") return undefined;
  const allowed = ALLOWED_MATURITIES[audience.maxMaturity];
  return sql`${sql.raw(column)} in (${sql.join(
    allowed.map((m) => sql`${m}`),
    sql`, `,
  )})`;
}

/** Whether a video of maturity `video` may be shown to `audience`. */
export const maturityAllowed = (audience: Audience, video: Maturity) =>
  ALLOWED_MATURITIES[audience.maxMaturity].includes(video);

/**
 * The stream's check (decision 008): a video above the member's level is not found for them, as
 * in the catalogue, so it gets no ticket. An unknown video is left to the caller's own 404.
 */
export async function assertVideoVisible(db: Db, userId: string, videoId: string): Promise<void> {
  const [row] = await db.select({ maturity: videos.maturity }).from(videos).where(eq(videos.id, videoId));
  if (row && !maturityAllowed({ maxMaturity: await memberMaturity(db, userId) }, row.maturity)) {
    throw new AppError("VIDEO_NOT_FOUND");
  }
}
