import type { FastifyError, FastifyInstance } from "fastify";
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from "fastify-type-provider-zod";
import { AppError, errorCatalogue, messages } from "./errors.ts";

type Body = { code: string; message: string; requestId: string; fields?: Record<string, string> };

/** Turns every failure into `{ code, message, requestId }` with a French message; a 5xx never leaks internals. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    const requestId = String(request.id);
    const send = (status: number, body: Omit<Body, "requestId">) =>
      reply.code(status).send({ ...body, requestId } satisfies Body);

    if (err instanceof AppError) {
      if (err.status >= 500) request.log.error({ err }, err.message);
      return send(err.status, {
        code: err.code,
        message: err.message,
        ...(err.fields ? { fields: err.fields } : {}),
      });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const fields: Record<string, string> = {};
      for (const issue of err.validation) {
        const key = issue.instancePath.replace(/^\//, "").replaceAll("/", ".");
        if (!(key in fields)) fields[key] = issue.message ?? errorCatalogue.VALIDATION_ERROR.message;
      }
      return send(400, {
        code: "VALIDATION_ERROR",
        message: errorCatalogue.VALIDATION_ERROR.message,
        fields,
      });
    }
    if (isResponseSerializationError(err)) {
      request.log.error({ err, issues: err.cause.issues }, "response does not match its schema");
      return send(500, { code: "INTERNAL_ERROR", message: errorCatalogue.INTERNAL_ERROR.message });
    }
    switch (err.code) {
      case "FST_ERR_CTP_INVALID_MEDIA_TYPE":
        return send(415, {
          code: "UNSUPPORTED_MEDIA_TYPE",
          message: errorCatalogue.UNSUPPORTED_MEDIA_TYPE.message,
        });
      case "FST_ERR_CTP_BODY_TOO_LARGE":
        return send(413, { code: "PAYLOAD_TOO_LARGE", message: errorCatalogue.PAYLOAD_TOO_LARGE.message });
      case "FST_ERR_CTP_INVALID_JSON_BODY":
      case "FST_ERR_CTP_EMPTY_JSON_BODY":
        return send(400, { code: "VALIDATION_ERROR", message: messages.invalidJson });
    }
    if (err.statusCode === 429) {
      return send(429, { code: "RATE_LIMITED", message: errorCatalogue.RATE_LIMITED.message });
    }
    if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      return send(err.statusCode, {
        code: "VALIDATION_ERROR",
        message: errorCatalogue.VALIDATION_ERROR.message,
      });
    }
    // A database that went away is a 503 the client may retry; anything else is a plain 500.
    request.log.error({ err }, "unhandled error");
    return isDatabaseUnavailable(err)
      ? send(503, { code: "SERVICE_UNAVAILABLE", message: errorCatalogue.SERVICE_UNAVAILABLE.message })
      : send(500, { code: "INTERNAL_ERROR", message: errorCatalogue.INTERNAL_ERROR.message });
  });
}

/** SQLSTATE classes 08 (connection), 57P (shutdown), 3D000 (database gone), or a refused socket. */
const UNAVAILABLE = /^(08|57P|3D000|53300)|ECONNREFUSED|ECONNRESET|ETIMEDOUT/;
/** node-postgres' own words when a connection is lost or cannot be made. */
const CONNECTION_LOST =
  /Connection terminated|connection error|not queryable|pool after calling end|not currently accepting connections|database system is (starting up|shutting down)|timeout exceeded when trying to connect/i;

function isDatabaseUnavailable(err: unknown): boolean {
  for (
    let e = err as { code?: unknown; cause?: unknown; message?: unknown } | undefined, depth = 0;
    e && depth < 5;
    depth++
  ) {
    if (typeof e.code === "string" && UNAVAILABLE.test(e.code)) return true;
    if (typeof e.message === "string" && CONNECTION_LOST.test(e.message)) return true;
    e = e.cause as typeof e;
  }
  return false;
}
