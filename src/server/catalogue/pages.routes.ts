import type { FastifyInstance } from "fastify";
import { getCatalogueSummary, getTopRated } from "#contract/catalogue-pages";
import type { Db } from "#db/client";
import { route } from "../route.ts";
import { catalogueSummary, topRated } from "./pages.queries.ts";

/** spec §2 "Categories page" counters and "Top-rated" list. */
export function registerCataloguePagesRoutes(app: FastifyInstance, db: Db) {
  route(app, getCatalogueSummary, async () => catalogueSummary(db));
  route(app, getTopRated, async ({ query }) => topRated(db, query.limit));
}
