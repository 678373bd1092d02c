import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  unique,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "./auth.ts";
import { createdAt, id, updatedAt } from "./columns.ts";

/** spec §3 Category: colour #RRGGBB, default #e74c3c. */
export const categories = pgTable(
  "categories",
  {
    id: id(),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    color: text("color").notNull().default("#e74c3c"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("categories_name_lower_uq").on(sql`lower(${t.name})`),
    check("categories_color_ck", sql`${t.color} ~ '^#[0-9A-Fa-f]{6}$'`),
  ],
);

/**
 * spec §3 Video. Ratings are aggregated in rating_sum/total_ratings by a trigger on `ratings`
 * (docs/decisions/002-rating-aggregates.md); average_rating is derived from them and never written.
 * `likes` counts the rows of `likes` the same way (trigger of migration 0028,
 * docs/decisions/040-likes-are-their-own-mark.md).
 */
export const videos = pgTable(
  "videos",
  {
    id: id(),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    thumbnail: text("thumbnail"),
    backdrop: text("backdrop"),
    year: integer("year").notNull(),
    language: text("language").notNull().default("Français"),
    duration: text("duration").notNull().default(""),
    type: text("type", { enum: ["movie", "series"] }).notNull(),
    maturity: text("maturity", { enum: ["all", "teen", "mature"] })
      .notNull()
      .default("all"),
    views: bigint("views", { mode: "number" }).notNull().default(0),
    ratingSum: bigint("rating_sum", { mode: "number" }).notNull().default(0),
    totalRatings: integer("total_ratings").notNull().default(0),
    likes: integer("likes").notNull().default(0),
    averageRating: doublePrecision("average_rating")
      .notNull()
      .generatedAlwaysAs(
        sql`case when total_ratings = 0 then 0 else round(rating_sum::numeric / total_ratings, 2)::double precision end`,
      ),
    totalSeasons: integer("total_seasons").notNull().default(1),
    totalEpisodes: integer("total_episodes").notNull().default(0),
    videoUrl: text("video_url"),
    /**
     * Whether members and visitors see it (issue 12): a film created to receive an uploaded file is
     * a draft (false) until an administrator publishes it, which needs a playable file; every
     * catalogue query, count, search and ticket leaves drafts out (audienceCondition,
     * docs/decisions/052-drafts.md). Migration 0024 INCLUDEs it in the sort indexes.
     */
    published: boolean("published").notNull().default(true),
    /**
     * Bumped by every administrator's edit of the video or its episodes: an edit made on an older
     * version is refused (409), so two administrators editing one series never lose each other's
     * episodes (decision 015, docs/decisions/015-administration.md).
     */
    version: integer("version").notNull().default(1),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("videos_type_ck", sql`${t.type} in ('movie', 'series')`),
    check("videos_maturity_ck", sql`${t.maturity} in ('all', 'teen', 'mature')`),
    check("videos_year_ck", sql`${t.year} between 1888 and 2200`),
    check("videos_counts_ck", sql`${t.views} >= 0 and ${t.totalRatings} >= 0 and ${t.ratingSum} >= 0`),
    check("videos_likes_ck", sql`${t.likes} >= 0`),
    check("videos_seasons_ck", sql`${t.totalSeasons} >= 1 and ${t.totalEpisodes} >= 0`),
    // The sort modes' keys, id last (src/server/shared/video-summary.queries.ts videoKeys): a
    // keyset page walks one of these from the cursor (docs/decisions/031-keyset-paging.md). Plain
    // DESC (NULLS FIRST) so that ORDER BY x DESC can walk them. Migration 0020_keyset_paging makes
    // the five sort indexes again with the Explorer's filtered columns INCLUDEd (Drizzle cannot say
    // it), the category ids among them (videos.category_ids, kept by triggers and, like the title
    // sort's title_fold, outside this schema so that lists do not select it).
    index("videos_created_at_idx").on(sql`${t.createdAt} desc`, sql`${t.id} desc`),
    index("videos_views_idx").on(sql`${t.views} desc`, sql`${t.id} desc`),
    index("videos_average_rating_idx").on(
      sql`${t.averageRating} desc`,
      sql`${t.totalRatings} desc`,
      sql`${t.id} desc`,
    ),
    index("videos_year_idx").on(sql`${t.year} desc`, sql`${t.createdAt} desc`, sql`${t.id} desc`),
    index("videos_type_views_idx").on(t.type, sql`${t.views} desc`, sql`${t.id} desc`),
    index("videos_type_created_at_idx").on(t.type, sql`${t.createdAt} desc`, sql`${t.id} desc`),
    // The Explorer's counts by language (and type): read from this index alone, never from the table
    // (migration 0026 INCLUDEs the other filtered columns, which Drizzle cannot say).
    index("videos_language_type_idx").on(t.language, t.type),
    // The top-rated ranking's Bayesian score (src/contract/catalogue-pages.ts: 10 prior votes of 3),
    // rated videos only: ORDER BY score DESC LIMIT 12 walks this index instead of scoring every row.
    index("videos_top_rated_score_idx")
      .on(sql`((30 + ${t.ratingSum})::double precision / (10 + ${t.totalRatings})) desc`)
      .where(sql`${t.totalRatings} > 0`),
  ],
);

/** A video may belong to several categories; position 0 is its first (main) category. */
export const videoCategories = pgTable(
  "video_categories",
  {
    videoId: uuid("video_id")
      .notNull()
      .references(() => videos.id, { onDelete: "cascade" }),
    categoryId: uuid("category_id")
      .notNull()
      .references(() => categories.id, { onDelete: "cascade" }),
    position: smallint("position").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.videoId, t.categoryId] }), index().on(t.categoryId, t.videoId)],
);

/** spec §3 Episode: season/episode numbers unique per series. */
export const episodes = pgTable(
  "episodes",
  {
    id: id(),
    seriesId: uuid("series_id")
      .notNull()
      .references(() => videos.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    thumbnail: text("thumbnail"),
    duration: text("duration").notNull().default("45min"),
    episodeNumber: integer("episode_number").notNull(),
    seasonNumber: integer("season_number").notNull(),
    videoUrl: text("video_url"),
    createdAt: createdAt(),
  },
  (t) => [
    unique("episodes_series_season_episode_uq").on(t.seriesId, t.seasonNumber, t.episodeNumber),
    check("episodes_numbers_ck", sql`${t.episodeNumber} >= 1 and ${t.seasonNumber} >= 1`),
  ],
);

/** spec §3 Subtitle (SRT or WebVTT source, served as WebVTT). */
export const subtitles = pgTable(
  "subtitles",
  {
    id: id(),
    videoId: uuid("video_id")
      .notNull()
      .references(() => videos.id, { onDelete: "cascade" }),
    episodeId: uuid("episode_id").references(() => episodes.id, { onDelete: "cascade" }),
    language: text("language").notNull(),
    languageName: text("language_name").notNull(),
    subtitleUrl: text("subtitle_url").notNull(),
    isDefault: boolean("is_default").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index().on(t.videoId, t.episodeId),
    // One default track per film or episode (the player turns it on by itself).
    uniqueIndex("subtitles_one_default_uq")
      .on(t.videoId, sql`coalesce(${t.episodeId}, '00000000-0000-0000-0000-000000000000'::uuid)`)
      .where(sql`${t.isDefault}`),
  ],
);
