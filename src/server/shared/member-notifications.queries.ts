import { sql } from "drizzle-orm";
import type { NotificationContent } from "#contract/notifications";
import { notifications } from "#db/schema/activity";
import { NOTIFICATIONS_CHANNEL } from "./notification-hub.ts";
import type { Conn } from "./sql.queries.ts";

/**
 * A notification written by any domain (spec §3 Notification): the notifications domain's own
 * sends, and the ones other writes bring (a gifted subscription). At commit, NOTIFY tells every
 * server process, which pushes the member's fresh state to their open tabs (notification-hub.ts).
 */

/** Tells every process that `recipient`'s notifications changed (ALL_MEMBERS for everyone), at commit. */
export const announceNotifications = (tx: Conn, recipient: string) =>
  tx.execute(sql`select pg_notify(${NOTIFICATIONS_CHANNEL}, ${recipient})`);

/** One notification to one member, inside the caller's transaction. */
export async function notifyMember(tx: Conn, userId: string, content: NotificationContent): Promise<void> {
  await tx.insert(notifications).values({ userId, title: content.title, message: content.message });
  await announceNotifications(tx, userId);
}
