import { z } from "zod";
import { adminPage, adminPageOf } from "./admin-common.ts";
import { videoTypes } from "./catalogue.ts";
import { endpoint } from "./endpoint.ts";

/**
 * What an operator looks at (spec §2 Admin header cards and « Statistiques », §3 Stats (admin),
 * §9 "Recent window 7 days for admin counters", "top list in admin 5"), what is playing now
 * (« En cours », from the stream leases) with the storage used, and « Vider le cache » made real
 * (spec §4 Admin simulated actions: here the catalogue caches of every process are emptied).
 */

/** spec §9: the admin counters' recent window. */
export const RECENT_DAYS = 7;
/** spec §9: the admin's top list. */
export const TOP_VIDEOS = 5;
/** The charts' span: the last 90 days (plays and subscriptions per day, new members per week). */
export const CHART_DAYS = 90;

export const adminStatsMessages = {
  cacheCleared: "Cache vidé",
} as const;

/** spec §2 Admin header cards. */
export const adminStats = z.object({
  videos: z.object({ total: z.number().int(), recent: z.number().int() }),
  users: z.object({ total: z.number().int(), recent: z.number().int() }),
  views: z.number().int(),
  categories: z.number().int(),
});
export type AdminStats = z.infer<typeof adminStats>;

export const getAdminStats = endpoint({
  method: "GET",
  path: "/api/admin/stats",
  summary: `Administrateurs\u00a0: vidéos (+ ajoutées en ${RECENT_DAYS} jours), membres (+ nouveaux), vues, catégories`,
  tags: ["admin"],
  access: "admin",
  response: adminStats,
});

const dayPoint = z.object({ day: z.iso.date(), value: z.number().int().nonnegative() });
export type DayPoint = z.infer<typeof dayPoint>;

export const adminCharts = z.object({
  /** spec §2 'Top 5 Vidéos les Plus Regardées'. */
  topVideos: z.array(
    z.object({
      id: z.uuid(),
      title: z.string(),
      thumbnail: z.string().nullable(),
      views: z.number().int(),
      averageRating: z.number(),
      totalRatings: z.number().int(),
    }),
  ),
  /** Plays counted per Paris day, the last CHART_DAYS days, oldest first (days without any: 0). */
  playsPerDay: z.array(dayPoint),
  /** New members per week (the Monday that starts it), the weeks of the last CHART_DAYS days. */
  newMembersPerWeek: z.array(dayPoint),
  /** Members whose access covered that day, the last CHART_DAYS days. */
  activeSubscriptionsPerDay: z.array(dayPoint),
});
export type AdminCharts = z.infer<typeof adminCharts>;

export const getAdminCharts = endpoint({
  method: "GET",
  path: "/api/admin/stats/charts",
  summary: `Administrateurs\u00a0: top ${TOP_VIDEOS} des vidéos, lectures par jour, nouveaux membres par semaine, abonnements actifs (${CHART_DAYS} jours)`,
  tags: ["admin"],
  access: "admin",
  response: adminCharts,
});

export const nowPlaying = z.object({
  leaseId: z.uuid(),
  userId: z.uuid(),
  username: z.string(),
  videoId: z.uuid().nullable(),
  title: z.string().nullable(),
  type: z.enum(videoTypes).nullable(),
  seasonNumber: z.number().int().nullable(),
  episodeNumber: z.number().int().nullable(),
  episodeTitle: z.string().nullable(),
  startedAt: z.iso.datetime({ offset: true }),
  lastSeenAt: z.iso.datetime({ offset: true }),
});
export type NowPlaying = z.infer<typeof nowPlaying>;

export const getNowPlaying = endpoint({
  method: "GET",
  path: "/api/admin/now-playing",
  summary: "Administrateurs\u00a0: qui regarde quoi en ce moment (les baux de lecture vivants)",
  tags: ["admin"],
  access: "admin",
  response: z.object({ items: z.array(nowPlaying) }),
});

export const videoStorage = z.object({
  videoId: z.uuid(),
  title: z.string(),
  bytes: z.number().int().nonnegative(),
  files: z.number().int().nonnegative(),
});
export type VideoStorage = z.infer<typeof videoStorage>;

export const getStorage = endpoint({
  method: "GET",
  path: "/api/admin/storage",
  summary:
    "Administrateurs\u00a0: place occupée par les médias, en tout et par vidéo (par pages, les plus récentes d'abord)",
  tags: ["admin"],
  access: "admin",
  query: z.object(adminPage),
  response: adminPageOf(videoStorage).extend({ totalBytes: z.number().int().nonnegative() }),
});

export const clearCaches = endpoint({
  method: "POST",
  path: "/api/admin/cache/clear",
  summary: "Administrateurs\u00a0: vide les caches du catalogue de tous les processus",
  tags: ["admin"],
  access: "admin",
  response: z.object({ message: z.string() }),
});
