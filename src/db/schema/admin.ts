import { sql } from "drizzle-orm";
import { date, index, integer, jsonb, pgTable, primaryKey, text, uuid } from "drizzle-orm/pg-core";
import { users } from "./auth.ts";
import { videos } from "./catalogue.ts";
import { createdAt, id } from "./columns.ts";

/**
 * The administration's journal (decision 015, docs/decisions/015-administration.md): one row per
 * administrator's write, inserted in the transaction of that write, so a change and its trace are
 * committed together or not at all. `actor_name` keeps the name the administrator had, so the
 * journal still says who did it once their account is gone; `summary` holds the before and after
 * of what changed (never a password, a token or a file's bytes).
 */
export const adminAudit = pgTable(
  "admin_audit",
  {
    id: id(),
    actorId: uuid("actor_id").references(() => users.id, { onDelete: "set null" }),
    actorName: text("actor_name").notNull(),
    /** `video.create`, `user.gift`, `cache.clear`… (src/contract/admin-audit.ts). */
    action: text("action").notNull(),
    targetType: text("target_type").notNull(),
    targetId: text("target_id"),
    targetLabel: text("target_label").notNull().default(""),
    summary: jsonb("summary").$type<{ before?: unknown; after?: unknown }>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [
    index("admin_audit_created_idx").on(sql`${t.createdAt} desc`, sql`${t.id} desc`),
    index("admin_audit_action_created_idx").on(t.action, sql`${t.createdAt} desc`),
    index("admin_audit_actor_created_idx").on(t.actorId, sql`${t.createdAt} desc`),
  ],
);

/**
 * Plays per day and video (the « Statistiques » chart), counted by a trigger on `videos.views`
 * (migration 0017), so whichever path counts a view (the stream, a script) is counted here too.
 * The day is the Paris day.
 */
export const videoPlaysDaily = pgTable(
  "video_plays_daily",
  {
    day: date("day").notNull(),
    videoId: uuid("video_id")
      .notNull()
      .references(() => videos.id, { onDelete: "cascade" }),
    plays: integer("plays").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.videoId] }), index().on(t.videoId)],
);
