import type { FastifyInstance } from "fastify";
import { listCategories, listVideos } from "#contract/catalogue";
import type { Db } from "#db/client";
import { route } from "../route.ts";
import { listCategoriesWithCounts, listVideosNewestFirst } from "./catalogue.queries.ts";

export function registerCatalogueRoutes(app: FastifyInstance, db: Db) {
  route(app, listVideos, async ({ query }) => {
    const page = await listVideosNewestFirst(db, query);
    return { ...page, limit: query.limit, offset: query.offset };
  });
  route(app, listCategories, async () => ({ items: await listCategoriesWithCounts(db) }));
}
