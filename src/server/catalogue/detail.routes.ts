import type { FastifyInstance } from "fastify";
import { getSimilarVideos, getVideo } from "#contract/video-detail";
import type { Db } from "#db/client";
import { route } from "../route.ts";
import { findSimilarVideos, findVideoDetail } from "./detail.queries.ts";

/** The info view's data (spec §2 Video card and info modal). */
export function registerVideoDetailRoutes(app: FastifyInstance, db: Db) {
  route(app, getVideo, async ({ params }) => findVideoDetail(db, params.id));
  route(app, getSimilarVideos, async ({ params, query }) => ({
    items: await findSimilarVideos(db, params.id, query.limit),
  }));
}
