import type { FastifyBaseLogger } from "fastify";

/** A logger that says nothing, for modules tested outside an app (jobs, workers). */
export const silentLog: FastifyBaseLogger = {
  level: "silent",
  info() {},
  warn() {},
  error() {},
  debug() {},
  trace() {},
  fatal() {},
  silent() {},
  child: () => silentLog,
};
