import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { type Endpoint, endpoint } from "#contract/endpoint";
import type { Db } from "#db/client";
import { type RouteHandler, route } from "#server/shared/route";

/**
 * A public endpoint that exists only in a test (a probe), registered through route() like every
 * route, to exercise what all routes share (errors, body parsing, the HTTP server). Call it from
 * createTestApp's `beforeReady`. Its response is `{}`-shaped unless given.
 */
export function probeRoute<const E extends Pick<Endpoint, "method" | "path" | "body" | "response">>(
  app: FastifyInstance,
  database: { db: Db },
  e: E,
  handler: RouteHandler<Endpoint & E & { access: "public" }>,
) {
  const declared = endpoint({ summary: "probe", tags: ["test"], access: "public", ...e });
  route(app, database, declared, handler as RouteHandler<typeof declared>);
}

/** The `{ ok: true }` response most probes give. */
export const okResponse = z.object({ ok: z.boolean() });

/** A promise and the functions that settle it, for a test that waits on a moment of the server. */
export function deferred<T = void>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}
