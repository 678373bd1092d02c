import type { FastifyInstance } from "fastify";
import { health } from "#contract/system";
import type { Database } from "#db/client";
import type { Config } from "../config.ts";
import { route } from "../route.ts";

export function registerSystemRoutes(app: FastifyInstance, database: Database, config: Config) {
  route(app, health, async ({ reply }) => {
    const databaseOk = await database.ping();
    if (!databaseOk) reply.code(503);
    return {
      status: databaseOk ? ("ok" as const) : ("degraded" as const),
      database: database.kind,
      databaseOk,
      version: config.version,
    };
  });
}
