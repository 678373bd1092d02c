import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { defineConfig } from "@playwright/test";
import { E2E_WALLET, FIXTURE_ADMIN } from "./tests/e2e/fixture-accounts.ts";
import { E2E_PAYPAL_PLAN, FAKE_PAYPAL } from "./tests/support/fake-paypal.ts";

// The built app started exactly as `npm start` starts it, on a fresh embedded database seeded
// with the demo catalogue, driven in Debian's Chromium (no downloaded browsers on this machine).
const port = Number(process.env.E2E_PORT ?? 3199);
const dataDir = process.env.E2E_DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), "bobine-e2e-"));
process.env.E2E_DATA_DIR = dataDir;

const stripePort = Number(process.env.E2E_STRIPE_PORT ?? 3198);
const stripeDataDir =
  process.env.E2E_STRIPE_DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), "bobine-e2e-stripe-"));
process.env.E2E_STRIPE_DATA_DIR = stripeDataDir;
// Exported to the tests: the Stripe server's address (tests/e2e/payments-stripe.spec.ts).
process.env.E2E_STRIPE_BASE_URL = `http://localhost:${stripePort}`;

/**
 * A setup step run again once when it died of a signal. On Node 24.21, V8 itself once aborted a
 * seeding process while it freed PGlite's WebAssembly code (« Check failed:
 * jit_page_->allocations_.erase(addr) == 1 », SIGABRT, 2026-11-28, one run in five): the server
 * then started on an empty catalogue and sixty tests failed. A step that ends with an error of
 * its own (a data folder seeded already) is not run again.
 */
const againIfKilled = (step: string) => `${step} || { [ $? -gt 128 ] && ${step}; }`;

const demoServer = {
  // The demo catalogue is the e2e's content; the fixture administrator (tests/e2e/fixtures.ts)
  // is added next to it: the server's own ADMIN_* bootstrap only runs while no administrator
  // exists, and the demo has one. Each step tolerates a data folder prepared by an earlier run.
  command: [
    againIfKilled("node node_modules/tsx/dist/cli.mjs scripts/db-seed.ts --demo"),
    againIfKilled(
      `node node_modules/tsx/dist/cli.mjs scripts/admin.ts create --email ${FIXTURE_ADMIN.email} --username ${FIXTURE_ADMIN.username} --password ${FIXTURE_ADMIN.password}`,
    ),
    "node scripts/start.mjs",
  ].join("; "),
  url: `http://localhost:${port}/api/health`,
  timeout: 180_000,
  reuseExistingServer: false,
  stdout: "pipe" as const,
  env: {
    PORT: String(port),
    DATA_DIR: dataDir,
    LOG_LEVEL: "warn",
    HOST: "127.0.0.1",
    // The fixtures' sign-ups say which client they come from (X-Forwarded-For), as members behind
    // a proxy would: each has its own rate-limit bucket instead of all sharing the runner's.
    TRUSTED_PROXIES: "127.0.0.1,::1",
    ADMIN_EMAIL: FIXTURE_ADMIN.email,
    ADMIN_USERNAME: FIXTURE_ADMIN.username,
    ADMIN_PASSWORD: FIXTURE_ADMIN.password,
    // PayPal is the local fake scripts/e2e.mjs runs (decision 041); card stays the demo provider's.
    ...(process.env.E2E_PAYPAL_URL
      ? {
          PAYPAL_API_URL: process.env.E2E_PAYPAL_URL,
          PAYPAL_CLIENT_ID: FAKE_PAYPAL.clientId,
          PAYPAL_CLIENT_SECRET: FAKE_PAYPAL.secret,
          PAYPAL_WEBHOOK_ID: FAKE_PAYPAL.webhookId,
          PAYPAL_PLAN_IDS: `premium_monthly=${E2E_PAYPAL_PLAN.id}`,
        }
      : {}),
    // paysafecard is its local fake too: its panel takes the PIN (decision 044).
    ...(process.env.E2E_PAYSAFECARD_URL
      ? {
          PAYSAFECARD_API_URL: process.env.E2E_PAYSAFECARD_URL,
          PAYSAFECARD_API_KEY: process.env.E2E_PAYSAFECARD_KEY ?? "",
        }
      : {}),
    // Crypto without BTCPay goes to this wallet, confirmed by an administrator (decision 051).
    CRYPTO_WALLET_ADDRESS: E2E_WALLET,
    // The media e2e transcodes a short clip: the fastest x264 preset (tests only).
    MEDIA_FFMPEG_PRESET: "ultrafast",
    // scripts/e2e.mjs runs a real SMTP server; without it mail lands in DATA_DIR/outbox.
    ...(process.env.SMTP_URL ? { SMTP_URL: process.env.SMTP_URL } : {}),
  },
};

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [["list"]],
  timeout: 30_000,
  // Lazy screens load their chunk on first use: on a loaded 2-core CI machine that alone can take
  // longer than Playwright's 5 s default, which then fails tests that are right.
  expect: { timeout: 10_000 },
  use: {
    baseURL: `http://localhost:${port}`,
    locale: "fr-FR",
    timezoneId: "Europe/Paris",
    trace: "off",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-dev-shm-usage",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        "--disable-quic",
      ],
    },
  },
  projects: [{ name: "chromium", use: { browserName: "chromium", viewport: { width: 1440, height: 900 } } }],
  webServer: [
    demoServer,
    // A second server whose card payments go to Stripe's local fake (scripts/e2e.mjs runs it and
    // points its hosted page's webhooks here): tests/e2e/payments-stripe.spec.ts.
    ...(process.env.E2E_STRIPE_URL
      ? [
          {
            ...demoServer,
            url: `http://localhost:${stripePort}/api/health`,
            env: {
              ...demoServer.env,
              PORT: String(stripePort),
              DATA_DIR: stripeDataDir,
              STRIPE_SECRET_KEY: "sk_test_bobine_e2e",
              STRIPE_WEBHOOK_SECRET: process.env.E2E_STRIPE_WEBHOOK_SECRET ?? "",
              STRIPE_API_URL: process.env.E2E_STRIPE_URL,
            },
          },
        ]
      : []),
  ],
});
