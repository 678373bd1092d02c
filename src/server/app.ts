import { randomUUID } from "node:crypto";
import compress from "@fastify/compress";
import cookie from "@fastify/cookie";
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import Fastify, { type FastifyInstance } from "fastify";
import {
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  serializerCompiler,
  validatorCompiler,
} from "fastify-type-provider-zod";
import { z } from "zod";
import type { Database } from "#db/client";
import { registerAuthRoutes, registerSessionHook } from "./auth/auth.routes.ts";
import { registerPlanRoutes } from "./billing/plans.routes.ts";
import { type CatalogueCacheOptions, openCatalogueCache } from "./catalogue/cache.ts";
import { registerCatalogueRoutes } from "./catalogue/catalogue.routes.ts";
import { registerVideoDetailRoutes } from "./catalogue/detail.routes.ts";
import { registerCataloguePagesRoutes } from "./catalogue/pages.routes.ts";
import type { Config } from "./config.ts";
import { registerErrorHandler } from "./error-handler.ts";
import { registerHistoryRoutes } from "./history/history.routes.ts";
import { registerLibraryRoutes } from "./library/library.routes.ts";
import { createMailer, type Mailer } from "./mail/mailer.ts";
import { scheduleMaintenance } from "./maintenance.ts";
import { registerMemberRoutes } from "./member/member.routes.ts";
import { openNotificationHub } from "./notifications/notification-hub.ts";
import { registerNotificationRoutes } from "./notifications/notifications.routes.ts";
import { registerPlayerRoutes } from "./player/player.routes.ts";
import { registerSecurity } from "./security.ts";
import { registerStreamRoutes } from "./stream/stream.routes.ts";
import { registerSystemRoutes } from "./system/system.routes.ts";
import { registerStatic } from "./web/static.routes.ts";

// Validation messages from zod are shown to members: French.
z.config(z.locales.fr());

export interface AppDeps {
  config: Config;
  database: Database;
  /** Tests may pass their own; by default SMTP_URL or the outbox folder. */
  mailer?: Mailer;
  /** Tests pass a clock; benchmarks may switch the catalogue caches off. */
  catalogueCache?: CatalogueCacheOptions;
}

/** Builds the whole HTTP application; tests call it with a fresh database, main.ts runs it. */
export async function buildApp({
  config,
  database,
  mailer: givenMailer,
  catalogueCache,
}: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      config.logLevel === "silent"
        ? false
        : { level: config.logLevel, redact: ["req.headers.cookie", "req.headers.authorization"] },
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    trustProxy: config.trustProxy.length > 0 ? config.trustProxy : false,
    bodyLimit: 1024 * 1024,
    routerOptions: { maxParamLength: 200 },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // JSON routes accept JSON only: a text/plain body is a 415 (SECURITY-CHECKLIST 13).
  app.removeContentTypeParser("text/plain");
  app.addHook("onRequest", async (request, reply) => {
    reply.header("X-Request-Id", request.id);
  });

  registerErrorHandler(app);
  await registerSecurity(app, config);
  await app.register(cookie);
  await app.register(compress, { global: true, threshold: 1024, encodings: ["br", "gzip"] });

  await app.register(swagger, {
    openapi: {
      info: {
        title: `${config.appName} — API`,
        description: "API du catalogue de streaming Bobine. Toutes les réponses sont en JSON (camelCase).",
        version: config.version,
      },
      servers: [],
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, { routePrefix: "/api/docs", staticCSP: false });

  const mailer = givenMailer ?? createMailer(config, (msg, extra) => app.log.info(extra ?? {}, msg));
  registerSessionHook(app, { db: database.db, config });
  const catalogue = await openCatalogueCache(database, catalogueCache ?? {}, app.log);
  const notifications = await openNotificationHub(database, app.log);
  // Open event streams would hold the server's close: end them first.
  app.addHook("preClose", async () => notifications.hub.endAll());
  await app.register(async (api) => {
    registerAuthRoutes(api, { db: database.db, config, mailer });
    registerSystemRoutes(api, database, config);
    registerCatalogueRoutes(api, database.db, catalogue.cache);
    registerCataloguePagesRoutes(api, database.db);
    registerVideoDetailRoutes(api, database.db);
    registerPlayerRoutes(api, config);
    registerPlanRoutes(api, database.db);
    registerStreamRoutes(api, { db: database.db, config });
    registerLibraryRoutes(api, database.db);
    registerHistoryRoutes(api, database.db);
    registerMemberRoutes(api, { db: database.db, config });
    registerNotificationRoutes(api, { db: database.db, hub: notifications.hub });
  });
  await registerStatic(app, config);

  const stopMaintenance = scheduleMaintenance(database.db, (err) => app.log.warn({ err }, "maintenance"));
  app.addHook("onClose", async () => {
    stopMaintenance();
    mailer.close();
    await catalogue.close();
    await notifications.close();
    await database.close();
  });
  return app;
}
