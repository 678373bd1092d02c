import type { FastifyRequest } from "fastify";
import { ALLOWED_MATURITIES, type Maturity } from "#contract/member";
import type { Db } from "#db/client";
import { memberMaturity, videoVisibility } from "./audience.queries.ts";
import { AppError } from "./errors.ts";

/**
 * Parental control, enforced by the server (docs/decisions/008-parental-control.md). A member's
 * `maturity` setting is the highest video maturity shown to them:
 *  - `all`: « Tous publics » videos only;
 *  - `teen`: « Tous publics » and 13+;
 *  - `mature`: everything (18+ included), the default, and what visitors see.
 * Hidden videos are absent from every catalogue list, count and search, answer 404 on the info
 * view and the similar list, and get no stream ticket. Drafts (docs/decisions/052-drafts.md) are
 * hidden from every audience in the same places, by the same condition.
 */

/** What a response may show: the highest maturity, part of every catalogue cache key (decision 005). */
export interface Audience {
  maxMaturity: Maturity;
}
export const EVERYONE: Audience = { maxMaturity: "mature" };

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

/** Whether a video of maturity `video` may be shown to `audience`. */
export const maturityAllowed = (audience: Audience, video: Maturity) =>
  ALLOWED_MATURITIES[audience.maxMaturity].includes(video);

/**
 * Nothing new is marked on a draft (decision 052): adding it to Ma liste, rating or liking it is a
 * 404, as for a video that does not exist (its id is known to nobody outside the administration).
 * Taking a mark back stays possible: a video taken back keeps the member's own past.
 */
export async function assertPublished(db: Db, videoId: string): Promise<void> {
  const video = await videoVisibility(db, videoId);
  if (video && !video.published) throw new AppError("VIDEO_NOT_FOUND");
}

/**
 * The stream's check (decision 008): a video above the member's level, or a draft (decision 052), is
 * not found for them, as in the catalogue, so it gets no ticket. An unknown video is left to the
 * caller's own 404.
 */
export async function assertVideoVisible(db: Db, userId: string, videoId: string): Promise<void> {
  const video = await videoVisibility(db, videoId);
  if (!video) return;
  if (!video.published) throw new AppError("VIDEO_NOT_FOUND");
  if (!maturityAllowed({ maxMaturity: await memberMaturity(db, userId) }, video.maturity)) {
    throw new AppError("VIDEO_NOT_FOUND");
  }
}
