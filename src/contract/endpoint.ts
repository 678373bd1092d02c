import type { z } from "zod";

/**
 * One HTTP endpoint declared once and used by the server (validation, OpenAPI) and the web
 * client (types). docs/decisions/001-contract-and-api.md.
 */
export interface Endpoint<
  Params extends z.ZodType = z.ZodType,
  Query extends z.ZodType = z.ZodType,
  Body extends z.ZodType = z.ZodType,
  Response extends z.ZodType = z.ZodType,
> {
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  path: string;
  summary: string;
  tags: string[];
  params?: Params;
  query?: Query;
  body?: Body;
  response: Response;
}

export const endpoint = <
  Params extends z.ZodType = z.ZodType,
  Query extends z.ZodType = z.ZodType,
  Body extends z.ZodType = z.ZodType,
  Response extends z.ZodType = z.ZodType,
>(
  e: Endpoint<Params, Query, Body, Response>,
) => e;
