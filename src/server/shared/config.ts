import path from "node:path";
import { z } from "zod";
import { operatorMessages } from "#contract/operator";

/**
 * The only module that reads process.env (ARCHITECTURE rule 9). Every setting has a default
 * that works on a laptop; each one is listed in .env.example and the README's table.
 */
// The configuration's errors are read by the person who runs Bobine: French, like the rest.
z.config(z.locales.fr());

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
  LOG_FORMAT: z.enum(["auto", "pretty", "json"]).default("auto"),
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
  STREAM_RECHECK_SECONDS: z.coerce.number().int().min(0).max(30).default(5),
  STREAM_OFFLOAD: z.enum(["none", "x-accel"]).default("none"),
  STREAM_OFFLOAD_PREFIX: z
    .string()
    .regex(/^\/[A-Za-z0-9/_-]*\/$/)
    .default("/protected-media/"),
  PLAYER_GUARD: z.enum(["on", "off"]).default("on"),
  JOBS_IN_PROCESS: bool.default(true),
  JOBS_POLL_SECONDS: z.coerce.number().min(0.5).max(60).default(2),
  REQUEST_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  CONNECTION_TIMEOUT_SECONDS: z.coerce.number().int().min(30).max(3600).default(120),
  // Faults: how long a request may wait on the database, how long the start waits for it, and
  // the free disk space below which /api/health/ready says "not ready".
  DATABASE_TIMEOUT_SECONDS: z.coerce.number().min(0.5).max(300).default(5),
  DATABASE_START_TIMEOUT_SECONDS: z.coerce.number().min(0).max(3600).default(60),
  READY_MIN_FREE_DISK_MB: z.coerce.number().int().min(0).max(1_000_000).default(100),
  // The media pipeline (decision 025, docs/decisions/025-media-pipeline.md).
  MEDIA_UPLOAD_MAX_MB: z.coerce.number().int().min(1).max(10_000_000).default(50_000),
  MEDIA_WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(1),
  MEDIA_FFMPEG_THREADS: z.coerce.number().int().min(0).max(64).default(0),
  MEDIA_FFMPEG_PRESET: z
    .enum(["ultrafast", "superfast", "veryfast", "faster", "fast", "medium", "slow"])
    .default("veryfast"),
  MEDIA_KEEP_ORIGINAL: bool.default(true),
  MEDIA_LADDER: z.enum(["progressive", "single"]).default("progressive"),
  FFMPEG_PATH: z.string().min(1).default("ffmpeg"),
  FFPROBE_PATH: z.string().min(1).default("ffprobe"),
  // S3-compatible object storage (docs/decisions/027-s3-media-store.md): set S3_BUCKET to use it.
  S3_BUCKET: z.string().min(3).max(63).optional(),
  S3_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
  S3_REGION: z.string().min(1).default("us-east-1"),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: bool.default(true),
  S3_DELIVERY: z.enum(["proxy", "presigned"]).default("proxy"),
  S3_PRESIGN_SECONDS: z.coerce.number().int().min(30).max(3600).default(300),
  // The outgoing content webhook (spec §7 discord-webhook; decision 015): where, and the first retry's wait.
  CONTENT_WEBHOOK_URL: z.url({ protocol: /^https?$/ }).optional(),
  CONTENT_WEBHOOK_RETRY_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  // Payments (decision 041, docs/decisions/041-payment-providers.md, 042-demo-provider.md).
  PAYMENT_DEMO: z.enum(["auto", "true", "false"]).default("auto"),
  STRIPE_SECRET_KEY: z.string().min(8).optional(),
  STRIPE_WEBHOOK_SECRET: z.string().min(8).optional(),
  /** Another Stripe API address (a local fake in tests): http(s)://host:port. */
  STRIPE_API_URL: z.url({ protocol: /^https?$/ }).optional(),
  PAYPAL_CLIENT_ID: z.string().min(8).optional(),
  PAYPAL_CLIENT_SECRET: z.string().min(8).optional(),
  PAYPAL_WEBHOOK_ID: z.string().min(4).optional(),
  PAYPAL_API_URL: z.url({ protocol: /^https?$/ }).default("https://api-m.paypal.com"),
  /** Bobine plan code = PayPal plan id, comma-separated (monthly plans). */
  PAYPAL_PLAN_IDS: z.string().default(""),
  BTCPAY_URL: z.url({ protocol: /^https?$/ }).optional(),
  BTCPAY_STORE_ID: z.string().min(4).optional(),
  BTCPAY_API_KEY: z.string().min(8).optional(),
  BTCPAY_WEBHOOK_SECRET: z.string().min(8).optional(),
  /**
   * The crypto fallback without BTCPay (decision 051): the operator's wallet address, shown to the
   * member, and the network it is on; an administrator confirms each payment by its transaction.
   */
  CRYPTO_WALLET_ADDRESS: z
    .string()
    .regex(/^[A-Za-z0-9:._-]{16,128}$/)
    .optional(),
  CRYPTO_WALLET_NETWORK: z.string().min(2).max(40).default("Bitcoin"),
  PAYSAFECARD_API_KEY: z.string().min(8).optional(),
  PAYSAFECARD_API_URL: z.url({ protocol: /^https?$/ }).default("https://api.paysafecard.com"),
  BILLING_SELLER_NAME: z.string().min(1).max(200).optional(),
  BILLING_SELLER_ADDRESS: z.string().min(1).max(500).optional(),
  BILLING_VAT_NUMBER: z.string().min(1).max(40).optional(),
  BILLING_VAT_RATE: z.coerce.number().min(0).max(100).default(20),
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
  logLevel: "fatal" | "error" | "warn" | "info" | "debug" | "trace" | "silent";
  /** auto: readable lines on a terminal, JSON lines otherwise. */
  logFormat: "auto" | "pretty" | "json";
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
    /**
     * How long a process trusts its last check that a ticket's lease still serves its client
     * (range requests in between read nothing); ends announced by NOTIFY are heard sooner.
     */
    recheckSeconds: number;
    /** x-accel: Bobine authorises, nginx sends the bytes via X-Accel-Redirect. */
    offload: "none" | "x-accel";
    offloadPrefix: string;
  };
  /** spec §4/§9 player security guard (dev-tools heuristic, blocked shortcuts); "off" removes it. */
  playerGuard: boolean;
  /** Background jobs (docs/decisions/011-jobs.md). */
  jobs: {
    /** true: this process also works the queues; false: it only enqueues (`npm run worker` works them). */
    inProcess: boolean;
    /** How often an idle worker looks for new jobs (a job sent by this process wakes it at once). */
    pollSeconds: number;
  };
  /** How long a client may hold a connection without finishing its request or saying anything. */
  http: {
    /** The whole request, headers and body, must arrive within this; then 408. Uploads come in resumable chunks. */
    requestTimeoutSeconds: number;
    /** A connection with nothing read nor written for this long is closed. */
    connectionTimeoutSeconds: number;
  };
  /** Faults (ARCHITECTURE rule 13, decision 014): bounds on waiting for the database, and what "ready" requires. */
  faults: {
    /** A request never waits on the database longer than this (then a French 503). */
    databaseTimeoutMs: number;
    /** At start, how long to wait for an unreachable database before giving up. */
    databaseStartTimeoutMs: number;
    /** Free space in DATA_DIR below which the server is not ready. */
    minFreeDiskBytes: number;
  };
  /** The media pipeline: uploads, transcoding (docs/decisions/025-media-pipeline.md). */
  media: {
    uploadMaxBytes: number;
    /** Where tus keeps uploads in progress (local disk, also with S3). */
    uploadDir: string;
    /** Transcoding jobs one process runs at once. */
    workerConcurrency: number;
    /** ffmpeg's -threads (0: ffmpeg decides). */
    ffmpegThreads: number;
    /** x264 preset (veryfast by default; tests use ultrafast). */
    ffmpegPreset: string;
    keepOriginal: boolean;
    /** How the ladder is made: one job per rung, low first, or every rung from one decode. */
    ladder: "progressive" | "single";
    ffmpegPath: string;
    ffprobePath: string;
  };
  /** S3-compatible media store (absent: the folder DATA_DIR/media). */
  s3:
    | {
        bucket: string;
        endpoint: string | undefined;
        region: string;
        accessKeyId: string | undefined;
        secretAccessKey: string | undefined;
        forcePathStyle: boolean;
        /** proxy: Bobine streams the bytes; presigned: it redirects to a short-lived signed URL. */
        delivery: "proxy" | "presigned";
        presignSeconds: number;
      }
    | undefined;
  /**
   * spec §7 discord-webhook: a new film, series or episode is POSTed here (a Discord-compatible
   * body) by a background job, retried with backoff. Absent: nothing is sent. Being the operator's
   * own setting, it may name a private or loopback address (a chat server on the same network).
   */
  contentWebhook: { url: string | undefined; retrySeconds: number };
  /** Payments (docs/decisions/041-payment-providers.md). */
  billing: {
    /** The demo provider stands in for every method whose provider is not configured. */
    demo: boolean;
    stripe: { secretKey: string; webhookSecret: string; apiUrl: string | undefined } | undefined;
    paysafecard: { apiKey: string; apiUrl: string } | undefined;
    btcpay: { url: string; storeId: string; apiKey: string; webhookSecret: string } | undefined;
    /** The crypto fallback when BTCPay is not configured: confirmed by an administrator (decision 051). */
    wallet: { address: string; network: string } | undefined;
    paypal:
      | {
          clientId: string;
          secret: string;
          webhookId: string;
          apiUrl: string;
          planIds: Record<string, string>;
        }
      | undefined;
    /** Seller details printed on receipts. */
    seller: { name: string; address: string | undefined; vatNumber: string | undefined; vatRate: number };
  };
  version: string;
}

export class ConfigError extends Error {}

export function loadConfig(env: Record<string, string | undefined> = process.env, version = "0.1.0"): Config {
  // An empty value (`DATABASE_URL=` in an env file) means "not set": the default applies.
  const given = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ""));
  const parsed = envSchema.safeParse(given);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new ConfigError(operatorMessages.configInvalid(lines));
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
    logFormat: e.LOG_FORMAT,
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
      recheckSeconds: e.STREAM_RECHECK_SECONDS,
      offload: e.STREAM_OFFLOAD,
      offloadPrefix: e.STREAM_OFFLOAD_PREFIX,
    },
    playerGuard: e.PLAYER_GUARD === "on",
    jobs: { inProcess: e.JOBS_IN_PROCESS, pollSeconds: e.JOBS_POLL_SECONDS },
    http: {
      requestTimeoutSeconds: e.REQUEST_TIMEOUT_SECONDS,
      connectionTimeoutSeconds: e.CONNECTION_TIMEOUT_SECONDS,
    },
    faults: {
      databaseTimeoutMs: Math.round(e.DATABASE_TIMEOUT_SECONDS * 1000),
      databaseStartTimeoutMs: Math.round(e.DATABASE_START_TIMEOUT_SECONDS * 1000),
      minFreeDiskBytes: e.READY_MIN_FREE_DISK_MB * 1024 * 1024,
    },
    media: {
      uploadMaxBytes: e.MEDIA_UPLOAD_MAX_MB * 1024 * 1024,
      uploadDir: path.join(dataDir, "uploads"),
      workerConcurrency: e.MEDIA_WORKER_CONCURRENCY,
      ffmpegThreads: e.MEDIA_FFMPEG_THREADS,
      ffmpegPreset: e.MEDIA_FFMPEG_PRESET,
      keepOriginal: e.MEDIA_KEEP_ORIGINAL,
      /**
       * progressive: one job per rung, the low one first (watchable soonest, PeerTube's order);
       * single: every rung from one decode (the ladder sooner, watchable only once it is whole).
       */
      ladder: e.MEDIA_LADDER,
      ffmpegPath: e.FFMPEG_PATH,
      ffprobePath: e.FFPROBE_PATH,
    },
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          endpoint: e.S3_ENDPOINT,
          region: e.S3_REGION,
          accessKeyId: e.S3_ACCESS_KEY_ID,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY,
          forcePathStyle: e.S3_FORCE_PATH_STYLE,
          delivery: e.S3_DELIVERY,
          presignSeconds: e.S3_PRESIGN_SECONDS,
        }
      : undefined,
    contentWebhook: { url: e.CONTENT_WEBHOOK_URL, retrySeconds: e.CONTENT_WEBHOOK_RETRY_SECONDS },
    billing: {
      // auto: on with the embedded database (a laptop, `npm start` alone), off on PostgreSQL (a
      // real deployment must not sell access for a test card).
      demo: e.PAYMENT_DEMO === "true" || (e.PAYMENT_DEMO === "auto" && !e.DATABASE_URL),
      stripe:
        e.STRIPE_SECRET_KEY && e.STRIPE_WEBHOOK_SECRET
          ? {
              secretKey: e.STRIPE_SECRET_KEY,
              webhookSecret: e.STRIPE_WEBHOOK_SECRET,
              apiUrl: e.STRIPE_API_URL,
            }
          : undefined,
      paypal:
        e.PAYPAL_CLIENT_ID && e.PAYPAL_CLIENT_SECRET && e.PAYPAL_WEBHOOK_ID
          ? {
              clientId: e.PAYPAL_CLIENT_ID,
              secret: e.PAYPAL_CLIENT_SECRET,
              webhookId: e.PAYPAL_WEBHOOK_ID,
              apiUrl: e.PAYPAL_API_URL.replace(/\/+$/, ""),
              planIds: Object.fromEntries(
                e.PAYPAL_PLAN_IDS.split(",")
                  .map((pair) => pair.split("=").map((x) => x.trim()))
                  .filter(
                    (pair): pair is [string, string] => pair.length === 2 && pair[0] !== "" && pair[1] !== "",
                  ),
              ),
            }
          : undefined,
      btcpay:
        e.BTCPAY_URL && e.BTCPAY_STORE_ID && e.BTCPAY_API_KEY && e.BTCPAY_WEBHOOK_SECRET
          ? {
              url: e.BTCPAY_URL.replace(/\/+$/, ""),
              storeId: e.BTCPAY_STORE_ID,
              apiKey: e.BTCPAY_API_KEY,
              webhookSecret: e.BTCPAY_WEBHOOK_SECRET,
            }
          : undefined,
      wallet: e.CRYPTO_WALLET_ADDRESS
        ? { address: e.CRYPTO_WALLET_ADDRESS, network: e.CRYPTO_WALLET_NETWORK }
        : undefined,
      paysafecard: e.PAYSAFECARD_API_KEY
        ? { apiKey: e.PAYSAFECARD_API_KEY, apiUrl: e.PAYSAFECARD_API_URL.replace(/\/+$/, "") }
        : undefined,
      seller: {
        name: e.BILLING_SELLER_NAME ?? e.APP_NAME,
        address: e.BILLING_SELLER_ADDRESS,
        vatNumber: e.BILLING_VAT_NUMBER,
        vatRate: e.BILLING_VAT_RATE,
      },
    },
    version,
  };
}
