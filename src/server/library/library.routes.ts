import {
  addFavorite,
  getFavoriteIds,
  getLikedIds,
  getMyVideoState,
  likeVideo,
  listFavorites,
  rateVideo,
  removeFavorite,
  unlikeVideo,
} from "#contract/library";
import type { DomainPlugin } from "../shared/context.ts";
import { consume, limits } from "../shared/rate-limits.ts";
import { router } from "../shared/route.ts";
import * as favorites from "./favorites.service.ts";
import * as likes from "./likes.service.ts";
import * as ratings from "./ratings.service.ts";

/**
 * A member's library (spec §2 Ma liste, §6 signed-in): favourites, ratings and likes. Writes are
 * rate-limited per member (shared/rate-limits.ts).
 */
export const libraryRoutes: DomainPlugin = async (app, ctx) => {
  const { db } = ctx;
  const route = router(app, ctx);
  const write = (userId: string) => consume(db, limits.libraryWrite(userId));

  route(getFavoriteIds, async ({ user }) => ({ ids: await favorites.favoriteIds(db, user.id) }));
  route(listFavorites, async ({ user, query }) => favorites.listFavorites(db, user.id, query));
  route(
    addFavorite,
    async ({ user, body }) => {
      await write(user.id);
      return favorites.addFavorite(db, user.id, body.videoId);
    },
    { status: 201 },
  );
  route(
    removeFavorite,
    async ({ user, params }) => {
      await write(user.id);
      await favorites.removeFavorite(db, user.id, params.videoId);
      return null;
    },
    { status: 204 },
  );
  route(rateVideo, async ({ user, params, body }) => {
    await write(user.id);
    return ratings.rateVideo(db, user.id, params.videoId, body.rating);
  });
  route(getLikedIds, async ({ user }) => ({ ids: await likes.likedIds(db, user.id) }));
  route(likeVideo, async ({ user, params }) => {
    await write(user.id);
    return likes.setLike(db, user.id, params.videoId, true);
  });
  route(unlikeVideo, async ({ user, params }) => {
    await write(user.id);
    return likes.setLike(db, user.id, params.videoId, false);
  });
  route(getMyVideoState, async ({ user, params }) => ratings.myVideoState(db, user.id, params.videoId));
};
