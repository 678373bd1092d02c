import { randomUUID } from "node:crypto";
import compress from "@fastify/compress";
import cookie from "@fastify/cookie";
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import Fastify, {
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  LogController,
} from "fastify";
import {
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  serializerCompiler,
  validatorCompiler,
} from "fastify-type-provider-zod";
import { z } from "zod";
import { operatorMessages } from "#contract/operator";
import type { Database } from "#db/client";
import { visitorHomeImages } from "./catalogue/catalogue.service.ts";
import { answerClientError, registerClosingAnswer, registerErrorHandler } from "./error-handler.ts";
import { notificationsLoader } from "./notifications/notification.service.ts";
import { apiDomains } from "./routes.ts";
import { registerSecurity } from "./security.ts";
import { type CatalogueCacheOptions, openCatalogueCache } from "./shared/catalogue-cache.ts";
import type { Config } from "./shared/config.ts";
import type { AppContext } from "./shared/context.ts";
import { openJobs } from "./shared/jobs.ts";
import { alwaysVisibleLevel, loggerOptions } from "./shared/logging.ts";
import { createMailer, type Mailer } from "./shared/mailer.ts";
import { openMediaStore } from "./shared/media-store.ts";
import { openNotificationHub } from "./shared/notification-hub.ts";
import type { RouteConfig } from "./shared/route.ts";
import { registerSessionHook } from "./shared/session.ts";
import { type FirstScreens, openFirstScreens } from "./web/first-screens.ts";
import { registerStatic } from "./web/static.routes.ts";
import { backgroundWorkers } from "./workers.ts";

/** Headers have this long at most (a slow-headers client holds a socket and a parser). */
const HEADERS_TIMEOUT_MS = 20_000;

// Validation messages from zod are shown to members: French.
z.config(z.locales.fr());

/**
 * One line per request, at debug, when it ends: at the default level they would drown the lines a
 * self-hoster must read (the outbox, errors). A failed request is still an error line.
 */
class RequestsAtDebug extends LogController {
  override incomingRequest() {}
  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    const line = {
      method: request.method,
      url: request.url,
      status: reply.statusCode,
      ms: Math.round(reply.elapsedTime),
    };
    if (error) reply.log.error({ ...line, err: error }, "request");
    else reply.log.debug(line, "request");
  }
}

export interface AppDeps {
  config: Config;
  database: Database;
  /** Tests may pass their own; by default SMTP_URL or the outbox folder. */
  mailer?: Mailer;
  /** Tests pass a clock; benchmarks may switch the catalogue caches off. */
  catalogueCache?: CatalogueCacheOptions;
  /** Where the log lines go (main.ts: stdout, readable on a terminal); pino's stdout by default. */
  logStream?: { write(line: string): void };
}

/** Builds the whole HTTP application; tests call it with a fresh database, main.ts runs it. */
export async function buildApp({
  config,
  database,
  mailer: givenMailer,
  catalogueCache,
  logStream,
}: AppDeps): Promise<FastifyInstance> {
  const requestMs = config.http.requestTimeoutSeconds * 1000;
  const app = Fastify({
    logger:
      config.logLevel === "silent"
        ? false
        : { ...loggerOptions(config), ...(logStream ? { stream: logStream } : {}) },
    logController: new RequestsAtDebug(),
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    trustProxy: config.trustProxy.length > 0 ? config.trustProxy : false,
    bodyLimit: 1024 * 1024,
    routerOptions: { maxParamLength: 200 },
    // Slow clients (a trickled body, headers that never end) are cut off: 408, French body.
    requestTimeout: requestMs,
    connectionTimeout: config.http.connectionTimeoutSeconds * 1000,
    http: {
      requestTimeout: requestMs,
      headersTimeout: Math.min(requestMs, HEADERS_TIMEOUT_MS),
      // How often Node looks for requests past their time (its default, 30 s, would add up to that).
      connectionsCheckingInterval: Math.max(250, Math.min(1000, requestMs / 4)),
    },
    clientErrorHandler: answerClientError,
    // A request that reaches a closing server gets Bobine's French 503 (registerClosingAnswer).
    return503OnClosing: false,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // JSON routes accept JSON only: a text/plain body is a 415 (SECURITY-CHECKLIST 13).
  app.removeContentTypeParser("text/plain");
  app.addHook("onRequest", (request, reply, done) => {
    reply.header("X-Request-Id", request.id);
    done();
  });
  registerClosingAnswer(app);
  app.addHook("onResponse", (request, reply, done) => {
    request.log.debug(
      {
        method: request.method,
        url: request.url,
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime),
      },
      "request",
    );
    done();
  });

  registerErrorHandler(app);
  await registerSecurity(app, config);
  await app.register(cookie);
  await app.register(compress, { global: true, threshold: 1024, encodings: ["br", "gzip"] });

  await app.register(swagger, {
    openapi: {
      info: {
        title: operatorMessages.apiTitle(config.appName),
        description: operatorMessages.apiDescription,
        version: config.version,
      },
      servers: [],
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, { routePrefix: "/api/docs", staticCSP: false });

  // docs/decisions/009-boundaries.md: every route under /api is a contract endpoint, registered
  // through route() (which marks it); anything else stops the server at start. The API document's
  // own pages are the one exception.
  app.addHook("onRoute", (options) => {
    const inApi = options.url.startsWith("/api/") && !options.url.startsWith("/api/docs");
    if (inApi && !(options.config as Partial<RouteConfig> | undefined)?.endpoint) {
      throw new Error(`${options.method} ${options.url} is not a contract endpoint (src/contract)`);
    }
  });

  // The outbox's lines (codes, reset links) show even under LOG_LEVEL=warn.
  const mailer =
    givenMailer ?? createMailer(config, app.log.child({}, { level: alwaysVisibleLevel(config.logLevel) }));
  registerSessionHook(app, { db: database.db, config });
  const catalogue = await openCatalogueCache(database, catalogueCache ?? {}, app.log);
  const notifications = await openNotificationHub(database, notificationsLoader(database.db), app.log);
  const jobs = await openJobs({
    database,
    log: app.log,
    worksQueues: config.jobs.inProcess,
    pollSeconds: config.jobs.pollSeconds,
  });
  // Open event streams would hold the server's close: end them first.
  app.addHook("preClose", async () => notifications.hub.endAll());
  const ctx: AppContext = {
    config,
    database,
    db: database.db,
    mailer,
    catalogueCache: catalogue.cache,
    notificationHub: notifications.hub,
    jobs,
    mediaStore: await openMediaStore(config),
    log: app.log,
  };
  await app.register(async (api) => {
    for (const domain of apiDomains) await api.register(domain, ctx);
  });
  // Loaded on the first page asked for (it brings React and the app's code into this process).
  let firstScreens: Promise<FirstScreens | null> | undefined;
  await registerStatic(app, config, {
    visitorHome: () => visitorHomeImages(ctx),
    firstScreens: () => {
      firstScreens ??= openFirstScreens(app, catalogue.cache).catch((err: unknown) => {
        app.log.warn({ err }, "first screens off: the server-side build did not load");
        return null;
      });
      return firstScreens;
    },
  });

  if (jobs.worksQueues) for (const workers of backgroundWorkers) await workers(ctx);
  app.addHook("onClose", async () => {
    // Jobs in hand finish first (they may still write), then the rest closes.
    await jobs.stop();
    mailer.close();
    await catalogue.close();
    await notifications.close();
    await database.close();
  });
  return app;
}
