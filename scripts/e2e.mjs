// `npm run test:e2e`: Playwright in Debian's Chromium against the app started as `npm start` starts
// it. Mail goes through a real SMTP server (smtp-server) run here, which writes each message it
// receives to E2E_MAIL_DIR for the tests to read; PayPal is the local fake of tests/support, run
// here too (E2E_PAYPAL_URL), so a member can pay through its approval page, and paysafecard's
// (E2E_PAYSAFECARD_URL), whose panel takes the PIN; so is Stripe's
// (E2E_STRIPE_URL), for the second server of playwright.config.ts whose card payments go to Stripe
// (the first keeps the demo provider that `npm start` uses). Skipped, with a message, without
// Chromium.
// First: refuse an end-of-life Node before building, migrating or writing anything.
import "./require-node.mjs";
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { SMTPServer } from "smtp-server";

const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
if (!fs.existsSync(chromium)) {
  process.stdout.write(
    `e2e: ${chromium} absent, tests de bout en bout ignorés (apt-get install chromium).\n`,
  );
  process.exit(0);
}

const mailDir = fs.mkdtempSync(path.join(os.tmpdir(), "bobine-e2e-mail-"));
let received = 0;
const smtp = new SMTPServer({
  secure: false,
  authOptional: true,
  disabledCommands: ["STARTTLS", "AUTH"],
  logger: false,
  onData(stream, _session, callback) {
    const chunks = [];
    stream.on("data", (c) => chunks.push(c));
    stream.on("end", () => {
      received += 1;
      fs.writeFileSync(path.join(mailDir, `${Date.now()}-${received}.eml`), Buffer.concat(chunks));
      callback();
    });
  },
});
await new Promise((resolve) => smtp.listen(0, "127.0.0.1", resolve));
const smtpUrl = `smtp://127.0.0.1:${smtp.server.address().port}`;

// The PayPal fake is TypeScript: loaded through tsx (the server itself runs on Node's own type
// stripping, decision 063).
const { register } = await import("tsx/esm/api");
register();
const { FakePaypal, E2E_PAYPAL_PLAN } = await import("../tests/support/fake-paypal.ts");
const paypal = await new FakePaypal().start();
paypal.plans.set(E2E_PAYPAL_PLAN.id, E2E_PAYPAL_PLAN.price);
// Stripe's fake: its hosted page delivers its signed webhooks to the Stripe server of the e2e.
const { FakeStripe } = await import("../tests/support/fake-stripe.ts");
const stripe = await new FakeStripe().start();
const stripePort = Number(process.env.E2E_STRIPE_PORT ?? 3198);
stripe.webhookUrl = `http://127.0.0.1:${stripePort}/api/payments/webhooks/stripe`;
// paysafecard's fake: its panel takes the PIN (decision 044), then notifies the server that made the payment.
const { FakePaysafecard } = await import("../tests/support/fake-paysafecard.ts");
const paysafecard = await new FakePaysafecard().start();

const child = spawn(
  process.execPath,
  ["node_modules/@playwright/test/cli.js", "test", ...process.argv.slice(2)],
  {
    stdio: "inherit",
    env: {
      ...process.env,
      SMTP_URL: smtpUrl,
      E2E_MAIL_DIR: mailDir,
      E2E_PAYPAL_URL: paypal.url,
      E2E_STRIPE_URL: stripe.url,
      E2E_STRIPE_PORT: String(stripePort),
      E2E_STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
      E2E_PAYSAFECARD_URL: paysafecard.url,
      E2E_PAYSAFECARD_KEY: paysafecard.apiKey,
    },
  },
);
const code = await new Promise((resolve) => child.on("exit", (c) => resolve(c ?? 1)));
smtp.close();
await paypal.stop();
await stripe.stop();
await paysafecard.stop();
fs.rmSync(mailDir, { recursive: true, force: true });
process.exit(code);
