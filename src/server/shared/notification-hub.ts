import type { FastifyBaseLogger } from "fastify";
import type { NotificationsState } from "#contract/notifications";
import type { Database } from "#db/client";

/**
 * The open notification streams of this server process, and their fan-out (spec §2 notification
 * bell: a notification sent from any process reaches the member's open tabs within a second).
 *
 * Writes announce the member concerned on NOTIFICATIONS_CHANNEL (the notifications domain and the
 * triggers of migration 0011); every process LISTENs through the database's listener (the same
 * reconnecting LISTEN as the catalogue caches, db/listener.ts) and, for each member it has streams
 * for, reads the fresh state once (with the loader app.ts gives it) and writes it to every stream of
 * that member. It lives in the shared kernel because the application context holds it.
 */

export const NOTIFICATIONS_CHANNEL = "bobine_notifications";
/** Channel of the media assets' changes (migration 0023's trigger): administrators' streams are pinged. */
export const MEDIA_CHANNEL = "bobine_media";
/** Media changes within this long are told once (a worker writes its progress every 1.5 s per task). */
const MEDIA_PING_MS = 250;
/** Payload meaning "every member may have changed" (send to all). */
export const ALL_MEMBERS = "*";

/** Reads a member's fresh state: their newest `limit` notifications and the unread count. */
export type NotificationsLoader = (userId: string, limit: number) => Promise<NotificationsState>;

export interface StreamClient {
  userId: string;
  /** How many notifications this stream shows (10 on the web header, 8 in the desktop app). */
  limit: number;
  send(state: NotificationsState): void;
  /** An administrator's stream: told when the media assets change (never a member's). */
  media?: (() => void) | undefined;
  /** Ends the stream (server closing). */
  end(): void;
}

export class NotificationHub {
  private readonly clients = new Map<string, Set<StreamClient>>();
  /** Members whose state is being read; `true` when another change came in meanwhile. */
  private readonly refreshing = new Map<string, boolean>();
  private mediaPing: NodeJS.Timeout | undefined;

  private readonly load: NotificationsLoader;
  private readonly log: FastifyBaseLogger;
  constructor(load: NotificationsLoader, log: FastifyBaseLogger) {
    this.load = load;
    this.log = log;
  }

  streamsOf(userId: string): number {
    return this.clients.get(userId)?.size ?? 0;
  }

  add(client: StreamClient) {
    let set = this.clients.get(client.userId);
    if (!set) {
      set = new Set();
      this.clients.set(client.userId, set);
    }
    set.add(client);
  }

  remove(client: StreamClient) {
    const set = this.clients.get(client.userId);
    if (!set) return;
    set.delete(client);
    if (set.size === 0) this.clients.delete(client.userId);
  }

  /** A NOTIFY payload: a member's id, or ALL_MEMBERS. */
  onNotify(payload: string) {
    if (payload === ALL_MEMBERS) this.refreshAll();
    else if (this.clients.has(payload)) void this.refresh(payload);
  }

  /** The media assets changed: every administrator's stream is told, once per short burst. */
  onMedia() {
    if (this.mediaPing) return;
    this.mediaPing = setTimeout(() => {
      this.mediaPing = undefined;
      for (const set of this.clients.values()) for (const client of set) client.media?.();
    }, MEDIA_PING_MS);
    this.mediaPing.unref();
  }

  /** After a lost LISTEN connection came back: changes may have been missed, send everyone the truth. */
  refreshAll() {
    for (const userId of this.clients.keys()) void this.refresh(userId);
  }

  /** Reads the member's state once for all their streams; changes during the read cause one more read. */
  private async refresh(userId: string) {
    if (this.refreshing.has(userId)) {
      this.refreshing.set(userId, true);
      return;
    }
    this.refreshing.set(userId, false);
    try {
      do {
        this.refreshing.set(userId, false);
        const set = this.clients.get(userId);
        if (!set) break;
        const limit = Math.max(...[...set].map((c) => c.limit));
        const state = await this.load(userId, limit);
        for (const client of this.clients.get(userId) ?? []) {
          client.send({ items: state.items.slice(0, client.limit), unread: state.unread });
        }
      } while (this.refreshing.get(userId));
    } catch (err) {
      this.log.warn({ err }, "notification stream refresh");
    } finally {
      this.refreshing.delete(userId);
    }
  }

  /** The server is closing: end every stream so that it does not wait for them. */
  endAll() {
    clearTimeout(this.mediaPing);
    for (const set of this.clients.values()) for (const client of set) client.end();
    this.clients.clear();
  }
}

export async function openNotificationHub(
  database: Database,
  load: NotificationsLoader,
  log: FastifyBaseLogger,
) {
  const hub = new NotificationHub(load, log);
  let wasListening: boolean | undefined;
  const listener = await database.listen(NOTIFICATIONS_CHANNEL, {
    onNotify: (payload) => hub.onNotify(payload),
    onListening: (listening) => {
      if (!listening) log.warn("notification listener lost: realtime notifications paused until reconnected");
      else if (wasListening === false) hub.refreshAll();
      wasListening = listening;
    },
    onError: (err) => log.warn({ err }, "notification listener"),
  });
  const media = await database.listen(MEDIA_CHANNEL, {
    onNotify: () => hub.onMedia(),
    // Back after a cut: what changed meanwhile is read again.
    onListening: (listening) => {
      if (listening) hub.onMedia();
    },
    onError: (err) => log.warn({ err }, "media listener"),
  });
  return {
    hub,
    async close() {
      hub.endAll();
      await Promise.all([listener.close(), media.close()]);
    },
  };
}
