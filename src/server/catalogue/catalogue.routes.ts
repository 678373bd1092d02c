import type { FastifyInstance } from "fastify";
import {
  getHome,
  getLanding,
  listCategories,
  listVideos,
  SEARCH_MIN_LENGTH,
  SEARCH_SUGGESTIONS,
  searchSuggestions,
} from "#contract/catalogue";
import type { Db } from "#db/client";
import { route } from "../route.ts";
import { listCategoriesWithCounts, listVideosFiltered } from "./catalogue.queries.ts";
import { homeRails, landingRows } from "./home.queries.ts";
import { searchSuggestions as findSuggestions, searchVideos } from "./search.queries.ts";
import { videoFilterCondition, videoOrder } from "./video-filters.ts";

export function registerCatalogueRoutes(app: FastifyInstance, db: Db) {
  route(app, listVideos, async ({ query }) => {
    const where = videoFilterCondition(query);
    // spec §5: a query shorter than 2 characters returns the full list.
    const searching = query.q !== undefined && query.q.length >= SEARCH_MIN_LENGTH;
    // spec §2: relevance means "title containing query first"; without a query, newest first.
    const sort = query.sort === "relevance" && !searching ? "recent" : query.sort;
    const order = sort === "relevance" ? undefined : videoOrder(sort);
    const { limit, offset } = query;
    const page =
      searching && query.q
        ? await searchVideos(db, { q: query.q, limit, offset, where, order })
        : await listVideosFiltered(db, { limit, offset, where, order: order ?? videoOrder("recent") });
    return { ...page, limit, offset };
  });
  route(app, searchSuggestions, async ({ query }) => ({
    items: query.q.length >= SEARCH_MIN_LENGTH ? await findSuggestions(db, query.q, SEARCH_SUGGESTIONS) : [],
  }));
  route(app, listCategories, async () => ({ items: await listCategoriesWithCounts(db) }));
  route(app, getHome, async () => homeRails(db));
  route(app, getLanding, async ({ query }) => landingRows(db, query.type));
}
