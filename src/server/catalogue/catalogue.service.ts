import type { FastifyReply } from "fastify";
import type { z } from "zod";
import {
  DIALOGUE_HITS,
  getHome,
  getLanding,
  HOME_RAILS,
  type HomeRails,
  listCategories,
  listVideos,
  packHome,
  SEARCH_MIN_LENGTH,
  SEARCH_SUGGESTIONS,
  searchSuggestions,
  type VideoListQuery,
  type VideoSort,
  type VideoSummary,
  type VideoType,
} from "#contract/catalogue";
import { getCatalogueSummary, getTopRated } from "#contract/catalogue-pages";
import { pagingMessages } from "#contract/paging";
import { audienceCondition } from "../shared/audience.queries.ts";
import { type Audience, EVERYONE } from "../shared/audience.ts";
import {
  type CatalogueCache,
  cachedResponse,
  cacheKey,
  TOP_RATED_TTL_MS,
} from "../shared/catalogue-cache.ts";
import type { AppContext } from "../shared/context.ts";
import { AppError, fieldError } from "../shared/errors.ts";
import { afterKeys } from "../shared/keyset.queries.ts";
import { cursorScope, makeCursor, readCursor } from "../shared/page-cursor.ts";
import { videoKeys, videoOrder } from "../shared/video-summary.queries.ts";
import { countVideos, listCategoriesWithCounts, listVideosFiltered } from "./catalogue.queries.ts";
import { findSimilarVideos, findVideoDetail } from "./detail.queries.ts";
import { searchDialogueLines } from "./dialogue.queries.ts";
import { homeRails, landingRows } from "./home.queries.ts";
import { catalogueSummary, topRated } from "./pages.queries.ts";
import { searchSuggestions as findSuggestions, searchVideos } from "./search.queries.ts";
import { catalogueCondition } from "./video-filters.queries.ts";

/**
 * The catalogue's rules: what is searched and how, what is cached and under which key
 * (spec §2 Explore, Home, Series and Films, Categories, Top-rated; §5 Search; §9 caches;
 * docs/decisions/005-catalogue-cache.md). Parental control (decision 008): every list, count and
 * search is for the member's audience, which is also part of every cache key.
 */

type Deps = Pick<AppContext, "db" | "catalogueCache">;
/** The filters' SQL condition, as video-filters.queries.ts builds it. */
type Condition = ReturnType<typeof catalogueCondition>;

/**
 * Search text as a key part. The search folds case first (bobine_fold, migration 0003), so
 * lower-casing here only lets « Amélie » and « amélie » share an entry; accents are left alone
 * because the folding in SQL (unaccent) is the authority on which characters are the same.
 */
const searchKeyText = (q: string) => q.trim().toLowerCase();

/** The filters of a list query: everything but the page, the sort and the search text. */
function filtersOf(query: VideoListQuery) {
  const { limit: _l, offset: _o, cursor: _c, sort: _s, q: _q, ...filters } = query;
  return filters;
}

/**
 * The unfiltered grids (no search, no filter but films or series): every visitor's first pages,
 * kept prepared in their own bucket (docs/decisions/030-prepared-answers.md).
 */
const isPlainGrid = (filters: ReturnType<typeof filtersOf>) =>
  Object.entries(filters).every(([name, value]) => value === undefined || name === "type");

/** spec §2 Explore: a page of the catalogue, filtered and sorted, or of a search (q). */
export async function videoList(
  { db, catalogueCache: cache }: Deps,
  query: VideoListQuery,
  audience: Audience,
  reply: FastifyReply,
) {
  // Built when a page is read, not on a cache hit (drizzle's SQL objects are not free).
  const where = () => catalogueCondition(query, audience);
  // spec §5: a query shorter than 2 characters returns the full list.
  const searching = query.q !== undefined && query.q.length >= SEARCH_MIN_LENGTH;
  // spec §2: relevance means "title containing query first"; without a query, newest first.
  const sort = query.sort === "relevance" && !searching ? "recent" : query.sort;
  const filters = filtersOf(query);
  if (searching && query.q) {
    const q = query.q;
    const text = searchKeyText(q);
    // spec §9: search results in the 50-entry cache, keyed on everything that shapes the page.
    // The cursor's scope (a hash) is computed only when the page is read, not on a cache hit.
    const key = cacheKey("search", { ...query, q: text, sort }, audience);
    return cachedResponse(cache, cache.search, key, reply, listVideos.response, () =>
      searchPageAfter(db, query, q, where(), sort, cursorScope("search", { ...filters, q: text, sort })),
    );
  }
  const order = sort === "relevance" ? "recent" : sort;
  const load = () =>
    gridPage(
      { db, catalogueCache: cache },
      query,
      where(),
      order,
      cursorScope("videos", { ...filters, sort: order }),
      audience,
    );
  if (isPlainGrid(filters)) {
    const key = cacheKey("grid", { ...query, sort: order }, audience);
    return cachedResponse(cache, cache.grid, key, reply, listVideos.response, load);
  }
  return load();
}

/**
 * A page of the grid: one walk of the sort's index from the cursor (or the offset). The number of
 * matches per filter set goes through the catalogue cache (decision 005): counted up to
 * EXACT_TOTAL_MAX, estimated above (countVideos).
 */
async function gridPage(
  { db, catalogueCache: cache }: Deps,
  query: VideoListQuery,
  where: Condition,
  sort: Exclude<VideoSort, "relevance">,
  scope: string,
  audience: Audience,
) {
  const keys = videoKeys(sort);
  const state = query.cursor
    ? await readCursor(db, query.cursor, scope)
    : { position: query.offset, after: [] as string[] };
  const after = query.cursor ? afterKeys(keys, state.after) : undefined;
  if (query.cursor && !after) throw fieldError("cursor", pagingMessages.invalidCursor);
  const countKey = cacheKey("videos-count", filtersOf(query), audience);
  const count = () =>
    cache.active ? cache.catalogue.get(countKey, () => countVideos(db, where)) : countVideos(db, where);
  const page = await listVideosFiltered(db, {
    limit: query.limit,
    offset: query.cursor ? 0 : query.offset,
    where,
    keys,
    after,
    count,
  });
  const position = state.position;
  const nextCursor = page.lastKeys
    ? await makeCursor(db, scope, { position: position + page.items.length, after: page.lastKeys })
    : null;
  return {
    items: page.items,
    total: page.total,
    ...(page.estimate ? { totalIsEstimate: true } : {}),
    limit: query.limit,
    offset: position,
    nextCursor,
  };
}

/**
 * A page of a search's results after a cursor. The search ranks its candidates itself
 * (search.queries.ts, search-ranking.ts): a cursor holds the position in that ranking and the id of
 * the last video shown, and the page is read from one row before that position. When that row is
 * still the last video shown, the page follows it exactly; when the ranking moved (a title added
 * or changed meanwhile), the last video is looked for around its position and the page continues
 * after it, so that no video is shown twice in a row of pages.
 */
async function searchPageAfter(
  db: Deps["db"],
  query: VideoListQuery,
  q: string,
  where: Condition,
  sort: VideoSort,
  scope: string,
) {
  const { limit } = query;
  const order = sort === "relevance" ? undefined : videoOrder(sort);
  const state = query.cursor
    ? await readCursor(db, query.cursor, scope)
    : { position: query.offset, after: [] as string[] };
  const lastId = state.after[0];
  let position = state.position;
  let found: Awaited<ReturnType<typeof searchVideos>>;
  let items: VideoSummary[];
  if (lastId !== undefined && position > 0) {
    found = await searchVideos(db, { q, limit: limit + 1, offset: position - 1, where, order });
    if (found.items[0]?.id === lastId) {
      items = found.items.slice(1);
    } else {
      const from = Math.max(0, position - 1 - limit);
      const around = await searchVideos(db, { q, limit: 3 * limit + 1, offset: from, where, order });
      const at = around.items.findIndex((v) => v.id === lastId);
      found = around;
      if (at >= 0) position = from + at + 1;
      items =
        at >= 0
          ? around.items.slice(at + 1, at + 1 + limit)
          : around.items.slice(position - from, position - from + limit);
    }
  } else {
    found = await searchVideos(db, { q, limit, offset: position, where, order });
    items = found.items;
  }
  items = items.slice(0, limit);
  const last = items.at(-1);
  const more = items.length === limit && position + items.length < found.total;
  return {
    items,
    total: found.total,
    totalIsLowerBound: found.totalIsLowerBound,
    limit,
    offset: position,
    nextCursor:
      more && last
        ? await makeCursor(db, scope, { position: position + items.length, after: [last.id] })
        : null,
  };
}

/** spec §2 Header: the search box's suggestions (shorter than 2 characters: none). */
export async function suggestions(
  { db, catalogueCache: cache }: Deps,
  q: string,
  audience: Audience,
  reply: FastifyReply,
) {
  if (q.length < SEARCH_MIN_LENGTH) return { items: [] };
  const key = cacheKey("suggestions", { q: searchKeyText(q) }, audience);
  return cachedResponse(cache, cache.suggestions, key, reply, searchSuggestions.response, async () => ({
    items: await findSuggestions(db, q, SEARCH_SUGGESTIONS, audienceCondition(audience)),
  }));
}

/**
 * « Dans les dialogues » (docs/decisions/050-dialogue-search.md): members only (the route's access),
 * for what the member's parental control lets them see; not cached (per audience and rare).
 */
export async function dialogues({ db }: Deps, q: string, audience: Audience) {
  if (q.trim().length < SEARCH_MIN_LENGTH) return { items: [] };
  return { items: await searchDialogueLines(db, q, DIALOGUE_HITS, audienceCondition(audience)) };
}

/** A whole screen through the catalogue cache: 5 minutes (spec §9), keyed by audience. */
function cachedScreen<S extends z.ZodType>(
  cache: CatalogueCache,
  key: string,
  reply: FastifyReply,
  schema: S,
  load: () => Promise<z.input<S>>,
) {
  return cachedResponse(cache, cache.catalogue, key, reply, schema, load);
}

export const categories = ({ db, catalogueCache }: Deps, audience: Audience, reply: FastifyReply) =>
  cachedScreen(
    catalogueCache,
    cacheKey("categories", {}, audience),
    reply,
    listCategories.response,
    async () => ({
      items: await listCategoriesWithCounts(db, audience),
    }),
  );

/** The home's rails, through the catalogue cache: the answer and the page's hero (below) share them. */
const railsOf = ({ db, catalogueCache: cache }: Deps, audience: Audience) =>
  cache.active
    ? cache.catalogue.get(cacheKey("home-rails", {}, audience), () => homeRails(db, audience))
    : homeRails(db, audience);

export const home = (deps: Deps, audience: Audience, reply: FastifyReply) =>
  cachedScreen(deps.catalogueCache, cacheKey("home", {}, audience), reply, getHome.response, async () =>
    packHome(await railsOf(deps, audience)),
  );

/**
 * What a visitor's home page can send ahead of its scripts (issue 14): the hero candidates (spec
 * §2 Home: a random one among the first 10) with the image each shows, so the page draws one and
 * sends its image; and the posters the first rail shows first on a phone (its largest paint).
 * Read only from the cache (nothing when the home was not computed yet, or without caches): the
 * page never waits on the database.
 */
export function visitorHomeImages(deps: Deps): {
  heroChoices: { id: string; image: string }[];
  firstPosters: string[];
} {
  const cache = deps.catalogueCache;
  if (!cache.active) return { heroChoices: [], firstPosters: [] };
  const rails = cache.catalogue.peek<HomeRails>(cacheKey("home-rails", {}, EVERYONE));
  if (!rails) {
    // Not computed yet: started now, the page's own request for the home joins it.
    railsOf(deps, EVERYONE).catch(() => {});
    return { heroChoices: [], firstPosters: [] };
  }
  return {
    heroChoices: rails.hero.slice(0, HOME_RAILS.hero).flatMap((v) => {
      const image = v.backdrop ?? v.thumbnail;
      return image ? [{ id: v.id, image }] : [];
    }),
    firstPosters: rails.trending
      .slice(0, HOME_FIRST_POSTERS)
      .flatMap((v) => (v.thumbnail ? [v.thumbnail] : [])),
  };
}
/** The first rail's posters a phone shows whole (two cards of 40 % of its width). */
const HOME_FIRST_POSTERS = 2;

export const landing = (
  { db, catalogueCache }: Deps,
  query: { type: VideoType },
  audience: Audience,
  reply: FastifyReply,
) =>
  cachedScreen(catalogueCache, cacheKey("landing", query, audience), reply, getLanding.response, () =>
    landingRows(db, query.type, audience),
  );

/** spec §2 Info modal: a hidden video (decision 008) is not found, as an unknown one. */
export async function videoDetail({ db }: Deps, id: string, audience: Audience) {
  const detail = await findVideoDetail(db, id, audience);
  if (!detail) throw new AppError("VIDEO_NOT_FOUND");
  return detail;
}

/** spec §2, §9 related videos; never a hidden one, and none for a hidden video. */
export async function similarVideos({ db }: Deps, id: string, limit: number, audience: Audience) {
  const items = await findSimilarVideos(db, id, limit, audience);
  if (!items) throw new AppError("VIDEO_NOT_FOUND");
  return { items };
}

/** spec §2 Categories page counters, for what the audience may see (5 minutes, as the screens). */
export const summary = ({ db, catalogueCache }: Deps, audience: Audience, reply: FastifyReply) =>
  cachedScreen(catalogueCache, cacheKey("summary", {}, audience), reply, getCatalogueSummary.response, () =>
    catalogueSummary(db, audience),
  );

/** spec §2 Top-rated, for what the audience may see; kept 30 s (spec §7: it refreshes that often). */
export const topRatedList = (
  { db, catalogueCache: cache }: Deps,
  limit: number,
  audience: Audience,
  reply: FastifyReply,
) =>
  cachedResponse(
    cache,
    cache.catalogue,
    cacheKey("top-rated", { limit }, audience),
    reply,
    getTopRated.response,
    () => topRated(db, limit, audience),
    TOP_RATED_TTL_MS,
  );
