import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { NOTIFICATION_STREAM, notificationStream, notificationsState } from "#contract/notifications";
import { endpointUrl } from "#web/lib/api.ts";
import { refreshMediaData } from "#web/lib/query-tags.ts";
import { notificationKeys } from "../api/notification-queries.ts";
import { reconnectDelay } from "../lib/reconnect.ts";

/**
 * Realtime notifications (spec §9): one EventSource per tab on the member's stream; each
 * `notifications` event replaces the panel's query data, and an administrator's `media` event
 * refreshes the transcoding queue. EventSource would retry by itself at the
 * server's `retry:` pace; to follow the spec's waits (1, 2, 5, 10 s, then 10 s) the source is
 * closed at its first error and a new one opened after our own wait.
 */
export function useNotificationStream(userId: string | null, limit: number) {
  const queryClient = useQueryClient();

  useEffect(() => {
    if (!userId || typeof EventSource === "undefined") return;
    let source: EventSource | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let failures = 0;
    let stopped = false;

    const connect = () => {
      if (stopped) return;
      const es = new EventSource(endpointUrl(notificationStream, { query: { limit } }));
      source = es;
      es.addEventListener(NOTIFICATION_STREAM.event, (event) => {
        failures = 0;
        try {
          const parsed = notificationsState.safeParse(JSON.parse((event as MessageEvent<string>).data));
          if (parsed.success) queryClient.setQueryData(notificationKeys.panel(userId, limit), parsed.data);
        } catch {
          // A garbled event is dropped; the next one carries the whole state again.
        }
      });
      // Administrators: the media assets changed (decision 025); their queries read them again.
      es.addEventListener(NOTIFICATION_STREAM.mediaEvent, () => {
        void refreshMediaData(queryClient);
      });
      es.onerror = () => {
        es.close();
        if (stopped || source !== es) return;
        source = undefined;
        timer = setTimeout(connect, reconnectDelay(failures));
        failures++;
      };
    };

    connect();
    return () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      source?.close();
    };
  }, [userId, limit, queryClient]);
}
