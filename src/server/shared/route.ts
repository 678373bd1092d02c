import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { z } from "zod";
import type { Endpoint, EndpointBody, EndpointParams, EndpointQuery } from "#contract/endpoint";
import type { Db } from "#db/client";
import { accessGuard } from "./access.ts";
import type { CurrentUser } from "./session.ts";

export interface RouteInput<E extends Endpoint> {
  params: EndpointParams<E>;
  query: EndpointQuery<E>;
  body: EndpointBody<E>;
  /** The signed-in member; the guard has made sure there is one unless the endpoint is public. */
  user: E["access"] extends "public" ? CurrentUser | null : CurrentUser;
  /** The bytes of an `uploads` endpoint's body (undefined when none came, and for every other endpoint). */
  file: Buffer | undefined;
  request: FastifyRequest;
  reply: FastifyReply;
}

/** A JSON endpoint returns its response; one that `produces` something else sends it itself. */
type Answer<E extends Endpoint> = E["produces"] extends
  | "media"
  | "text/vtt"
  | "text/event-stream"
  | "playlist"
  | "image"
  | "pdf"
  | "tus"
  ? FastifyReply | string | Buffer | undefined
  : z.input<E["response"]>;

export type RouteHandler<E extends Endpoint> = (input: RouteInput<E>) => Promise<Answer<E>>;

/** Marks a route as the implementation of a contract endpoint (the onRoute check of app.ts reads it). */
export interface RouteConfig {
  endpoint: Endpoint;
}

declare module "fastify" {
  interface FastifyContextConfig {
    /** The contract endpoint this route implements (set by route()). */
    endpoint?: Endpoint;
  }
}

const NON_JSON_TYPES = {
  media: ["video/mp4", "video/webm", "application/octet-stream"],
  "text/vtt": ["text/vtt; charset=utf-8"],
  "text/event-stream": ["text/event-stream; charset=utf-8"],
  playlist: ["application/vnd.apple.mpegurl"],
  image: ["image/jpeg"],
  pdf: ["application/pdf"],
  tus: ["application/offset+octet-stream"],
} as const;

/** Endpoints that answer HEAD themselves beside their own method (never Fastify's automatic HEAD). */
const headToo = (e: Endpoint) =>
  e.produces === "media" || e.produces === "image" || (e.produces === "tus" && e.method === "PATCH");

/** The response part of the route's schema: the declared body, with its content type when not JSON. */
function responseSchema(e: Endpoint, status: number) {
  if (e.produces === undefined || e.produces === "json-attachment") return { [status]: e.response };
  const content = Object.fromEntries(
    NON_JSON_TYPES[e.produces].map((type) => [type, { schema: e.response }]),
  );
  return { [status]: { description: e.summary, content } };
}

/**
 * Registers a contract endpoint (ARCHITECTURE rule 2: a route parses, checks access, calls a
 * service, returns; docs/decisions/009-boundaries.md). The endpoint's `access` guard runs as an
 * onRequest hook, before the body or the query is read; validation and the OpenAPI document both
 * come from the endpoint's schemas.
 */
export function route<E extends Endpoint>(
  app: FastifyInstance,
  ctx: { db: Db },
  e: E,
  handler: RouteHandler<E>,
  opts: { status?: number } = {},
) {
  const status = opts.status ?? 200;
  const guard = accessGuard(e.access, ctx.db);
  const options: RouteOptions = {
    method: headToo(e) ? [e.method, "HEAD"] : e.method,
    url: e.path,
    // Media answers HEAD itself: Fastify's automatic HEAD would read the whole file to discard it.
    ...(headToo(e) ? { exposeHeadRoute: false } : {}),
    // An event stream is written as it goes: never buffered for compression.
    ...(e.produces === "text/event-stream" ? { compress: false } : {}),
    config: { endpoint: e } satisfies RouteConfig,
    ...(guard ? { onRequest: guard } : {}),
    ...(e.uploads ? { bodyLimit: e.uploads.maxBytes } : e.maxBodyBytes ? { bodyLimit: e.maxBodyBytes } : {}),
    schema: {
      summary: e.summary,
      tags: e.tags,
      ...(e.uploads ? { consumes: [...e.uploads.types] } : {}),
      ...(e.params ? { params: e.params } : {}),
      ...(e.query ? { querystring: e.query } : {}),
      ...(e.body ? { body: e.body } : {}),
      response: responseSchema(e, status),
    },
    handler: async (request, reply) => {
      reply.code(status);
      return handler({
        params: request.params as EndpointParams<E>,
        query: request.query as EndpointQuery<E>,
        body: request.body as EndpointBody<E>,
        user: request.currentUser as RouteInput<E>["user"],
        file: e.uploads && Buffer.isBuffer(request.body) ? request.body : undefined,
        request,
        reply,
      });
    },
  };
  if (e.produces === "tus") {
    // tus bodies are raw bytes read by the tus server from the request stream itself: the parser
    // leaves them unread (docs/decisions/026-tus-in-the-contract.md).
    app.register(async (tus) => {
      tus.addContentTypeParser("application/offset+octet-stream", (_request, _payload, done) =>
        done(null, undefined),
      );
      tus.withTypeProvider<ZodTypeProvider>().route(options);
    });
    return;
  }
  const upload = e.uploads;
  if (upload) {
    // A file as the whole body (docs/decisions/016-uploads.md), on this route only: its declared
    // types are read as bytes up to its limit (413 past it); JSON or any other type is a 415.
    app.register(async (files) => {
      files.removeAllContentTypeParsers();
      files.addContentTypeParser(
        [...upload.types],
        { parseAs: "buffer", bodyLimit: upload.maxBytes },
        (_request, body, done) => done(null, body),
      );
      files.withTypeProvider<ZodTypeProvider>().route(options);
    });
    return;
  }
  const ignored = e.ignoresBodies;
  if (!ignored) {
    app.withTypeProvider<ZodTypeProvider>().route(options);
    return;
  }
  // A beacon's body (text/plain or a form, as navigator.sendBeacon sends it) is accepted and
  // ignored on this route only: elsewhere such a body stays a 415 (SECURITY-CHECKLIST 13).
  app.register(async (beacon) => {
    beacon.addContentTypeParser(
      [...ignored],
      { parseAs: "string", bodyLimit: 1024 },
      (_request, _body, done) => done(null, undefined),
    );
    beacon.withTypeProvider<ZodTypeProvider>().route(options);
  });
}

/** `route` bound to one application: `const route = router(app, ctx)`. */
export const router =
  (app: FastifyInstance, ctx: { db: Db }) =>
  <E extends Endpoint>(e: E, handler: RouteHandler<E>, opts: { status?: number } = {}) =>
    route(app, ctx, e, handler, opts);
