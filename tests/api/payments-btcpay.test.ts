import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { billingMessages } from "#contract/billing";
import { entitlements, subscriptionPlans } from "#db/schema/billing";
import { createTestApp, type TestApp } from "../harness.ts";
import { FakeBtcpay } from "../support/fake-btcpay.ts";
import { type SignedIn, signedIn } from "../support/members.ts";

/**
 * Crypto through a BTCPay Server (Greenfield API) against a local fake: an invoice for the plan's
 * fiat amount, webhooks signed BTCPay-Sig, redeliveries deduplicated, a settled invoice buys one
 * prepaid period (docs/decisions/041-payment-providers.md).
 */
let t: TestApp;
let btc: FakeBtcpay;
let premium: { id: string; priceCents: number };
beforeAll(async () => {
  btc = await new FakeBtcpay().start();
  t = await createTestApp({
    env: {
      PAYMENT_DEMO: "false",
      BTCPAY_URL: btc.url,
      BTCPAY_STORE_ID: btc.storeId,
      BTCPAY_API_KEY: btc.apiKey,
      BTCPAY_WEBHOOK_SECRET: btc.webhookSecret,
    },
  });
  const [p] = await t.database.db
    .select()
    .from(subscriptionPlans)
    .where(eq(subscriptionPlans.code, "premium_monthly"));
  premium = { id: p?.id as string, priceCents: p?.priceCents as number };
});
afterAll(async () => {
  await t?.close();
  await btc?.stop();
});

async function checkout(m: SignedIn) {
  const res = await m.call("POST", "/api/payments/checkout", {
    planId: premium.id,
    method: "crypto",
    waiveWithdrawal: true,
  });
  expect(res.statusCode, res.body).toBe(201);
  const id = new URL(res.json().paymentUrl).pathname.split("/").pop() as string;
  return { id, paymentUrl: res.json().paymentUrl as string };
}
const deliver = (body: string, signature?: string) =>
  t.app.inject({
    method: "POST",
    url: "/api/payments/webhooks/btcpay",
    headers: { "content-type": "application/json", ...(signature ? { "btcpay-sig": signature } : {}) },
    payload: body,
  });
const state = async (m: SignedIn) => (await m.call("GET", "/api/subscription")).json();
const periods = (userId: string) =>
  t.database.db.select().from(entitlements).where(eq(entitlements.userId, userId));

describe("BTCPay", () => {
  it("an invoice for the plan's fiat amount; settled, one prepaid month; a redelivery has no second effect", async () => {
    const m = await signedIn(t);
    const { id, paymentUrl } = await checkout(m);
    expect(paymentUrl).toBe(`${btc.url}/i/${id}`);
    expect(btc.invoices.get(id)).toMatchObject({
      amount: (premium.priceCents / 100).toFixed(2),
      currency: "EUR",
      metadata: { buyerId: m.id },
    });
    const early = btc.delivery(id, "InvoiceReceivedPayment");
    expect((await deliver(early.body, early.signature)).statusCode).toBe(200);
    expect((await state(m)).state).toBe("none");
    const invoice = btc.invoices.get(id);
    if (invoice) invoice.status = "Settled";
    const settled = btc.delivery(id, "InvoiceSettled");
    const again = btc.delivery(id, "InvoiceSettled", settled.deliveryId);
    const answers = await Promise.all([
      deliver(settled.body, settled.signature),
      deliver(again.body, again.signature),
      deliver(settled.body, settled.signature),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    expect(await state(m)).toMatchObject({ state: "active", planCode: "premium_monthly", agreement: null });
    expect(await periods(m.id)).toHaveLength(1);
  });

  it("a bad or missing BTCPay-Sig is a 400 and changes nothing", async () => {
    const m = await signedIn(t);
    const { id } = await checkout(m);
    const invoice = btc.invoices.get(id);
    if (invoice) invoice.status = "Settled";
    const settled = btc.delivery(id, "InvoiceSettled");
    for (const sig of [undefined, btc.sign(settled.body, "another-secret"), "sha256=00"]) {
      const res = await deliver(settled.body, sig);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(billingMessages.badSignature);
    }
    expect(await periods(m.id)).toHaveLength(0);
  });

  it("an expired invoice ends failed with no access", async () => {
    const m = await signedIn(t);
    const { id } = await checkout(m);
    const invoice = btc.invoices.get(id);
    if (invoice) invoice.status = "Expired";
    const expired = btc.delivery(id, "InvoiceExpired");
    expect((await deliver(expired.body, expired.signature)).statusCode).toBe(200);
    expect((await m.call("GET", `/api/payments/verify?session_id=${id}`)).json().status).toBe("failed");
    expect((await state(m)).state).toBe("none");
  });
});
