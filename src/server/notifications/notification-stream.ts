import type { FastifyReply } from "fastify";
import { NOTIFICATION_STREAM, type NotificationsState, notificationMessages } from "#contract/notifications";
import type { Db } from "#db/client";
import { retryLater } from "../shared/errors.ts";
import type { NotificationHub, StreamClient } from "../shared/notification-hub.ts";
import { NOTIFICATION_STREAMS_PER_MEMBER } from "../shared/rate-limits.ts";
import { sessionAlive } from "../shared/session.queries.ts";
import type { CurrentUser } from "../shared/session.ts";

/** Past this much unsent data the client is not reading: the stream is dropped (it reconnects). */
const MAX_BUFFERED_BYTES = 256 * 1024;

/**
 * The member's event stream (spec §9): written by hand on the raw response after reply.hijack(),
 * with no serialisation, no compression (the route is declared `text/event-stream`, and hijacked
 * replies skip onSend anyway) and no proxy buffering. It joins the hub, which sends the first state
 * and every change; a heartbeat every 25 s checks that the session still lives.
 */
export function openNotificationStream(
  deps: { db: Db; hub: NotificationHub },
  user: CurrentUser,
  limit: number,
  reply: FastifyReply,
) {
  const { db, hub } = deps;
  if (hub.streamsOf(user.id) >= NOTIFICATION_STREAMS_PER_MEMBER) {
    // A tab closed without a word is noticed at the latest by its stream's next heartbeat.
    throw retryLater(
      "RATE_LIMITED",
      NOTIFICATION_STREAM.heartbeatMs / 1000,
      notificationMessages.tooManyStreams,
    );
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
    limit,
    send: (state: NotificationsState) =>
      write(`event: ${NOTIFICATION_STREAM.event}\ndata: ${JSON.stringify(state)}\n\n`),
    // What changed is not said: the administration reads it through its own (role-checked) routes.
    media:
      user.role === "admin"
        ? () => write(`event: ${NOTIFICATION_STREAM.mediaEvent}\ndata: {}\n\n`)
        : undefined,
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
}
