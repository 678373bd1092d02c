import type { FastifyInstance } from "fastify";
import { listAudit } from "#contract/admin-audit";
import { exportCatalogue, importCatalogue } from "#contract/admin-catalogue";
import {
  createCategory,
  deleteCategory,
  listAdminCategories,
  updateCategory,
} from "#contract/admin-categories";
import { clearCaches, getAdminCharts, getAdminStats, getNowPlaying, getStorage } from "#contract/admin-stats";
import { deleteSubtitle, listSubtitles, updateSubtitle, uploadSubtitle } from "#contract/admin-subtitles";
import { bulkUsers, deleteUser, giftSubscription, listUsers, updateUser } from "#contract/admin-users";
import {
  bulkVideos,
  createVideo,
  deleteEpisode,
  deleteVideo,
  getAdminVideo,
  listAdminVideos,
  updateVideo,
  uploadImage,
} from "#contract/admin-videos";
import { requireAdmin } from "../shared/access.ts";
import { actorOf } from "../shared/audit.queries.ts";
import type { DomainPlugin } from "../shared/context.ts";
import type { RouteConfig } from "../shared/route.ts";
import { router } from "../shared/route.ts";
import { auditPage } from "./audit.queries.ts";
import * as catalogueFile from "./catalogue-file.service.ts";
import * as categories from "./categories.service.ts";
import { storeImage } from "./images.service.ts";
import * as stats from "./stats.service.ts";
import * as subtitles from "./subtitles.service.ts";
import * as users from "./users.service.ts";
import * as videos from "./videos.service.ts";

/** Who did it, for the journal: the session's administrator (never an id from the request). */

/**
 * Only administrators get in (spec §6 Admin; SECURITY-CHECKLIST 14, 36): a guard on the whole
 * plugin, before anything of a request is read, besides each endpoint's own; and a route of this
 * plugin that is not declared `admin` in the contract stops the server at start.
 */
function guardWholePlugin(app: FastifyInstance) {
  app.addHook("onRoute", (options) => {
    const endpoint = (options.config as Partial<RouteConfig> | undefined)?.endpoint;
    if (endpoint && endpoint.access !== "admin") {
      throw new Error(`${options.method} ${options.url}: the administration's routes are for administrators`);
    }
  });
  app.addHook("onRequest", async (request) => {
    requireAdmin(request);
  });
}

/**
 * The administration (spec §2 Admin panel, §4, §5, §6 Admin, §7 admin-users and the wrapper's
 * operations; decision 015): the catalogue with its episodes, images and subtitles, categories,
 * members and gifts, statistics, what plays now, the caches, the catalogue file and the journal.
 * Notifications' administration lives with the notifications (notifications.routes.ts).
 */
export const adminRoutes: DomainPlugin = async (app, ctx) => {
  guardWholePlugin(app);
  const { db } = ctx;
  const route = router(app, ctx);

  // « Vidéos »
  route(listAdminVideos, async ({ query }) => ({
    ...(await videos.list(db, query)),
    limit: query.limit,
    offset: query.offset,
  }));
  route(getAdminVideo, async ({ params }) => videos.get(db, params.id));
  route(createVideo, async ({ user, body }) => videos.create(ctx, actorOf(user), body), { status: 201 });
  route(updateVideo, async ({ user, params, body }) => videos.update(ctx, actorOf(user), params.id, body));
  route(deleteVideo, async ({ user, params }) => videos.remove(ctx, actorOf(user), params.id));
  route(deleteEpisode, async ({ user, params }) => videos.removeEpisode(ctx, actorOf(user), params.id));
  route(bulkVideos, async ({ user, body }) => videos.bulk(ctx, actorOf(user), body));
  route(uploadImage, async ({ user, query, file }) => storeImage(ctx, actorOf(user), query.kind, file), {
    status: 201,
  });

  // Sous-titres
  route(listSubtitles, async ({ params }) => ({ items: await subtitles.list(ctx, params.id) }));
  route(
    uploadSubtitle,
    async ({ user, params, query, file }) => subtitles.upload(ctx, actorOf(user), params.id, query, file),
    { status: 201 },
  );
  route(updateSubtitle, async ({ user, params, body }) =>
    subtitles.update(ctx, actorOf(user), params.id, body),
  );
  route(deleteSubtitle, async ({ user, params }) => subtitles.remove(ctx, actorOf(user), params.id));

  // « Catégories »
  route(listAdminCategories, async () => ({ items: await categories.list(ctx) }));
  route(createCategory, async ({ user, body }) => categories.create(ctx, actorOf(user), body), {
    status: 201,
  });
  route(updateCategory, async ({ user, params, body }) =>
    categories.update(ctx, actorOf(user), params.id, body),
  );
  route(deleteCategory, async ({ user, params, query }) =>
    categories.remove(ctx, actorOf(user), params.id, query.moveTo),
  );

  // « Utilisateurs »
  route(listUsers, async ({ query }) => users.list(ctx, query));
  route(updateUser, async ({ user, params, body }) => users.update(ctx, actorOf(user), params.id, body));
  route(deleteUser, async ({ user, params }) => users.remove(ctx, actorOf(user), params.id));
  route(giftSubscription, async ({ user, params, body }) => users.gift(ctx, actorOf(user), params.id, body), {
    status: 201,
  });
  route(bulkUsers, async ({ user, body }) => users.bulk(ctx, actorOf(user), body));

  // En-tête, « Statistiques », « En cours », « Vider le cache »
  route(getAdminStats, async () => stats.header(ctx));
  route(getAdminCharts, async () => stats.charts(ctx));
  route(getNowPlaying, async () => stats.nowPlaying(ctx));
  route(getStorage, async ({ query }) => stats.storage(ctx, query.limit, query.offset));
  route(clearCaches, async ({ user }) => stats.clearCaches(ctx, actorOf(user)));

  // Le catalogue en fichier
  route(exportCatalogue, async ({ reply }) => {
    // SECURITY-CHECKLIST 32: JSON sent as an attachment, never cached by anyone.
    reply.header("Content-Disposition", `attachment; filename="${catalogueFile.exportFileName()}"`);
    reply.header("Cache-Control", "no-store");
    return catalogueFile.exportCatalogue(ctx);
  });
  route(importCatalogue, async ({ user, body }) => catalogueFile.importCatalogue(ctx, actorOf(user), body));

  // « Journal »
  route(listAudit, async ({ query }) => ({
    ...(await auditPage(db, query)),
    limit: query.limit,
    offset: query.offset,
  }));
};
