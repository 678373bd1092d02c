import { useQueryClient } from "@tanstack/react-query";
import { useMemo } from "react";
import { saveProgress } from "#contract/history";
import { apiSend } from "#web/lib/api.ts";
import type { ProgressPoint, ProgressSink } from "../components/player.tsx";

const BEACON_URL = "/api/history/progress/beacon";

/**
 * Where the player sends the member's position (issue #5 Resume and history): PUT while the page
 * lives, sendBeacon (a JSON Blob) when it is hidden or closed. Each save carries the moment it was
 * taken, so a late one never moves progress back. History and the home's 'Reprendre la lecture'
 * are refreshed after each save.
 */
export function useProgressSink(): ProgressSink {
  const queryClient = useQueryClient();
  return useMemo(() => {
    const body = (p: ProgressPoint) => ({ ...p, clientSavedAt: Date.now() });
    return {
      save: (p) => {
        void apiSend(saveProgress, { body: body(p) })
          .then(() => queryClient.invalidateQueries({ queryKey: ["history"] }))
          .catch(() => {
            // The next save (30 s, pause, leaving) carries a newer position anyway.
          });
      },
      beacon: (p) => {
        const blob = new Blob([JSON.stringify(body(p))], { type: "application/json" });
        if (typeof navigator.sendBeacon !== "function" || !navigator.sendBeacon(BEACON_URL, blob)) {
          void fetch(BEACON_URL, {
            method: "POST",
            body: blob,
            headers: { "Content-Type": "application/json" },
            credentials: "same-origin",
            keepalive: true,
          }).catch(() => {});
        }
      },
    };
  }, [queryClient]);
}
