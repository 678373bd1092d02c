import { and, eq, gt } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
  NOTIFICATION_STREAM,
  type NotificationsState,
  notificationListQuery,
  notificationMessages,
  sendNotification,
} from "#contract/notifications";
import type { Db } from "#db/client";
import { sessions } from "#db/schema/auth";
import { requireAdmin, requireUser } from "../auth/guards.ts";
import { AppError } from "../errors.ts";
import { route } from "../route.ts";
import * as service from "./notification.service.ts";
import { MAX_STREAMS_PER_MEMBER, type NotificationHub, type StreamClient } from "./notification-hub.ts";

/** Past this much unsent data the client is not reading: the stream is dropped (it reconnects). */
const MAX_BUFFERED_BYTES = 256 * 1024;

export function registerNotificationRoutes(app: FastifyInstance, deps: { db: Db; hub: NotificationHub }) {
  const { db, hub } = deps;

  route(app, listNotifications, async ({ request, query }) =>
    service.listNotifications(db, requireUser(request).id, query.limit),
  );
  route(app, markNotificationRead, async ({ request, params }) =>
    service.markRead(db, requireUser(request).id, params.id),
  );
  route(app, markAllNotificationsRead, async ({ request }) =>
    service.markAllRead(db, requireUser(request).id),
  );

  // Administrators only (spec §6); the admin screens come later, the e2e test sends through this.
  route(
    app,
    sendNotification,
    async ({ request, body }) => {
      requireAdmin(request);
      const content = { title: body.title, message: body.message };
      if (body.sendToAll) return { sent: await service.sendToAll(db, content) };
      await service.sendToUser(db, body.userId as string, content);
      return { sent: 1 };
    },
    { status: 201 },
  );

  /**
   * Server-Sent Events for the signed-in member (issue 6, spec §9): `event: notifications` with the
   * fresh { items, unread } at once and after every change, a comment every 25 s, a `retry:` hint.
   * Written by hand on the raw response after reply.hijack(): no serialisation, no compression
   * (compress: false, and hijacked replies skip onSend anyway), no proxy buffering.
   */
  app.withTypeProvider<ZodTypeProvider>().get(
    NOTIFICATION_STREAM.path,
    {
      compress: false,
      schema: {
        summary: `Flux temps réel (text/event-stream) : évènement « ${NOTIFICATION_STREAM.event} » avec les notifications et le nombre de non lues`,
        tags: ["notifications"],
        querystring: notificationListQuery,
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      if (hub.streamsOf(user.id) >= MAX_STREAMS_PER_MEMBER) {
        throw new AppError("RATE_LIMITED", notificationMessages.tooManyStreams);
      }
      reply.hijack();
      const res = reply.raw;
      // The security headers and request id set by earlier hooks.
      for (const [name, value] of Object.entries(reply.getHeaders())) {
        if (value !== undefined) res.setHeader(name, value);
      }
      res.writeHead(200, {
        "content-type": "text/event-stream; charset=utf-8",
        "cache-control": "no-cache, no-store, no-transform",
        // nginx and similar proxies pass the events through as they come.
        "x-accel-buffering": "no",
      });
      res.socket?.setNoDelay(true);

      let closed = false;
      let heartbeat: NodeJS.Timeout | undefined;
      const write = (text: string) => {
        if (closed || res.writableEnded || res.destroyed) return;
        res.write(text);
        if (res.writableLength > MAX_BUFFERED_BYTES) end();
      };
      const end = () => {
        if (closed) return;
        closed = true;
        clearInterval(heartbeat);
        hub.remove(client);
        if (!res.writableEnded) res.end();
      };
      const client: StreamClient = {
        userId: user.id,
        limit: request.query.limit,
        send: (state: NotificationsState) =>
          write(`event: ${NOTIFICATION_STREAM.event}\ndata: ${JSON.stringify(state)}\n\n`),
        end,
      };

      // spec §9: the first reconnection waits 1 s (the web client manages the later waits itself).
      write(`retry: ${NOTIFICATION_STREAM.reconnectDelaysMs[0]}\n\n`);
      heartbeat = setInterval(() => {
        // A signed-out or expired session loses its stream at the next heartbeat.
        void sessionAlive(db, user.sessionId).then(
          (alive) => (alive ? write(": ping\n\n") : end()),
          () => write(": ping\n\n"),
        );
      }, NOTIFICATION_STREAM.heartbeatMs);
      heartbeat.unref();
      res.on("close", end);
      res.on("error", end);
      hub.add(client);
      // The first state is read after the stream joined the hub: no change can fall in between.
      hub.onNotify(user.id);
    },
  );
}

async function sessionAlive(db: Db, sessionId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.id, sessionId), gt(sessions.expiresAt, new Date())))
    .limit(1);
  return row !== undefined;
}
