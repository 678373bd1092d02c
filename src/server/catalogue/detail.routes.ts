import type { FastifyInstance } from "fastify";
import { getSimilarVideos, getVideo } from "#contract/video-detail";
import type { Db } from "#db/client";
import { audienceOf } from "../member/maturity.ts";
import { route } from "../route.ts";
import { findSimilarVideos, findVideoDetail } from "./detail.queries.ts";

/** The info view's data (spec §2 Video card and info modal). */
export function registerVideoDetailRoutes(app: FastifyInstance, db: Db) {
  // Parental control (decision 008): a hidden video is not found, and never listed as similar.
  route(app, getVideo, async ({ params, request }) =>
    findVideoDetail(db, params.id, await audienceOf(db, request)),
  );
  route(app, getSimilarVideos, async ({ params, query, request }) => ({
    items: await findSimilarVideos(db, params.id, query.limit, await audienceOf(db, request)),
  }));
}
