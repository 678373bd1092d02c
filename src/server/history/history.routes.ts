import {
  beaconProgress,
  clearHistory,
  deleteHistoryItem,
  getContinueWatching,
  getResume,
  listHistory,
  saveProgress,
} from "#contract/history";
import type { DomainPlugin } from "../shared/context.ts";
import { router } from "../shared/route.ts";
import * as history from "./history.service.ts";
import * as progress from "./progress.service.ts";

/** Watch progress, resume and history (spec §2 History, §5); every route acts for the session's member. */
export const historyRoutes: DomainPlugin = async (app, ctx) => {
  const { db } = ctx;
  const route = router(app, ctx);

  route(saveProgress, async ({ user, body }) => progress.saveProgress(db, user.id, body));
  // navigator.sendBeacon can only POST: the same save when the page is hidden or closed.
  route(beaconProgress, async ({ user, body }) => progress.saveProgress(db, user.id, body));
  route(getResume, async ({ user, query }) => progress.resumePoint(db, user.id, query));
  route(listHistory, async ({ user, query }) => history.history(db, user.id, query));
  route(getContinueWatching, async ({ user }) => history.resumeRail(db, user.id));
  route(
    deleteHistoryItem,
    async ({ user, params }) => {
      await history.removeEntry(db, user.id, params.id);
      return null;
    },
    { status: 204 },
  );
  route(
    clearHistory,
    async ({ user }) => {
      await history.clearAll(db, user.id);
      return null;
    },
    { status: 204 },
  );
};
