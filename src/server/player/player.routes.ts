import { getPlayerOptions } from "#contract/player";
import type { DomainPlugin } from "../shared/context.ts";
import { router } from "../shared/route.ts";

/** PLAYER_GUARD: the spec's player security guard (spec §4, §9) can be switched off by the operator. */
export const playerRoutes: DomainPlugin = async (app, ctx) => {
  router(app, ctx)(getPlayerOptions, async () => ({ guard: ctx.config.playerGuard }));
};
