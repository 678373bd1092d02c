import type { z } from "zod";

/**
 * One HTTP endpoint declared once and used by the server (validation, OpenAPI) and the web
 * client (types). docs/decisions/001-contract-and-api.md.
 */
export interface Endpoint {
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  path: string;
  summary: string;
  tags: string[];
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  response: z.ZodType;
}

/** Keeps the literal schema types of an endpoint declaration. */
export const endpoint = <const E extends Endpoint>(e: E): E => e;

type Out<S> = S extends z.ZodType ? z.output<S> : undefined;
type In<S> = S extends z.ZodType ? z.input<S> : undefined;

export type EndpointParams<E extends Endpoint> = Out<E["params"]>;
export type EndpointQuery<E extends Endpoint> = Out<E["query"]>;
export type EndpointBody<E extends Endpoint> = Out<E["body"]>;
/** What a client may send (before defaults and coercion). */
export type EndpointQueryInput<E extends Endpoint> = In<E["query"]>;
export type EndpointBodyInput<E extends Endpoint> = In<E["body"]>;
export type EndpointResponse<E extends Endpoint> = z.output<E["response"]>;
