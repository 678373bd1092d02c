import { adminRoutes } from "./admin/admin.routes.ts";
import { authRoutes } from "./auth/auth.routes.ts";
import { billingRoutes } from "./billing/billing.routes.ts";
import { catalogueRoutes } from "./catalogue/catalogue.routes.ts";
import { historyRoutes } from "./history/history.routes.ts";
import { libraryRoutes } from "./library/library.routes.ts";
import { mediaRoutes } from "./media/media.routes.ts";
import { memberRoutes } from "./member/member.routes.ts";
import { notificationRoutes } from "./notifications/notifications.routes.ts";
import { playerRoutes } from "./player/player.routes.ts";
import type { DomainPlugin } from "./shared/context.ts";
import { streamRoutes } from "./stream/stream.routes.ts";
import { systemRoutes } from "./system/system.routes.ts";

/**
 * The API's table of contents (docs/decisions/009-boundaries.md): one plugin per domain, each
 * implementing the endpoints of its contract module over the application context. A route exists
 * only as a contract endpoint (app.ts refuses any other under /api).
 */
export const apiDomains: DomainPlugin[] = [
  // src/contract/system.ts — GET /api/health
  systemRoutes,
  // src/contract/auth.ts — /api/auth/*: options, session, register, email-code, verify, login, logout, password
  authRoutes,
  // src/contract/catalogue.ts, catalogue-pages.ts, video-detail.ts — /api/videos, /api/search/suggestions,
  // /api/search/dialogues (members),
  // /api/categories, /api/home, /api/landing, /api/catalogue/summary, /api/top-rated, /api/videos/:id(/similar)
  catalogueRoutes,
  // src/contract/auth.ts (listPlans) — GET /api/plans
  billingRoutes,
  // src/contract/player.ts — GET /api/player/options
  playerRoutes,
  // src/contract/stream.ts — /api/videos/:videoId/ticket, /views, /api/videos/proxy, /api/subtitles/:id,
  // /api/stream/leases/:leaseId (heartbeat, release, beacon); src/contract/media.ts — /api/stream/hls/…,
  // /api/stream/trickplay/… (the ladder through the same ticket)
  streamRoutes,
  // src/contract/library.ts — /api/favorites(/ids, /:videoId), /api/ratings/:videoId, /api/likes(/ids, /:videoId), /api/me/videos/:videoId
  libraryRoutes,
  // src/contract/history.ts — /api/history (list, clear, /:id), /progress(/beacon), /resume, /continue
  historyRoutes,
  // src/contract/member.ts — /api/me/profile, /api/me/settings, /api/me/export, /api/me/erase, DELETE /api/me
  memberRoutes,
  // src/contract/notifications.ts — /api/notifications (list, /:id/read, /read-all, /stream), /api/admin/notifications;
  // src/contract/admin-notifications.ts — /api/admin/notifications (list by recipient, /recipients/:userId, /:id)
  notificationRoutes,
  // src/contract/media.ts — /api/admin/media/uploads (tus: POST, HEAD/PATCH, DELETE), /api/admin/media/assets
  // (list, /:assetId/retry, DELETE); the ladder's playback (/api/stream/hls, /api/stream/trickplay) is streamRoutes'
  mediaRoutes,
  // src/contract/admin-*.ts — /api/admin/*: videos (/bulk, /:id, /:id/subtitles), episodes/:id, images,
  // subtitles/:id, categories(/:id), users (/bulk, /:id, /:id/gift), stats(/charts), now-playing, storage,
  // cache/clear, catalogue/export, catalogue/import, audit. Administrators only, on the whole plugin.
  adminRoutes,
];
