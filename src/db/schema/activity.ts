import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  doublePrecision,
  index,
  pgTable,
  primaryKey,
  real,
  smallint,
  text,
  timestamp,
  unique,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "./auth.ts";
import { episodes, videos } from "./catalogue.ts";
import { createdAt, id, updatedAt } from "./columns.ts";

/** spec §3 Favorite ("Ma liste"). */
export const favorites = pgTable(
  "favorites",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    videoId: uuid("video_id")
      .notNull()
      .references(() => videos.id, { onDelete: "cascade" }),
    addedAt: timestamp("added_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.videoId] }),
    index("favorites_user_added_idx").on(t.userId, sql`${t.addedAt} desc`, sql`${t.videoId} desc`),
  ],
);

/** spec §3 Rating: one per user and video, whole stars 1 to 5. */
export const ratings = pgTable(
  "ratings",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    videoId: uuid("video_id")
      .notNull()
      .references(() => videos.id, { onDelete: "cascade" }),
    rating: smallint("rating").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.videoId] }),
    index().on(t.videoId),
    check("ratings_rating_ck", sql`${t.rating} between 1 and 5`),
  ],
);

/**
 * « J'aime » (spec §2 card overlay and info modal): a member's mark on a title, apart from the
 * ratings (docs/decisions/040-likes-are-their-own-mark.md). The video's `likes` counter follows by
 * the trigger of migration 0028. The (user, liked_at) index serves the profile's activity.
 */
export const likes = pgTable(
  "likes",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    videoId: uuid("video_id")
      .notNull()
      .references(() => videos.id, { onDelete: "cascade" }),
    likedAt: timestamp("liked_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.videoId] }),
    index("likes_user_liked_idx").on(t.userId, sql`${t.likedAt} desc`),
    index("likes_video_idx").on(t.videoId),
  ],
);

/**
 * spec §3 Watch history: one row per user, video and episode. A film has no episode, so the
 * unique key treats NULL episodes as equal (NULLS NOT DISTINCT, PostgreSQL 15+).
 */
export const watchHistory = pgTable(
  "watch_history",
  {
    id: id(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    videoId: uuid("video_id")
      .notNull()
      .references(() => videos.id, { onDelete: "cascade" }),
    episodeId: uuid("episode_id").references(() => episodes.id, { onDelete: "cascade" }),
    // double precision, not real: the thresholds of spec §5 (0.05, 0.9, 0.95) compare exactly.
    progress: doublePrecision("progress").notNull().default(0),
    currentPosition: doublePrecision("current_position").notNull().default(0),
    totalDuration: doublePrecision("total_duration").notNull().default(0),
    /**
     * The client's clock (ms since 1970) of the save stored here: an older save changes nothing, so
     * a late request or beacon never moves progress back in time (spec §5 watch progress). 0 for rows saved before.
     */
    clientSavedAt: bigint("client_saved_at", { mode: "number" }).notNull().default(0),
    watchedAt: timestamp("watched_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique("watch_history_user_video_episode_uq").on(t.userId, t.videoId, t.episodeId).nullsNotDistinct(),
    index("watch_history_user_watched_idx").on(t.userId, sql`${t.watchedAt} desc`, sql`${t.id} desc`),
    check("watch_history_progress_ck", sql`${t.progress} >= 0 and ${t.progress} <= 1`),
    check("watch_history_position_ck", sql`${t.currentPosition} >= 0 and ${t.totalDuration} >= 0`),
  ],
);

/** spec §3 Notification. */
export const notifications = pgTable(
  "notifications",
  {
    id: id(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    message: text("message").notNull(),
    isRead: boolean("is_read").notNull().default(false),
    readAt: timestamp("read_at", { withTimezone: true }),
    createdAt: createdAt(),
    /**
     * Insertion order: breaks the tie between two notifications of the same instant (two sends in
     * one microsecond, or one transaction's), so « newest first » is one order everywhere.
     */
    seq: bigint("seq", { mode: "number" }).notNull().generatedAlwaysAsIdentity(),
  },
  (t) => [
    index("notifications_user_created_idx").on(t.userId, sql`${t.createdAt} desc`, sql`${t.seq} desc`),
    index("notifications_unread_idx").on(t.userId).where(sql`not ${t.isRead}`),
  ],
);

/** spec §3 Local user settings, stored per member on the server so they follow the member. */
export const userSettings = pgTable(
  "user_settings",
  {
    userId: uuid("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    notifications: boolean("notifications").notNull().default(true),
    autoplay: boolean("autoplay").notNull().default(true),
    quality: text("quality", { enum: ["auto", "low", "medium", "high", "ultra"] })
      .notNull()
      .default("auto"),
    language: text("language", { enum: ["fr", "en", "es", "de", "it"] })
      .notNull()
      .default("fr"),
    subtitles: boolean("subtitles").notNull().default(true),
    /**
     * Parental control: the highest video maturity shown (docs/decisions/008-parental-control.md).
     * Opt-in: a new member sees the whole catalogue, like a visitor.
     */
    maturity: text("maturity", { enum: ["all", "teen", "mature"] })
      .notNull()
      .default("mature"),
    volume: real("volume").notNull().default(0.8),
    theme: text("theme", { enum: ["dark", "light", "system"] })
      .notNull()
      .default("dark"),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("user_settings_quality_ck", sql`${t.quality} in ('auto', 'low', 'medium', 'high', 'ultra')`),
    check("user_settings_language_ck", sql`${t.language} in ('fr', 'en', 'es', 'de', 'it')`),
    check("user_settings_maturity_ck", sql`${t.maturity} in ('all', 'teen', 'mature')`),
    check("user_settings_theme_ck", sql`${t.theme} in ('dark', 'light', 'system')`),
    check("user_settings_volume_ck", sql`${t.volume} >= 0 and ${t.volume} <= 1`),
  ],
);
