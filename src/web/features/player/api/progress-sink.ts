import { useMemo } from "react";
import { useSaveProgress } from "#web/features/history/hooks.ts";
import type { ProgressSink } from "../components/player.tsx";

/**
 * Where the player sends the member's position (issue #5 Resume and history), through the history
 * feature: PUT while the page lives, sendBeacon when it is hidden or closed; each save carries the
 * moment it was taken, so a late one never moves progress back.
 */
export function useProgressSink(): ProgressSink {
  const { save, beaconProgress } = useSaveProgress();
  return useMemo(
    () => ({
      save: (point) => {
        // A failed save is followed by a newer one (30 s, pause, leaving): nothing to show.
        void save(point).catch(() => {});
      },
      beacon: beaconProgress,
    }),
    [save, beaconProgress],
  );
}
