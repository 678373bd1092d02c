import { z } from "zod";
import { endpoint } from "./endpoint.ts";

/**
 * Whether the server and its database answer. The database's kind and the version are for
 * administrators only: a visitor learns nothing about the software (SECURITY-CHECKLIST 19).
 */
export const healthResponse = z.object({
  status: z.enum(["ok", "degraded"]),
  databaseOk: z.boolean(),
  database: z.enum(["pglite", "postgres"]).optional(),
  version: z.string().optional(),
});

export const health = endpoint({
  method: "GET",
  path: "/api/health",
  summary: "État du serveur et de la base de données (type de base et version : administrateurs seulement)",
  tags: ["système"],
  access: "public",
  response: healthResponse,
});

/** The process answers (no dependency is asked): for a supervisor deciding to restart it. */
export const healthLive = endpoint({
  method: "GET",
  path: "/api/health/live",
  summary: "Le processus répond (sans interroger ses dépendances)",
  tags: ["système"],
  access: "public",
  response: z.object({ status: z.literal("ok") }),
});

export const readinessResponse = z.object({
  status: z.enum(["ready", "not-ready"]),
  /** Each condition of readiness: true when it holds. */
  checks: z.object({
    /** A write commits within DATABASE_TIMEOUT_SECONDS. */
    database: z.boolean(),
    /** Free space in DATA_DIR above READY_MIN_FREE_DISK_MB. */
    disk: z.boolean(),
    /** A mail can be written (outbox folder) or handed to SMTP. */
    outbox: z.boolean(),
  }),
});

/** Ready to serve (503 when not): for a load balancer deciding to send traffic here. */
export const healthReady = endpoint({
  method: "GET",
  path: "/api/health/ready",
  summary:
    "Prêt à servir : base accessible en écriture, espace disque suffisant, e-mails possibles (503 sinon)",
  tags: ["système"],
  access: "public",
  response: readinessResponse,
});
