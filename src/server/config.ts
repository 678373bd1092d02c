import path from "node:path";
import { z } from "zod";

/**
 * The only module that reads process.env (ARCHITECTURE rule 9). Every setting has a default
 * that works on a laptop; each one is listed in .env.example and the README's table.
 */
const bool = z
  .enum(["true", "false", "1", "0", "yes", "no"])
  .transform((v) => v === "true" || v === "1" || v === "yes");

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  HOST: z.string().min(1).default("0.0.0.0"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  APP_NAME: z.string().min(1).max(60).default("Bobine"),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
  SEED_DEMO: z.enum(["auto", "true", "false"]).default("auto"),
  DEMO_PASSWORD: z.string().min(8).max(128).default("bobine-demo-2026"),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  TRUSTED_PROXIES: z.string().default(""),
  DESKTOP_UA_MARKER: z.string().min(1).default("BobineDesktop"),
  SERVE_WEB: bool.default(true),
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  MAIL_FROM: z.string().min(3).optional(),
  PASSWORD_MIN_LENGTH: z.coerce.number().int().min(6).max(64).default(8),
  SESSION_MAX_AGE_DAYS: z.coerce.number().int().min(1).max(30).default(30),
  PROTECTED_ACCOUNTS: z.string().default(""),
  ADMIN_EMAIL: z.email().optional(),
  ADMIN_USERNAME: z.string().min(3).max(30).optional(),
  ADMIN_PASSWORD: z.string().min(8).max(128).optional(),
  STREAM_SECRET: z.string().min(32).optional(),
  STREAM_TICKET_MINUTES: z.coerce.number().int().min(1).max(60).default(10),
  STREAM_LEASE_SECONDS: z.coerce.number().int().min(45).max(600).default(90),
  STREAM_OFFLOAD: z.enum(["none", "x-accel"]).default("none"),
  STREAM_OFFLOAD_PREFIX: z
    .string()
    .regex(/^\/[A-Za-z0-9/_-]*\/$/)
    .default("/protected-media/"),
  PLAYER_GUARD: z.enum(["on", "off"]).default("on"),
});

export type Env = z.input<typeof envSchema>;

export interface Config {
  env: "development" | "production" | "test";
  host: string;
  port: number;
  publicUrl: string;
  appName: string;
  dataDir: string;
  mediaDir: string;
  databaseUrl: string | undefined;
  databasePoolMax: number;
  /** auto: seed the demo catalogue on an empty embedded database, never on PostgreSQL. */
  seedDemo: "auto" | "true" | "false";
  demoPassword: string;
  logLevel: string;
  /** Addresses or CIDR ranges of reverse proxies whose X-Forwarded-* headers are trusted. */
  trustProxy: string[];
  desktopUaMarker: string;
  serveWeb: boolean;
  /** smtp(s)://user:pass@host:port; absent means mail is written to DATA_DIR/outbox and logged. */
  smtpUrl: string | undefined;
  mailFrom: string;
  outboxDir: string;
  passwordMinLength: number;
  /** Absolute session lifetime (ARCHITECTURE: ≤ 30 days). */
  sessionMaxAgeDays: number;
  /** Usernames or e-mails that cannot be deleted, demoted or gifted (spec §2 Admin). */
  protectedAccounts: string[];
  /** First administrator created at start when no administrator exists. */
  bootstrapAdmin: { email: string; username: string; password: string } | undefined;
  /** Stream tickets, leases and offload (docs/decisions/006-stream.md). */
  stream: {
    /** HMAC key of the tickets; absent: generated once and kept in the database. */
    secret: string | undefined;
    ticketMinutes: number;
    /** A lease without heartbeat for this long is free (the player beats every third of it). */
    leaseSeconds: number;
    /** x-accel: Bobine authorises, nginx sends the bytes via X-Accel-Redirect. */
    offload: "none" | "x-accel";
    offloadPrefix: string;
  };
  /** spec §4/§9 player security guard (dev-tools heuristic, blocked shortcuts); "off" removes it. */
  playerGuard: boolean;
  version: string;
}

export class ConfigError extends Error {}

export function loadConfig(env: Record<string, string | undefined> = process.env, version = "0.1.0"): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new ConfigError(`Configuration invalide :\n${lines.join("\n")}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ""),
    appName: e.APP_NAME,
    dataDir,
    mediaDir: path.join(dataDir, "media"),
    databaseUrl: e.DATABASE_URL,
    databasePoolMax: e.DATABASE_POOL_MAX,
    seedDemo: e.SEED_DEMO,
    demoPassword: e.DEMO_PASSWORD,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUSTED_PROXIES.split(",")
      .map((s) => s.trim())
      .filter(Boolean),
    desktopUaMarker: e.DESKTOP_UA_MARKER,
    serveWeb: e.SERVE_WEB,
    smtpUrl: e.SMTP_URL,
    mailFrom:
      e.MAIL_FROM ?? `${e.APP_NAME} <no-reply@${new URL(e.PUBLIC_URL ?? "http://localhost").hostname}>`,
    outboxDir: path.join(dataDir, "outbox"),
    passwordMinLength: e.PASSWORD_MIN_LENGTH,
    sessionMaxAgeDays: e.SESSION_MAX_AGE_DAYS,
    protectedAccounts: e.PROTECTED_ACCOUNTS.split(",")
      .map((s) => s.trim().toLowerCase())
      .filter(Boolean),
    bootstrapAdmin:
      e.ADMIN_EMAIL && e.ADMIN_USERNAME && e.ADMIN_PASSWORD
        ? { email: e.ADMIN_EMAIL, username: e.ADMIN_USERNAME, password: e.ADMIN_PASSWORD }
        : undefined,
    stream: {
      secret: e.STREAM_SECRET,
      ticketMinutes: e.STREAM_TICKET_MINUTES,
      leaseSeconds: e.STREAM_LEASE_SECONDS,
      offload: e.STREAM_OFFLOAD,
      offloadPrefix: e.STREAM_OFFLOAD_PREFIX,
    },
    playerGuard: e.PLAYER_GUARD === "on",
    version,
  };
}
