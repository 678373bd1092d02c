import {
  getHome,
  getLanding,
  listCategories,
  listVideos,
  searchDialogues,
  searchSuggestions,
} from "#contract/catalogue";
import { getCatalogueSummary, getTopRated } from "#contract/catalogue-pages";
import { getSimilarVideos, getVideo } from "#contract/video-detail";
import { audienceOf } from "../shared/audience.ts";
import type { DomainPlugin } from "../shared/context.ts";
import { router } from "../shared/route.ts";
import * as catalogue from "./catalogue.service.ts";

/** The catalogue, for visitors and members alike (spec §2 Home, Explore, Info, Categories, Top-rated). */
export const catalogueRoutes: DomainPlugin = async (app, ctx) => {
  const route = router(app, ctx);
  const audience = (request: Parameters<typeof audienceOf>[1]) => audienceOf(ctx.db, request);

  route(listVideos, async ({ query, request, reply }) =>
    catalogue.videoList(ctx, query, await audience(request), reply),
  );
  route(searchSuggestions, async ({ query, request, reply }) =>
    catalogue.suggestions(ctx, query.q, await audience(request), reply),
  );
  route(searchDialogues, async ({ query, request }) =>
    catalogue.dialogues(ctx, query.q, await audience(request)),
  );
  route(listCategories, async ({ request, reply }) =>
    catalogue.categories(ctx, await audience(request), reply),
  );
  route(getHome, async ({ request, reply }) => catalogue.home(ctx, await audience(request), reply));
  route(getLanding, async ({ query, request, reply }) =>
    catalogue.landing(ctx, query, await audience(request), reply),
  );
  route(getVideo, async ({ params, request }) =>
    catalogue.videoDetail(ctx, params.id, await audience(request)),
  );
  route(getSimilarVideos, async ({ params, query, request }) =>
    catalogue.similarVideos(ctx, params.id, query.limit, await audience(request)),
  );
  route(getCatalogueSummary, async ({ request, reply }) =>
    catalogue.summary(ctx, await audience(request), reply),
  );
  route(getTopRated, async ({ query, request, reply }) =>
    catalogue.topRatedList(ctx, query.limit, await audience(request), reply),
  );
};
