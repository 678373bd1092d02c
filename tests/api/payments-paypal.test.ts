import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { billingMessages } from "#contract/billing";
import { entitlements, paymentEvents, payments, receipts, subscriptionPlans } from "#db/schema/billing";
import { createTestApp, type TestApp } from "../harness.ts";
import { FakePaypal } from "../support/fake-paypal.ts";
import { type SignedIn, signedIn, signedInAdmin } from "../support/members.ts";

/**
 * PayPal through a thin client against a local fake (docs/decisions/041-payment-providers.md):
 * Orders v2 captured by the server for lifetime, Subscriptions v1 for monthly plans, webhooks
 * verified by PayPal's own verify call, events re-read and applied once.
 */
let t: TestApp;
let paypal: FakePaypal;
let premium: { id: string; priceCents: number };
let lifetime: { id: string; priceCents: number };
beforeAll(async () => {
  paypal = await new FakePaypal().start();
  paypal.plans.set("P-PREMIUM", { value: "13.99", currency_code: "EUR" });
  t = await createTestApp({
    env: {
      PAYMENT_DEMO: "false",
      PAYPAL_CLIENT_ID: paypal.clientId,
      PAYPAL_CLIENT_SECRET: paypal.secret,
      PAYPAL_WEBHOOK_ID: paypal.webhookId,
      PAYPAL_API_URL: paypal.url,
      PAYPAL_PLAN_IDS: "premium_monthly=P-PREMIUM",
    },
  });
  const plans = await t.database.db.select().from(subscriptionPlans);
  const pick = (code: string) => {
    const p = plans.find((x) => x.code === code);
    return { id: p?.id as string, priceCents: p?.priceCents as number };
  };
  premium = pick("premium_monthly");
  lifetime = pick("lifetime");
});
afterAll(async () => {
  await t?.close();
  await paypal?.stop();
});

const db = () => t.database.db;
async function checkout(m: SignedIn, planId: string) {
  const res = await m.call("POST", "/api/payments/checkout", {
    planId,
    method: "paypal",
    waiveWithdrawal: true,
  });
  expect(res.statusCode, res.body).toBe(201);
  const url = new URL(res.json().paymentUrl);
  return { ref: url.pathname.split("/").pop() as string, url, planName: res.json().planName as string };
}
const deliver = (event: Record<string, unknown>, headers: Record<string, string>) =>
  t.app.inject({
    method: "POST",
    url: "/api/payments/webhooks/paypal",
    headers: { "content-type": "application/json", ...headers },
    payload: JSON.stringify(event),
  });
const state = async (m: SignedIn) => (await m.call("GET", "/api/subscription")).json();

describe("PayPal", () => {
  it("lifetime: an order for the plan's price; approved on PayPal, the server captures it once and grants access for life", async () => {
    const m = await signedIn(t);
    const { ref, url, planName } = await checkout(m, lifetime.id);
    expect(url.origin).toBe(paypal.url);
    expect(planName).toBe("À vie");
    const unit = ((paypal.orders.get(ref)?.purchase_units ?? []) as Record<string, unknown>[])[0];
    expect(unit?.amount).toEqual({ currency_code: "EUR", value: (lifetime.priceCents / 100).toFixed(2) });
    paypal.approve(ref);
    const event = paypal.event("CHECKOUT.ORDER.APPROVED", paypal.orders.get(ref) ?? {});
    const answers = await Promise.all([1, 2, 3].map(() => deliver(event, paypal.headers(event))));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    expect(paypal.captures.filter((c) => c === ref)).toHaveLength(1);
    expect(await state(m)).toMatchObject({ state: "active", planCode: "lifetime", endsAt: null });
    expect(await db().select().from(receipts).where(eq(receipts.userId, m.id))).toHaveLength(1);
  });

  it("monthly: a PayPal subscription; the success page verifies it with PayPal, and cancelling calls PayPal", async () => {
    const m = await signedIn(t);
    const { ref } = await checkout(m, premium.id);
    expect(ref.startsWith("I-")).toBe(true);
    expect((await m.call("GET", `/api/payments/verify?session_id=${ref}`)).json().status).toBe("pending");
    paypal.approve(ref);
    expect((await m.call("GET", `/api/payments/verify?session_id=${ref}`)).json()).toMatchObject({
      status: "paid",
      provider: "paypal",
      method: "paypal",
    });
    const active = await state(m);
    expect(active).toMatchObject({
      state: "active",
      agreement: { provider: "paypal", cancelAtPeriodEnd: false },
    });
    const cancelled = await m.call("POST", "/api/subscription/cancel");
    expect(cancelled.statusCode).toBe(200);
    expect(paypal.subscriptions.get(ref)?.status).toBe("CANCELLED");
    expect(cancelled.json()).toMatchObject({
      state: "active",
      agreement: { cancelAtPeriodEnd: true, periodEnd: active.agreement.periodEnd },
    });
    // PayPal cannot resume a cancelled subscription: said in French, nothing changes.
    const resumed = await m.call("POST", "/api/subscription/resume");
    expect(resumed.statusCode).toBe(409);
    expect(resumed.json().message).toBe(billingMessages.resumeUnsupported);
    expect(await db().select().from(entitlements).where(eq(entitlements.userId, m.id))).toHaveLength(1);
  });

  it("an administrator refunds a lifetime order: PayPal refunds its capture once, and the access ends", async () => {
    const m = await signedIn(t);
    const admin = await signedInAdmin(t);
    const { ref } = await checkout(m, lifetime.id);
    paypal.approve(ref);
    expect((await m.call("GET", `/api/payments/verify?session_id=${ref}`)).json().status).toBe("paid");
    const [payment] = await db().select().from(payments).where(eq(payments.providerRef, ref));
    const refunded = await admin.call("POST", `/api/admin/payments/${payment?.id}/refund`);
    expect(refunded.statusCode, refunded.body).toBe(200);
    const unit = (
      (paypal.orders.get(ref)?.purchase_units ?? []) as { payments?: { captures?: { id: string }[] } }[]
    )[0];
    const capture = unit?.payments?.captures?.[0]?.id as string;
    expect(paypal.refunds.get(capture)?.requestId).toBe(`refund-${capture}`);
    expect((await state(m)).state).not.toBe("active");
    const again = await admin.call("POST", `/api/admin/payments/${payment?.id}/refund`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(billingMessages.notRefundable);
    expect(paypal.refunds.size).toBeGreaterThanOrEqual(1);
  });

  it("an administrator refunds a monthly payment: its latest PayPal payment is refunded, the subscription cancelled there, and the access ends", async () => {
    const m = await signedIn(t);
    const admin = await signedInAdmin(t);
    const { ref } = await checkout(m, premium.id);
    paypal.approve(ref);
    expect((await m.call("GET", `/api/payments/verify?session_id=${ref}`)).json().status).toBe("paid");
    const [payment] = await db().select().from(payments).where(eq(payments.providerRef, ref));
    const refunded = await admin.call("POST", `/api/admin/payments/${payment?.id}/refund`);
    expect(refunded.statusCode, refunded.body).toBe(200);
    const [sale] = (paypal.subscriptions.get(ref)?.transactions ?? []) as { id: string }[];
    expect(paypal.refunds.has(sale?.id as string)).toBe(true);
    expect(paypal.subscriptions.get(ref)?.status).toBe("CANCELLED");
    const after = await state(m);
    expect(after.state).not.toBe("active");
    expect(after.agreement).toBeNull();
  });

  it("monthly renewals: each new PayPal payment extends access once, to PayPal's next billing; the first payment's own webhook grants nothing more", async () => {
    const m = await signedIn(t);
    const { ref } = await checkout(m, premium.id);
    paypal.approve(ref);
    expect((await m.call("GET", `/api/payments/verify?session_id=${ref}`)).json().status).toBe("paid");
    const [first] = (paypal.subscriptions.get(ref)?.transactions ?? []) as { id: string }[];
    const firstSale = paypal.sales.get(first?.id as string) ?? {};
    const firstEvent = paypal.event("PAYMENT.SALE.COMPLETED", firstSale);
    expect((await deliver(firstEvent, paypal.headers(firstEvent))).statusCode).toBe(200);
    expect(await db().$count(entitlements, eq(entitlements.userId, m.id))).toBe(1);

    const sale = paypal.renew(ref);
    const renewal = paypal.event("PAYMENT.SALE.COMPLETED", sale);
    const answers = await Promise.all([1, 2].map(() => deliver(renewal, paypal.headers(renewal))));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    expect(await db().$count(entitlements, eq(entitlements.userId, m.id))).toBe(2);
    expect(await db().$count(receipts, eq(receipts.userId, m.id))).toBe(2);
    const info = paypal.subscriptions.get(ref)?.billing_info as { next_billing_time: string } | undefined;
    const next = info?.next_billing_time ?? "";
    const now = await state(m);
    expect(now).toMatchObject({ state: "active", endsAt: new Date(next).toISOString() });
    const [renewed] = await db()
      .select()
      .from(payments)
      .where(eq(payments.providerRef, sale.id as string));
    expect(renewed).toMatchObject({ status: "paid", provider: "paypal", amountCents: premium.priceCents });
  });

  it("a refused PayPal renewal gives 3 days of grace once, whatever how often it is told", async () => {
    const m = await signedIn(t);
    const { ref } = await checkout(m, premium.id);
    paypal.approve(ref);
    expect((await m.call("GET", `/api/payments/verify?session_id=${ref}`)).json().status).toBe("paid");
    const failed = paypal.event("BILLING.SUBSCRIPTION.PAYMENT.FAILED", paypal.failRenewal(ref));
    expect((await deliver(failed, paypal.headers(failed))).statusCode).toBe(200);
    const again = paypal.event("BILLING.SUBSCRIPTION.PAYMENT.FAILED", paypal.subscriptions.get(ref) ?? {});
    expect((await deliver(again, paypal.headers(again))).statusCode).toBe(200);
    const rows = await db().select().from(entitlements).where(eq(entitlements.userId, m.id));
    expect(rows).toHaveLength(2);
    const grace = rows.find((r) => r.providerRef?.endsWith(":grace"));
    const paidUntil = rows.find((r) => r !== grace)?.endsAt?.getTime() ?? 0;
    expect(((grace?.endsAt?.getTime() ?? 0) - paidUntil) / 86_400_000).toBeCloseTo(3, 0);
  });

  it("a webhook PayPal does not vouch for (forged, replayed with another body, headers missing) is a 400 with nothing changed", async () => {
    const m = await signedIn(t);
    const { ref } = await checkout(m, lifetime.id);
    paypal.approve(ref);
    const event = paypal.event("CHECKOUT.ORDER.APPROVED", paypal.orders.get(ref) ?? {});
    const headers = paypal.headers(event);
    const forged = [
      deliver(event, { ...headers, "paypal-transmission-sig": "forged" }),
      deliver({ ...event, id: "WH-OTHER" }, headers),
      deliver(event, {}),
    ];
    for (const res of await Promise.all(forged)) {
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(billingMessages.badSignature);
    }
    expect(paypal.captures).not.toContain(ref);
    expect((await state(m)).state).toBe("none");
    expect(
      await db()
        .select()
        .from(paymentEvents)
        .where(eq(paymentEvents.eventId, event.id as string)),
    ).toHaveLength(0);
  });
});
