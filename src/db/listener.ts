import pg from "pg";

/**
 * LISTEN on a dedicated PostgreSQL connection (ARCHITECTURE: what several processes must learn
 * goes through LISTEN/NOTIFY). A pooled connection cannot hold a LISTEN, so this is a pg Client of
 * its own, reconnected with exponential backoff when it drops. Notifications sent while it was
 * down are lost: `onListening(false)` tells the owner it may have missed some, and
 * `onListening(true)` that it listens again.
 */

export interface ListenHandlers {
  onNotify(payload: string): void;
  /** true once LISTEN is in place (first time and after every reconnection), false when it drops. */
  onListening(listening: boolean): void;
  onError?(err: unknown): void;
}

export interface Listener {
  close(): Promise<void>;
}

const MIN_DELAY_MS = 250;
const MAX_DELAY_MS = 30_000;

const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** Resolves after the first connection attempt, whether it worked or not (then it retries alone). */
export async function listenPostgres(
  url: string,
  channel: string,
  handlers: ListenHandlers,
): Promise<Listener> {
  let closed = false;
  let client: pg.Client | undefined;
  let timer: NodeJS.Timeout | undefined;
  let delay = MIN_DELAY_MS;

  const dropped = (c: pg.Client, err?: unknown) => {
    if (client !== c) return;
    client = undefined;
    if (err) handlers.onError?.(err);
    handlers.onListening(false);
    c.end().catch(() => {});
    schedule();
  };

  const schedule = () => {
    if (closed || timer) return;
    // Full jitter, so that processes cut off together do not reconnect in step.
    const wait = Math.round(delay / 2 + (Math.random() * delay) / 2);
    delay = Math.min(delay * 2, MAX_DELAY_MS);
    timer = setTimeout(() => {
      timer = undefined;
      void connect();
    }, wait);
    timer.unref();
  };

  const connect = async () => {
    if (closed) return;
    const c = new pg.Client({
      connectionString: url,
      application_name: "bobine-listen",
      keepAlive: true,
      connectionTimeoutMillis: 10_000,
    });
    c.on("error", (err) => dropped(c, err));
    c.on("end", () => dropped(c));
    c.on("notification", (msg) => {
      if (msg.channel === channel) handlers.onNotify(msg.payload ?? "");
    });
    client = c;
    try {
      await c.connect();
      await c.query(`LISTEN ${quoteIdent(channel)}`);
      if (closed) {
        await c.end().catch(() => {});
        return;
      }
      if (client !== c) return;
      delay = MIN_DELAY_MS;
      handlers.onListening(true);
    } catch (err) {
      if (client === c) dropped(c, err);
    }
  };

  await connect();
  return {
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      const c = client;
      client = undefined;
      await c?.end().catch(() => {});
    },
  };
}
