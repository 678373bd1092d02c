import {
  deleteNotification,
  listAdminNotifications,
  listRecipientNotifications,
  updateNotification,
} from "#contract/admin-notifications";
import {
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
  notificationStream,
  sendNotification,
} from "#contract/notifications";
import { actorOf } from "../shared/audit.queries.ts";
import type { DomainPlugin } from "../shared/context.ts";
import { router } from "../shared/route.ts";
import * as notifications from "./notification.service.ts";
import { openNotificationStream } from "./notification-stream.ts";

/** Notifications (spec §2 bell and panel, §6): a member's own, and what administrators send. */
export const notificationRoutes: DomainPlugin = async (app, ctx) => {
  const { db } = ctx;
  const route = router(app, ctx);

  route(listNotifications, async ({ user, query }) =>
    notifications.listNotifications(db, user.id, query.limit),
  );
  route(markNotificationRead, async ({ user, params }) => notifications.markRead(db, user.id, params.id));
  route(markAllNotificationsRead, async ({ user }) => notifications.markAllRead(db, user.id));
  route(notificationStream, async ({ user, query, reply }) => {
    openNotificationStream({ db, hub: ctx.notificationHub }, user, query.limit, reply);
    return reply;
  });

  // Administrators only (spec §2 Admin « Notifications », §6): send, list by recipient, edit, delete.
  route(
    sendNotification,
    async ({ user, body }) =>
      notifications.send(db, actorOf(user), { title: body.title, message: body.message }, body),
    { status: 201 },
  );
  route(listAdminNotifications, async ({ query }) => ({
    ...(await notifications.groups(db, query)),
    limit: query.limit,
    offset: query.offset,
  }));
  route(listRecipientNotifications, async ({ params, query }) => ({
    ...(await notifications.ofRecipient(db, params.userId, query.limit, query.offset)),
    limit: query.limit,
    offset: query.offset,
  }));
  route(updateNotification, async ({ user, params, body }) =>
    notifications.editNotification(db, actorOf(user), params.id, body),
  );
  route(deleteNotification, async ({ user, params }) => {
    await notifications.deleteNotification(db, actorOf(user), params.id);
    return { deleted: 1 as const };
  });
};
