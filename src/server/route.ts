import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { z } from "zod";
import type { Endpoint, EndpointBody, EndpointParams, EndpointQuery } from "#contract/endpoint";

export interface RouteInput<E extends Endpoint> {
  params: EndpointParams<E>;
  query: EndpointQuery<E>;
  body: EndpointBody<E>;
  request: FastifyRequest;
  reply: FastifyReply;
}

/**
 * Registers a contract endpoint (ARCHITECTURE rule 2: a route parses, checks access, calls a
 * service, returns). Validation and the OpenAPI document both come from the endpoint's schemas.
 */
export function route<E extends Endpoint>(
  app: FastifyInstance,
  e: E,
  handler: (input: RouteInput<E>) => Promise<z.input<E["response"]>>,
  opts: { status?: number } = {},
) {
  const status = opts.status ?? 200;
  app.withTypeProvider<ZodTypeProvider>().route({
    method: e.method,
    url: e.path,
    schema: {
      summary: e.summary,
      tags: e.tags,
      ...(e.params ? { params: e.params } : {}),
      ...(e.query ? { querystring: e.query } : {}),
      ...(e.body ? { body: e.body } : {}),
      response: { [status]: e.response },
    },
    handler: async (request, reply) => {
      reply.code(status);
      return handler({
        params: request.params as EndpointParams<E>,
        query: request.query as EndpointQuery<E>,
        body: request.body as EndpointBody<E>,
        request,
        reply,
      });
    },
  });
}
