import { z } from "zod";
import { endpoint } from "./endpoint.ts";

export const healthResponse = z.object({
  status: z.enum(["ok", "degraded"]),
  database: z.enum(["pglite", "postgres"]),
  databaseOk: z.boolean(),
  version: z.string(),
});

export const health = endpoint({
  method: "GET",
  path: "/api/health",
  summary: "État du serveur et de la base de données",
  tags: ["système"],
  response: healthResponse,
});
