import type { FastifyInstance, FastifyRequest } from "fastify";
import {
  addFavorite,
  getFavoriteIds,
  getMyVideoState,
  listFavorites,
  rateVideo,
  removeFavorite,
} from "#contract/library";
import type { Db } from "#db/client";
import { requireUser } from "../auth/guards.ts";
import { consume } from "../auth/rate-limit.ts";
import { route } from "../route.ts";
import * as favorites from "./favorites.service.ts";
import * as ratings from "./ratings.service.ts";

/**
 * Writes per member (favourites and ratings together): generous for a person clicking hearts and
 * stars, a ceiling for a script. In the database, so every server process shares it.
 */
export const LIBRARY_WRITES_PER_MINUTE = 120;

export function registerLibraryRoutes(app: FastifyInstance, db: Db) {
  /** spec §6: favourites and ratings need a signed-in member; writes are also rate-limited. */
  const writer = async (request: FastifyRequest) => {
    const user = requireUser(request);
    await consume(db, {
      bucket: `library-write:${user.id}`,
      max: LIBRARY_WRITES_PER_MINUTE,
      windowSeconds: 60,
    });
    return user;
  };

  route(app, getFavoriteIds, async ({ request }) => ({
    ids: await favorites.favoriteIds(db, requireUser(request).id),
  }));
  route(app, listFavorites, async ({ request, query }) =>
    favorites.listFavorites(db, requireUser(request).id, query),
  );
  route(
    app,
    addFavorite,
    async ({ request, body }) => favorites.addFavorite(db, (await writer(request)).id, body.videoId),
    { status: 201 },
  );
  route(
    app,
    removeFavorite,
    async ({ request, params }) => {
      await favorites.removeFavorite(db, (await writer(request)).id, params.videoId);
      return null;
    },
    { status: 204 },
  );
  route(app, rateVideo, async ({ request, params, body }) =>
    ratings.rateVideo(db, (await writer(request)).id, params.videoId, body.rating),
  );
  route(app, getMyVideoState, async ({ request, params }) =>
    ratings.myVideoState(db, requireUser(request).id, params.videoId),
  );
}
