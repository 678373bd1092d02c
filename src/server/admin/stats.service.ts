import { adminStatsMessages } from "#contract/admin-stats";
import { type Actor, recordAudit } from "../shared/audit.queries.ts";
import type { AppContext } from "../shared/context.ts";
import { storageOf } from "./media-files.ts";
import {
  activeSubscriptionsPerDay,
  announceCatalogueFlush,
  headerCounts,
  liveLeases,
  newMembersPerWeek,
  playsPerDay,
  topVideos,
  videosPage,
} from "./stats.queries.ts";
import { mediaOfVideo, mediaTargetsOf } from "./videos.queries.ts";

/**
 * What an operator looks at (spec §2 Admin header cards and « Statistiques »), what plays now
 * (« En cours »), the storage used, and « Vider le cache » made real (spec §4 Admin simulated
 * actions): the catalogue caches of every process are emptied (decision 005).
 */

type Deps = Pick<AppContext, "db" | "mediaStore" | "catalogueCache">;

export const header = (deps: Deps) => headerCounts(deps.db);

export async function charts(deps: Deps) {
  const [top, plays, members, subscriptions] = await Promise.all([
    topVideos(deps.db),
    playsPerDay(deps.db),
    newMembersPerWeek(deps.db),
    activeSubscriptionsPerDay(deps.db),
  ]);
  return {
    topVideos: top,
    playsPerDay: plays,
    newMembersPerWeek: members,
    activeSubscriptionsPerDay: subscriptions,
  };
}

export const nowPlaying = async (deps: Deps) => ({ items: await liveLeases(deps.db) });

/** Bytes used in all, and per video for a page of videos (newest first). */
export async function storage(deps: Deps, limit: number, offset: number) {
  const [{ rows, total }, totalBytes] = await Promise.all([
    videosPage(deps.db, limit, offset),
    deps.mediaStore.usage(""),
  ]);
  const items = [];
  for (const row of rows) {
    const [addresses, targets] = await Promise.all([
      mediaOfVideo(deps.db, row.id),
      mediaTargetsOf(deps.db, row.id),
    ]);
    const used = await storageOf(deps.mediaStore, addresses, targets);
    items.push({ videoId: row.id, title: row.title, ...used });
  }
  return { items, total, limit, offset, totalBytes };
}

export async function clearCaches(deps: Deps, actor: Actor) {
  await deps.db.transaction(async (tx) => {
    await announceCatalogueFlush(tx);
    await recordAudit(tx, actor, { action: "cache.clear", targetType: "cache", targetLabel: "catalogue" });
  });
  deps.catalogueCache.invalidate();
  return { message: adminStatsMessages.cacheCleared };
}
