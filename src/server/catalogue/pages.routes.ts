import type { FastifyInstance } from "fastify";
import { getCatalogueSummary, getTopRated } from "#contract/catalogue-pages";
import type { Db } from "#db/client";
import { audienceOf } from "../member/maturity.ts";
import { route } from "../route.ts";
import { catalogueSummary, topRated } from "./pages.queries.ts";

/** spec §2 "Categories page" counters and "Top-rated" list. */
export function registerCataloguePagesRoutes(app: FastifyInstance, db: Db) {
  // Parental control (decision 008): counters and ranking of what the member may see.
  route(app, getCatalogueSummary, async ({ request }) => catalogueSummary(db, await audienceOf(db, request)));
  route(app, getTopRated, async ({ query, request }) =>
    topRated(db, query.limit, await audienceOf(db, request)),
  );
}
