import { sql } from "drizzle-orm";
import { bigint, boolean, check, index, integer, jsonb, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { sessions, users } from "./auth.ts";
import { episodes, videos } from "./catalogue.ts";
import { createdAt, id, updatedAt } from "./columns.ts";

/**
 * The media pipeline (decision 025, docs/decisions/025-media-pipeline.md). An asset is the source of a
 * film or an episode and what the transcoder made of it: the HLS ladder under `hls/<target>/`, the
 * original under `uploads/<target>/`, a poster and trickplay sheets. `target_id` is the film's id
 * or the episode's: one asset per target (a new upload replaces the old one).
 *
 * `tasks` is the work list (one entry per rung, audio track, poster and trickplay) with each
 * task's state and percentage; `ladder` what the master playlist lists (filled as rungs finish).
 */
export const mediaAssets = pgTable(
  "media_assets",
  {
    id: id(),
    videoId: uuid("video_id")
      .notNull()
      .references(() => videos.id, { onDelete: "cascade" }),
    episodeId: uuid("episode_id").references(() => episodes.id, { onDelete: "cascade" }),
    targetId: uuid("target_id").notNull().unique(),
    status: text("status", { enum: ["queued", "transcoding", "ready", "failed"] })
      .notNull()
      .default("queued"),
    /** 0–100, over every task. */
    progress: integer("progress").notNull().default(0),
    /** The reason of a failure, in French, for the administrator. */
    error: text("error"),
    /** The original's key in the media store (deleted once the ladder is built unless kept). */
    sourceKey: text("source_key"),
    sourceBytes: bigint("source_bytes", { mode: "number" }).notNull().default(0),
    /** What ffprobe said of the source (duration, video size and rate, audio tracks). */
    probe: jsonb("probe"),
    tasks: jsonb("tasks").notNull().default(sql`'[]'::jsonb`),
    /** Whether a rung is ready: members may play it from then on. */
    playable: boolean("playable").notNull().default(false),
    posterKey: text("poster_key"),
    /** Trickplay sheets: interval, tile size, grid and count (null until made). */
    trickplay: jsonb("trickplay"),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index().on(t.videoId),
    check("media_assets_status_ck", sql`${t.status} in ('queued', 'transcoding', 'ready', 'failed')`),
    check("media_assets_progress_ck", sql`${t.progress} between 0 and 100`),
  ],
);

/**
 * Resumable uploads in progress (tus). An upload belongs to the administrator's session that
 * created it (SECURITY-CHECKLIST 38): another session, even of the same administrator, cannot
 * resume, read or cancel it; signing out ends it (cascade). The bytes are in DATA_DIR/uploads.
 */
export const mediaUploads = pgTable(
  "media_uploads",
  {
    id: uuid("id").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    sessionId: uuid("session_id")
      .notNull()
      .references(() => sessions.id, { onDelete: "cascade" }),
    videoId: uuid("video_id")
      .notNull()
      .references(() => videos.id, { onDelete: "cascade" }),
    episodeId: uuid("episode_id").references(() => episodes.id, { onDelete: "cascade" }),
    size: bigint("size", { mode: "number" }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.sessionId)],
);

/**
 * Targets whose media must leave the store: a trigger (migration 0019) adds one when an asset row
 * is deleted — by its own endpoint, or by the cascade of a deleted film or episode — and the
 * `media-sweep` job deletes `hls/<target>/` and `uploads/<target>/`, then the row.
 */
export const mediaTrash = pgTable("media_trash", {
  targetId: uuid("target_id").primaryKey(),
  posterKey: text("poster_key"),
  createdAt: createdAt(),
});
