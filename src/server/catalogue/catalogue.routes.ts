import { and } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import {
  getHome,
  getLanding,
  listCategories,
  listVideos,
  packHome,
  SEARCH_MIN_LENGTH,
  SEARCH_SUGGESTIONS,
  searchSuggestions,
} from "#contract/catalogue";
import type { Db } from "#db/client";
import { audienceOf, maturityCondition } from "../member/maturity.ts";
import { route } from "../route.ts";
import { type CatalogueCache, cachedResponse, cacheKey, searchKeyText } from "./cache.ts";
import { countVideos, listCategoriesWithCounts, listVideosFiltered } from "./catalogue.queries.ts";
import { homeRails, landingRows } from "./home.queries.ts";
import { searchSuggestions as findSuggestions, searchVideos } from "./search.queries.ts";
import { videoFilterCondition, videoOrder } from "./video-filters.ts";

export function registerCatalogueRoutes(app: FastifyInstance, db: Db, cache: CatalogueCache) {
  // Parental control (decision 008): every list, count and search is for the member's audience,
  // which is also part of every cache key.
  route(app, listVideos, async ({ query, reply, request }) => {
    const audience = await audienceOf(db, request);
    const where = and(videoFilterCondition(query), maturityCondition(audience));
    // spec §5: a query shorter than 2 characters returns the full list.
    const searching = query.q !== undefined && query.q.length >= SEARCH_MIN_LENGTH;
    // spec §2: relevance means "title containing query first"; without a query, newest first.
    const sort = query.sort === "relevance" && !searching ? "recent" : query.sort;
    const order = sort === "relevance" ? undefined : videoOrder(sort);
    const { limit, offset } = query;
    if (searching && query.q) {
      const q = query.q;
      // spec §9: search results in the 50-entry cache, keyed on everything that shapes the page.
      const key = cacheKey("search", { ...query, q: searchKeyText(q), sort }, audience);
      return cachedResponse(cache, cache.search, key, reply, listVideos.response, async () => ({
        ...(await searchVideos(db, { q, limit, offset, where, order })),
        limit,
        offset,
      }));
    }
    // The page itself is read every time (it is one index walk); its exact count reads every
    // matching row, so the count per filter set goes through the catalogue cache.
    const { limit: _l, offset: _o, sort: _s, q: _q, ...filters } = query;
    const countKey = cacheKey("videos-count", filters, audience);
    const count = async () =>
      cache.active ? cache.catalogue.get(countKey, () => countVideos(db, where)) : countVideos(db, where);
    const page = await listVideosFiltered(db, {
      limit,
      offset,
      where,
      order: order ?? videoOrder("recent"),
      count,
    });
    return { ...page, limit, offset };
  });
  route(app, searchSuggestions, async ({ query, reply, request }) => {
    if (query.q.length < SEARCH_MIN_LENGTH) return { items: [] };
    const audience = await audienceOf(db, request);
    const key = cacheKey("suggestions", { q: searchKeyText(query.q) }, audience);
    return cachedResponse(cache, cache.suggestions, key, reply, searchSuggestions.response, async () => ({
      items: await findSuggestions(db, query.q, SEARCH_SUGGESTIONS, maturityCondition(audience)),
    }));
  });
  route(app, listCategories, async ({ reply, request }) => {
    const audience = await audienceOf(db, request);
    return cachedResponse(
      cache,
      cache.catalogue,
      cacheKey("categories", {}, audience),
      reply,
      listCategories.response,
      async () => ({
        items: await listCategoriesWithCounts(db, maturityCondition(audience, "v.maturity")),
      }),
    );
  });
  route(app, getHome, async ({ reply, request }) => {
    const audience = await audienceOf(db, request);
    return cachedResponse(
      cache,
      cache.catalogue,
      cacheKey("home", {}, audience),
      reply,
      getHome.response,
      async () => packHome(await homeRails(db, audience)),
    );
  });
  route(app, getLanding, async ({ query, reply, request }) => {
    const audience = await audienceOf(db, request);
    return cachedResponse(
      cache,
      cache.catalogue,
      cacheKey("landing", query, audience),
      reply,
      getLanding.response,
      () => landingRows(db, query.type, audience),
    );
  });
}
