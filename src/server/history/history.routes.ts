import type { FastifyInstance } from "fastify";
import {
  beaconProgress,
  clearHistory,
  deleteHistoryItem,
  getContinueWatching,
  getResume,
  listHistory,
  saveProgress,
} from "#contract/history";
import type { Db } from "#db/client";
import { requireUser } from "../auth/guards.ts";
import { AppError } from "../errors.ts";
import { route } from "../route.ts";
import { clearHistoryRows, continueWatching, deleteHistoryRow, historyPage } from "./history.queries.ts";
import * as progress from "./progress.service.ts";

/** spec §6: history belongs to signed-in members; every route acts for the session's member only. */
export function registerHistoryRoutes(app: FastifyInstance, db: Db) {
  route(app, saveProgress, async ({ request, body }) =>
    progress.saveProgress(db, requireUser(request).id, body),
  );
  // navigator.sendBeacon can only POST: the same save when the page is hidden or closed.
  route(app, beaconProgress, async ({ request, body }) =>
    progress.saveProgress(db, requireUser(request).id, body),
  );
  route(app, getResume, async ({ request, query }) =>
    progress.resumePoint(db, requireUser(request).id, query),
  );
  route(app, listHistory, async ({ request, query }) => historyPage(db, requireUser(request).id, query));
  route(app, getContinueWatching, async ({ request }) => ({
    items: await continueWatching(db, requireUser(request).id),
  }));
  route(
    app,
    deleteHistoryItem,
    async ({ request, params }) => {
      // ARCHITECTURE rule 4: another member's row answers 404.
      if (!(await deleteHistoryRow(db, requireUser(request).id, params.id))) throw new AppError("NOT_FOUND");
      return null;
    },
    { status: 204 },
  );
  route(
    app,
    clearHistory,
    async ({ request }) => {
      await clearHistoryRows(db, requireUser(request).id);
      return null;
    },
    { status: 204 },
  );
}
