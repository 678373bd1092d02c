import { sql } from "drizzle-orm";
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { sessions, users } from "./auth.ts";
import { episodes, videos } from "./catalogue.ts";
import { createdAt, id } from "./columns.ts";

/**
 * One row per playing device of a member (spec §9 screens per plan, docs/decisions/006-stream.md). A lease is live
 * while `expires_at` is in the future; heartbeats push it forward, a release sets it to now. The row
 * is kept (unique per member and device) so the same device asking again reuses its lease id. Every
 * end of a lease (release, reset of its client, deletion) and every change of an entitlement is
 * announced on channel bobine_stream (migration 0014) so that every process stops its tickets.
 * `viewed_ticket` makes the view count idempotent per lease and video load.
 */
export const streamLeases = pgTable(
  "stream_leases",
  {
    id: id(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    deviceId: text("device_id").notNull(),
    videoId: uuid("video_id").references(() => videos.id, { onDelete: "set null" }),
    episodeId: uuid("episode_id").references(() => episodes.id, { onDelete: "set null" }),
    viewedTicket: text("viewed_ticket"),
    /**
     * The client (network /64 or address, and user agent) that fetched the lease's bytes first:
     * the same ticket from another client is a second stream (SECURITY-CHECKLIST 24). Cleared by
     * every new ticket for the device.
     */
    clientKey: text("client_key"),
    /**
     * The nonce of the device's newest ticket: a release naming an older ticket (the previous
     * episode's, arriving late) leaves the lease to the newer one.
     */
    ticketId: text("ticket_id"),
    /**
     * The session that took the lease: signing out (or any end of that session) deletes the lease,
     * so its tickets stop at once (SECURITY-CHECKLIST 24). Null only for leases older than 0014.
     */
    sessionId: uuid("session_id").references(() => sessions.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    renewedAt: timestamp("renewed_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex("stream_leases_user_device_uq").on(t.userId, t.deviceId),
    index("stream_leases_user_expires_idx").on(t.userId, sql`${t.expiresAt} desc`),
    index("stream_leases_session_idx").on(t.sessionId),
  ],
);

/**
 * Server-generated secrets shared by every process on the database (the stream ticket HMAC key
 * when STREAM_SECRET is not configured): created once, survives restarts.
 */
export const serverSecrets = pgTable("server_secrets", {
  name: text("name").primaryKey(),
  value: text("value").notNull(),
  createdAt: createdAt(),
});
