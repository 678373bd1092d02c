import { queryOptions } from "@tanstack/react-query";
import { getPlayerOptions } from "#contract/player";
import { apiGet } from "#web/lib/api.ts";

/** The player's cached answers (its one key factory: docs/decisions/010). */
export const playerKeys = {
  all: ["player"] as const,
  options: () => ["player", "options"] as const,
};

/** The operator's player settings (PLAYER_GUARD): fixed while the server runs. */
export const playerOptionsQuery = queryOptions({
  queryKey: playerKeys.options(),
  queryFn: ({ signal }) => apiGet(getPlayerOptions, { signal }),
  staleTime: Number.POSITIVE_INFINITY,
});
