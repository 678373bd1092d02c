import { randomUUID } from "node:crypto";
import { type ServerResponse, STATUS_CODES } from "node:http";
import type { Socket } from "node:net";
import type { FastifyError, FastifyInstance } from "fastify";
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from "fastify-type-provider-zod";
import { requestMessages } from "#contract/errors";
import { isDatabaseUnavailable } from "./shared/db-errors.ts";
import { AppError, errorCatalogue, retryLater } from "./shared/errors.ts";
import { isFileRequest } from "./web/app-routes.ts";

/** The Retry-After of a 429 raised by a library, which does not say when its window ends. */
const RETRY_AFTER_UNKNOWN_SECONDS = 60;

type Body = { code: string; message: string; requestId: string; fields?: Record<string, string> };

/** Turns every failure into `{ code, message, requestId }` with a French message; a 5xx never leaks internals. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    const requestId = String(request.id);
    const send = (status: number, body: Omit<Body, "requestId">) =>
      reply.code(status).send({ ...body, requestId } satisfies Body);

    if (err instanceof AppError) {
      if (err.status >= 500) request.log.error({ err }, err.message);
      if (err.retryAfterSeconds !== undefined) reply.header("Retry-After", String(err.retryAfterSeconds));
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
      // @fastify/compress: a request body in an encoding it does not read, or that does not decompress.
      case "FST_CP_ERR_INVALID_CONTENT_ENCODING":
        return send(415, { code: "UNSUPPORTED_MEDIA_TYPE", message: requestMessages.unsupportedEncoding });
      case "FST_CP_ERR_INVALID_CONTENT":
        return send(400, { code: "VALIDATION_ERROR", message: requestMessages.undecodableBody });
      case "FST_ERR_CTP_INVALID_JSON_BODY":
      case "FST_ERR_CTP_EMPTY_JSON_BODY":
        return send(400, { code: "VALIDATION_ERROR", message: requestMessages.invalidJson });
    }
    if (err.statusCode === 429) {
      reply.header("Retry-After", String(RETRY_AFTER_UNKNOWN_SECONDS));
      return send(429, { code: "RATE_LIMITED", message: errorCatalogue.RATE_LIMITED.message });
    }
    // @fastify/static refuses a path that climbs out of its folder or names a dotfile (403) and
    // misses a file (404): to the client, both are a file that is not there (SECURITY-CHECKLIST 23).
    // Only for a file's address: another plugin's 403 keeps its meaning.
    if ((err.statusCode === 403 || err.statusCode === 404) && isFileRequest(request.url)) {
      return send(404, { code: "NOT_FOUND", message: requestMessages.fileNotFound });
    }
    if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      return send(err.statusCode, {
        code: "VALIDATION_ERROR",
        message: errorCatalogue.VALIDATION_ERROR.message,
      });
    }
    // A database that went away is a 503 the client may retry; anything else is a plain 500.
    request.log.error({ err }, "unhandled error");
    if (isDatabaseUnavailable(err)) {
      // ARCHITECTURE rule 13: the member is told when to try again.
      reply.header("Retry-After", String(DATABASE_RETRY_SECONDS));
      return send(503, { code: "SERVICE_UNAVAILABLE", message: errorCatalogue.SERVICE_UNAVAILABLE.message });
    }
    return send(500, { code: "INTERNAL_ERROR", message: errorCatalogue.INTERNAL_ERROR.message });
  });
}

/** Seconds a client is told to wait when the database is unavailable (a restart, a failover). */
const DATABASE_RETRY_SECONDS = 5;

/** Seconds a client is told to wait when this process stops (its restart or another process answers then). */
const STOPPING_RETRY_SECONDS = 5;

/**
 * Requests that reach a closing server (on a connection kept alive, or already sent) get the French
 * 503 with Retry-After, not Fastify's English one (`return503OnClosing` is off for that, app.ts).
 * Registered before the session hook: nothing of the request is read, the database is not asked.
 */
export function registerClosingAnswer(app: FastifyInstance) {
  let closing = false;
  // Fastify stops routing new work as it starts closing, then runs the preClose hooks.
  app.addHook("preClose", async () => {
    closing = true;
  });
  app.addHook("onRequest", (_request, _reply, done) => {
    if (closing)
      return done(retryLater("SERVICE_UNAVAILABLE", STOPPING_RETRY_SECONDS, requestMessages.shuttingDown));
    done();
  });
}

/**
 * What Node's HTTP parser refuses before Fastify sees a request (its 'clientError'): a request
 * that did not arrive in time (REQUEST_TIMEOUT_SECONDS), headers too large, a malformed request.
 * The answer is Bobine's French `{ code, message, requestId }`, written on the socket, which then
 * closes. Nothing is written once an answer has begun (the client would read a corrupted one).
 */
export function answerClientError(this: FastifyInstance, err: NodeJS.ErrnoException, socket: Socket) {
  if (err.code === "ECONNRESET" || socket.destroyed) return;
  const [status, code, message] =
    err.code === "ERR_HTTP_REQUEST_TIMEOUT"
      ? ([408, "REQUEST_TIMEOUT", errorCatalogue.REQUEST_TIMEOUT.message] as const)
      : err.code === "HPE_HEADER_OVERFLOW"
        ? ([431, "HEADERS_TOO_LARGE", errorCatalogue.HEADERS_TOO_LARGE.message] as const)
        : ([400, "VALIDATION_ERROR", requestMessages.malformedRequest] as const);
  const requestId = randomUUID();
  const pending = (socket as Socket & { _httpMessage?: ServerResponse })._httpMessage;
  if (socket.writable && !pending?.headersSent) {
    const body = JSON.stringify({ code, message, requestId } satisfies Body);
    socket.write(
      [
        `HTTP/1.1 ${status} ${STATUS_CODES[status]}`,
        "Content-Type: application/json; charset=utf-8",
        `Content-Length: ${Buffer.byteLength(body)}`,
        "X-Content-Type-Options: nosniff",
        `X-Request-Id: ${requestId}`,
        "Connection: close",
        "",
        body,
      ].join("\r\n"),
    );
  }
  this.log.info({ requestId, err: { code: err.code, message: err.message }, status }, "client error");
  socket.destroy();
}
