import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminAudit } from "#db/schema/admin";
import { entitlements, payments, receipts, subscriptionPlans } from "#db/schema/billing";
import { createTestApp, type TestApp } from "../harness.ts";
import { FakePaysafecard, PIN_INVALID_TEXT, PIN_INVALID_TITLE } from "../support/fake-paysafecard.ts";
import { type SignedIn, signedIn, signedInAdmin } from "../support/members.ts";

/**
 * Prepaid cards through paysafecard (docs/decisions/044-paysafecard-pin-on-the-provider.md): the
 * server creates the payment, the PIN is typed on paysafecard's panel only, notifications are
 * unsigned so the server re-reads the payment, captures it once authorised, and grants one period.
 */
let t: TestApp;
let psc: FakePaysafecard;
let premium: { id: string; priceCents: number };
beforeAll(async () => {
  psc = await new FakePaysafecard().start();
  t = await createTestApp({
    env: { PAYMENT_DEMO: "false", PAYSAFECARD_API_KEY: psc.apiKey, PAYSAFECARD_API_URL: psc.url },
  });
  const [p] = await t.database.db
    .select()
    .from(subscriptionPlans)
    .where(eq(subscriptionPlans.code, "premium_monthly"));
  premium = { id: p?.id as string, priceCents: p?.priceCents as number };
});
afterAll(async () => {
  await t?.close();
  await psc?.stop();
});

const db = () => t.database.db;

async function checkout(m: SignedIn) {
  const res = await m.call("POST", "/api/payments/checkout", {
    planId: premium.id,
    method: "paysafecard",
    waiveWithdrawal: true,
  });
  expect(res.statusCode, res.body).toBe(201);
  const page = new URL(res.json().paymentUrl, "http://bobine.local");
  return {
    paymentId: res.json().paymentId as string,
    page,
    ref: page.searchParams.get("payment_id") as string,
  };
}

/** paysafecard's notification: unsigned, naming the payment. */
const notify = (ref: string) =>
  t.app.inject({
    method: "POST",
    url: `/api/payments/webhooks/paysafecard?payment_id=${ref}`,
    headers: { "content-type": "application/json" },
    payload: JSON.stringify({ mtid: ref, eventType: "PAYMENT_CAPABLE" }),
  });
const status = async (m: SignedIn) => (await m.call("GET", "/api/subscription")).json();

describe("paysafecard", () => {
  it("creates the payment on the server with the plan's amount and opens Bobine's summary page with the panel's link", async () => {
    const m = await signedIn(t);
    const { page, ref } = await checkout(m);
    expect(page.pathname).toBe("/payment/paysafecard");
    expect(Object.fromEntries(page.searchParams)).toMatchObject({
      amount: String(premium.priceCents),
      currency: "EUR",
      plan: "Premium",
    });
    // The panel's address comes from the server, read from paysafecard, never from the page's address.
    expect(page.searchParams.has("auth_url")).toBe(false);
    const pending = (await m.call("GET", `/api/payments/verify?session_id=${ref}`)).json();
    expect(pending).toMatchObject({ status: "pending", payUrl: `${psc.url}/panel/${ref}` });
    expect(psc.payments.get(ref)).toMatchObject({
      amount: premium.priceCents / 100,
      currency: "EUR",
      customer: { id: m.id },
      status: "INITIATED",
    });
    expect(psc.payments.get(ref)?.notification_url).toBe(
      `${t.config.publicUrl}/api/payments/webhooks/paysafecard?payment_id=${ref}`,
    );
  });

  it("the panel takes only a 16-digit PIN, with the spec's texts", async () => {
    const m = await signedIn(t);
    const { ref } = await checkout(m);
    const short = await fetch(`${psc.url}/panel/${ref}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "pin=123456789012345",
      redirect: "manual",
    });
    expect(short.status).toBe(400);
    const html = await short.text();
    expect(html).toContain(PIN_INVALID_TITLE);
    expect(html).toContain(PIN_INVALID_TEXT);
    expect(psc.payments.get(ref)?.status).toBe("INITIATED");
    const ok = await fetch(`${psc.url}/panel/${ref}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "pin=0000111122223333",
      redirect: "manual",
    });
    expect(ok.status).toBe(302);
    expect(psc.payments.get(ref)?.status).toBe("AUTHORIZED");
  });

  it("a notification before the PIN changes nothing; after it, the server captures and grants one prepaid month", async () => {
    const m = await signedIn(t);
    const { ref, paymentId } = await checkout(m);
    expect((await notify(ref)).statusCode).toBe(200);
    expect((await status(m)).state).toBe("none");
    psc.authorize(ref);
    const answers = await Promise.all([1, 2, 3].map(() => notify(ref)));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    expect(psc.captures.filter((c) => c === ref)).toHaveLength(1);
    const s = await status(m);
    expect(s).toMatchObject({ state: "active", planCode: "premium_monthly", agreement: null });
    const rows = await db().select().from(entitlements).where(eq(entitlements.userId, m.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ source: "paysafecard", providerRef: ref });
    expect((await db().select().from(payments).where(eq(payments.id, paymentId)))[0]?.status).toBe("paid");
    expect(await db().select().from(receipts).where(eq(receipts.userId, m.id))).toHaveLength(1);
    // The Prepaid-card page follows the payment through the same verification.
    expect((await m.call("GET", `/api/payments/verify?session_id=${ref}`)).json().status).toBe("paid");
  });

  it("an administrator's refund is made from paysafecard's merchant panel: Bobine asks paysafecard nothing, ends the access and says so in the ledger and the journal", async () => {
    const m = await signedIn(t);
    const admin = await signedInAdmin(t);
    const { ref, paymentId } = await checkout(m);
    psc.authorize(ref);
    expect((await notify(ref)).statusCode).toBe(200);
    expect((await status(m)).state).toBe("active");
    const ledger = (await admin.call("GET", "/api/admin/payments")).json();
    expect(ledger.payments.find((p: { id: string }) => p.id === paymentId)).toMatchObject({
      provider: "paysafecard",
      status: "paid",
      refundByHand: true,
    });
    const refunded = await admin.call("POST", `/api/admin/payments/${paymentId}/refund`);
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect((await status(m)).state).not.toBe("active");
    const [line] = await db()
      .select()
      .from(adminAudit)
      .where(and(eq(adminAudit.action, "payment.refund"), eq(adminAudit.targetId, paymentId)));
    expect(line?.summary).toMatchObject({ after: { status: "refunded", byHand: true } });
  });

  it("an expired payment ends failed, with no access", async () => {
    const m = await signedIn(t);
    const { ref } = await checkout(m);
    psc.expire(ref);
    expect((await notify(ref)).statusCode).toBe(200);
    expect((await m.call("GET", `/api/payments/verify?session_id=${ref}`)).json().status).toBe("failed");
    expect((await status(m)).state).toBe("none");
  });

  it("a different amount is not activated", async () => {
    const m = await signedIn(t);
    const { ref, paymentId } = await checkout(m);
    const p = psc.payments.get(ref);
    if (p) p.amount = 0.5;
    psc.authorize(ref);
    expect((await notify(ref)).statusCode).toBe(200);
    expect((await status(m)).state).toBe("none");
    expect((await db().select().from(payments).where(eq(payments.id, paymentId)))[0]?.failureReason).toMatch(
      /^amount_mismatch/,
    );
  });

  it("a notification naming no payment is refused with 400; one naming a payment Bobine does not know is kept", async () => {
    expect(
      (
        await t.app.inject({
          method: "POST",
          url: "/api/payments/webhooks/paysafecard",
          headers: { "content-type": "application/json" },
          payload: "{}",
        })
      ).statusCode,
    ).toBe(400);
    const other = await fetch(`${psc.url}/v1/payments`, {
      method: "POST",
      headers: {
        authorization: `Basic ${Buffer.from(psc.apiKey).toString("base64")}`,
        "content-type": "application/json",
      },
      body: JSON.stringify({
        amount: "1.00",
        currency: "EUR",
        customer: { id: "someone" },
        redirect: { success_url: "x", failure_url: "x" },
        notification_url: "x",
      }),
    }).then((r) => r.json() as Promise<{ id: string }>);
    expect((await notify(other.id)).statusCode).toBe(200);
  });
});
