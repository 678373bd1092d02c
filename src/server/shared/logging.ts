import type { Writable } from "node:stream";
import { type LoggerOptions, stdSerializers } from "pino";
import type { Config } from "./config.ts";
import { withoutQueryValues } from "./db-errors.ts";

/**
 * The server's logs: one line per event, human-readable on a terminal, JSON lines otherwise (a log
 * collector, a file, `LOG_FORMAT=json`). Request lines are at `debug`; errors and the mail outbox
 * (the codes and reset links a self-hoster must read) stay visible whatever LOG_LEVEL says, unless
 * it is `silent`.
 */
export type LogFormat = "pretty" | "json";

export function logFormatFor(setting: Config["logFormat"], isTTY: boolean): LogFormat {
  if (setting === "auto") return isTTY ? "pretty" : "json";
  return setting;
}

const order = ["trace", "debug", "info", "warn", "error", "fatal"] as const;
type Level = (typeof order)[number];

/** The configured level, but never above `error`: errors always show. */
export function rootLevel(level: Config["logLevel"]): string {
  return level === "fatal" ? "error" : level;
}

/** The level of a logger whose lines must show at `info` even under a quieter LOG_LEVEL. */
export function alwaysVisibleLevel(level: Config["logLevel"]): string {
  if (level === "silent") return "silent";
  return order.indexOf(level as Level) > order.indexOf("info") ? "info" : level;
}

/** Pino's options for this configuration (level, redactions). */
export function loggerOptions(config: Pick<Config, "logLevel">): LoggerOptions {
  return {
    level: rootLevel(config.logLevel),
    redact: ["req.headers.cookie", "req.headers.authorization"],
    // A failed query is logged without its values (e-mail addresses, tokens).
    serializers: { err: (err: Error) => stdSerializers.err(withoutQueryValues(err)) },
  };
}

const labels: Record<number, string> = {
  10: "TRACE",
  20: "DEBUG",
  30: "INFO ",
  40: "WARN ",
  50: "ERROR",
  60: "FATAL",
};
const skipped = new Set(["level", "time", "msg", "pid", "hostname", "v"]);

function show(value: unknown): string {
  if (typeof value === "string") return /[\s"=]/.test(value) ? JSON.stringify(value) : value;
  return JSON.stringify(value);
}

/** One JSON log line as a person reads it: `14:03:07 INFO  message  key=value …` (local time). */
export function prettyLine(line: string): string {
  let entry: Record<string, unknown>;
  try {
    entry = JSON.parse(line) as Record<string, unknown>;
  } catch {
    return line.endsWith("\n") ? line : `${line}\n`;
  }
  const time = typeof entry.time === "number" ? new Date(entry.time) : new Date();
  const clock = time.toTimeString().slice(0, 8);
  const label = labels[Number(entry.level)] ?? String(entry.level);
  let out = `${clock} ${label} ${typeof entry.msg === "string" ? entry.msg : ""}`;
  const err = entry.err as { stack?: string; message?: string } | undefined;
  for (const [key, value] of Object.entries(entry)) {
    if (skipped.has(key) || key === "err" || value === undefined) continue;
    // A mail's text is for reading as it is: on its own lines, indented.
    if (key === "text" && typeof value === "string") continue;
    out += `  ${key}=${show(value)}`;
  }
  if (typeof entry.text === "string") out += `\n${entry.text.replace(/^/gm, "    ")}`;
  if (err) out += `\n${(err.stack ?? err.message ?? "").replace(/^/gm, "    ")}`;
  return `${out}\n`;
}

/** A stream for pino that writes each line to `out` in the chosen format. */
export function logStream(format: LogFormat, out: Pick<Writable, "write">): { write(line: string): void } {
  return format === "json"
    ? { write: (line) => void out.write(line) }
    : { write: (line) => void out.write(prettyLine(line)) };
}
