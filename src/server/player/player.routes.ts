import type { FastifyInstance } from "fastify";
import { getPlayerOptions } from "#contract/player";
import type { Config } from "../config.ts";
import { route } from "../route.ts";

/** PLAYER_GUARD: the spec's player security guard can be switched off by the operator. */
export function registerPlayerRoutes(app: FastifyInstance, config: Config) {
  route(app, getPlayerOptions, async () => ({ guard: config.playerGuard }));
}
