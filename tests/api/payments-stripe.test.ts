import fs from "node:fs";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { billingMessages } from "#contract/billing";
import { adminAudit } from "#db/schema/admin";
import { entitlements, paymentEvents, payments, receipts, subscriptionPlans } from "#db/schema/billing";
import { openProviders, reconcileAgreements } from "#server/billing/payments.service";
import { activeStreamPlan } from "#server/shared/entitlement.queries";
import { createTestApp, type TestApp } from "../harness.ts";
import { FakeStripe, type StripeEvent } from "../support/fake-stripe.ts";
import { type SignedIn, signedIn, signedInAdmin } from "../support/members.ts";
import { scaled } from "../support/time-scale.ts";

/**
 * Card payments through Stripe (docs/decisions/041-payment-providers.md), against a local fake of
 * Stripe's API: webhooks that cannot be forged or replayed, events re-read from the provider so that
 * order does not matter, amounts checked against the plan, unknown members kept for an administrator.
 */
let t: TestApp;
let stripe: FakeStripe;
let premium: { id: string; priceCents: number };
let lifetime: { id: string; priceCents: number };
beforeAll(async () => {
  stripe = await new FakeStripe().start();
  t = await createTestApp({
    env: {
      PAYMENT_DEMO: "false",
      STRIPE_SECRET_KEY: "sk_test_local_fake",
      STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
      STRIPE_API_URL: stripe.url,
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
  await stripe?.stop();
});

const db = () => t.database.db;
const WEBHOOK = "/api/payments/webhooks/stripe";

/** Delivers a webhook as Stripe would (or, with `signature`, as a forger would). */
function deliver(event: StripeEvent | string, signature?: string | null) {
  const body = typeof event === "string" ? event : JSON.stringify(event);
  const headers: Record<string, string> = { "content-type": "application/json" };
  const sig = signature === undefined ? stripe.sign(body) : signature;
  if (sig !== null) headers["stripe-signature"] = sig;
  return t.app.inject({ method: "POST", url: WEBHOOK, headers, payload: body });
}

async function checkout(m: SignedIn, planId: string) {
  const res = await m.call("POST", "/api/payments/checkout", {
    planId,
    method: "card",
    waiveWithdrawal: true,
  });
  expect(res.statusCode, res.body).toBe(201);
  const url = new URL(res.json().paymentUrl);
  const sessionId = url.pathname.split("/").pop() as string;
  return { paymentId: res.json().paymentId as string, sessionId };
}

const state = async (m: SignedIn) => (await m.call("GET", "/api/subscription")).json();
const entitlementsOf = (userId: string) =>
  db().select().from(entitlements).where(eq(entitlements.userId, userId));
const receiptsOf = (userId: string) => db().select().from(receipts).where(eq(receipts.userId, userId));
const paymentRow = async (id: string) => (await db().select().from(payments).where(eq(payments.id, id)))[0];
const eventRows = (eventId: string) =>
  db().select().from(paymentEvents).where(eq(paymentEvents.eventId, eventId));

describe("checkout with Stripe", () => {
  it("creates a Checkout Session from the plan in the database: price, currency, mode and member are the server's", async () => {
    const m = await signedIn(t);
    const { sessionId, paymentId } = await checkout(m, premium.id);
    const session = stripe.sessions.get(sessionId);
    expect(session).toMatchObject({
      mode: "subscription",
      amount_total: premium.priceCents,
      currency: "eur",
      customer_email: m.email,
      metadata: { paymentId, userId: m.id, planId: premium.id },
    });
    expect(String(session?.success_url)).toContain("/subscription/success?session_id={CHECKOUT_SESSION_ID}");
    const life = await checkout(m, lifetime.id);
    expect(stripe.sessions.get(life.sessionId)).toMatchObject({
      mode: "payment",
      amount_total: lifetime.priceCents,
    });
  });

  it("the success page verifies with Stripe itself: pending before payment, paid after, without waiting for a webhook", async () => {
    const m = await signedIn(t);
    const { sessionId } = await checkout(m, premium.id);
    expect((await m.call("GET", `/api/payments/verify?session_id=${sessionId}`)).json().status).toBe(
      "pending",
    );
    stripe.complete(sessionId);
    const verified = (await m.call("GET", `/api/payments/verify?session_id=${sessionId}`)).json();
    expect(verified).toMatchObject({ status: "paid", provider: "stripe", plan: { code: "premium_monthly" } });
    const s = await state(m);
    expect(s).toMatchObject({ state: "active", agreement: { provider: "stripe", cancelAtPeriodEnd: false } });
    // The period's end is the subscription item's, as Stripe states it.
    const sub = stripe.subscriptions.get(String(stripe.sessions.get(sessionId)?.subscription));
    const itemEnd = (sub?.items as { data: { current_period_end: number }[] } | undefined)?.data[0]
      ?.current_period_end;
    expect(new Date(s.agreement.periodEnd).getTime()).toBe((itemEnd as number) * 1000);
    // « Gérer mon moyen de paiement »: Stripe's customer portal for this customer.
    const portal = await m.call("POST", "/api/subscription/portal");
    expect(portal.json()).toEqual({ url: `${stripe.url}/portal` });
    const call = stripe.calls.find((c) => c.path === "/v1/billing_portal/sessions");
    expect(call?.body).toMatchObject({
      customer: sub?.customer,
      return_url: `${t.config.publicUrl}/settings`,
    });
  });
});

describe("the Stripe webhook", () => {
  it("activates on checkout.session.completed and answers 200", async () => {
    const m = await signedIn(t);
    const { sessionId, paymentId } = await checkout(m, premium.id);
    const [completed] = stripe.complete(sessionId);
    const res = await deliver(completed as StripeEvent);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ received: true });
    expect((await paymentRow(paymentId))?.status).toBe("paid");
    expect((await state(m)).state).toBe("active");
    expect(await receiptsOf(m.id)).toHaveLength(1);
  });

  it("refuses a bad, missing, stale or replayed-with-another-body signature with 400 and changes nothing", async () => {
    const m = await signedIn(t);
    const { sessionId, paymentId } = await checkout(m, premium.id);
    const [completed] = stripe.complete(sessionId) as StripeEvent[];
    const body = JSON.stringify(completed);
    const forged = [
      deliver(body, stripe.sign(body, { secret: "whsec_not_the_right_one" })),
      deliver(body, null),
      deliver(body, ""),
      deliver(body, "t=1,v1=deadbeef"),
      deliver(body, stripe.sign(body, { timestamp: Math.floor(Date.now() / 1000) - 301 })),
      deliver(body.replace(sessionId, "cs_test_other"), stripe.sign(body)),
    ];
    for (const res of await Promise.all(forged)) {
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(billingMessages.badSignature);
    }
    expect((await paymentRow(paymentId))?.status).toBe("pending");
    expect(await entitlementsOf(m.id)).toHaveLength(0);
    expect(await eventRows(completed?.id as string)).toHaveLength(0);
  });

  it("the same event delivered three times at once has one effect", async () => {
    const m = await signedIn(t);
    const { sessionId } = await checkout(m, premium.id);
    const [completed] = stripe.complete(sessionId) as StripeEvent[];
    const answers = await Promise.all([1, 2, 3].map(() => deliver(completed as StripeEvent)));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    // And once more later, as Stripe retries.
    expect((await deliver(completed as StripeEvent)).statusCode).toBe(200);
    expect(await entitlementsOf(m.id)).toHaveLength(1);
    expect(await receiptsOf(m.id)).toHaveLength(1);
    expect(await eventRows(completed?.id as string)).toHaveLength(1);
  });

  it("events out of order end in the right state: the object is re-read from Stripe, not taken from the event", async () => {
    const m = await signedIn(t);
    const { sessionId } = await checkout(m, premium.id);
    // An event written while the session was still open arrives after the payment.
    const stale = stripe.event("checkout.session.async_payment_failed", stripe.sessions.get(sessionId) ?? {});
    const [completed, invoicePaid] = stripe.complete(sessionId) as StripeEvent[];
    expect((await deliver(invoicePaid as StripeEvent)).statusCode).toBe(200);
    expect((await deliver(stale)).statusCode).toBe(200);
    expect((await state(m)).state).toBe("active");
    expect((await deliver(completed as StripeEvent)).statusCode).toBe(200);
    // The first invoice paid the checkout's period: granted once.
    expect(await entitlementsOf(m.id)).toHaveLength(1);

    // A subscription update that says « renews » arrives after the member cancelled: Stripe says otherwise.
    const subId = String(stripe.sessions.get(sessionId)?.subscription);
    const before = stripe.event("customer.subscription.updated", stripe.subscriptions.get(subId) ?? {});
    expect((await m.call("POST", "/api/subscription/cancel")).statusCode).toBe(200);
    expect(stripe.subscriptions.get(subId)?.cancel_at_period_end).toBe(true);
    expect((await deliver(before)).statusCode).toBe(200);
    expect((await state(m)).agreement).toMatchObject({ cancelAtPeriodEnd: true });
  });

  it("an administrator's replay re-reads a delivery's object and applies it once: a payment whose webhooks were lost is activated", async () => {
    const m = await signedIn(t);
    const admin = await signedInAdmin(t);
    const { sessionId, paymentId } = await checkout(m, premium.id);
    // An event about the open session arrives; the payment's own events are then lost.
    const early = stripe.event("checkout.session.async_payment_failed", stripe.sessions.get(sessionId) ?? {});
    expect((await deliver(early)).statusCode).toBe(200);
    stripe.complete(sessionId);
    expect((await state(m)).state).not.toBe("active");
    const [row] = await eventRows(early.id);
    expect(row).toBeDefined();
    const url = `/api/admin/payments/events/${row?.id}/replay`;
    expect((await m.call("POST", url)).statusCode).toBe(403);
    const replayed = await admin.call("POST", url);
    expect(replayed.statusCode, replayed.body).toBe(200);
    expect(replayed.json()).toMatchObject({ id: row?.id, outcome: "applied" });
    expect((await paymentRow(paymentId))?.status).toBe("paid");
    expect((await state(m)).state).toBe("active");
    // Replayed again, and twice at once: nothing more is granted.
    const again = await Promise.all([admin.call("POST", url), admin.call("POST", url)]);
    expect(again.map((a) => a.statusCode)).toEqual([200, 200]);
    expect(await entitlementsOf(m.id)).toHaveLength(1);
    expect(await receiptsOf(m.id)).toHaveLength(1);
    expect(await eventRows(early.id)).toHaveLength(1);
    const unknown = await admin.call(
      "POST",
      "/api/admin/payments/events/00000000-0000-4000-8000-000000000000/replay",
    );
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(billingMessages.eventUnknown);
  });

  it("an amount or a currency different from the plan is not activated, and is kept for an administrator", async () => {
    const m = await signedIn(t);
    const { sessionId, paymentId } = await checkout(m, lifetime.id);
    const session = stripe.sessions.get(sessionId) as Record<string, unknown>;
    session.amount_total = 1;
    const [completed] = stripe.complete(sessionId) as StripeEvent[];
    expect((await deliver(completed as StripeEvent)).statusCode).toBe(200);
    expect((await state(m)).state).toBe("none");
    expect((await paymentRow(paymentId))?.failureReason).toMatch(/^amount_mismatch/);
    expect((await eventRows(completed?.id as string))[0]).toMatchObject({ outcome: "mismatch", paymentId });

    const other = await signedIn(t);
    const usd = await checkout(other, lifetime.id);
    (stripe.sessions.get(usd.sessionId) as Record<string, unknown>).currency = "usd";
    stripe.complete(usd.sessionId);
    expect((await other.call("GET", `/api/payments/verify?session_id=${usd.sessionId}`)).json().status).toBe(
      "failed",
    );
    expect((await state(other)).state).toBe("none");
  });

  it("an event for a member Bobine does not know is stored, not lost", async () => {
    const sessionId = stripe.foreignSession({
      userId: "3f1b8a4e-0000-4000-8000-000000000000",
      paymentId: "x",
    });
    const event = stripe.event("checkout.session.completed", stripe.sessions.get(sessionId) ?? {});
    const res = await deliver(event);
    expect(res.statusCode).toBe(200);
    const [row] = await eventRows(event.id);
    expect(row).toMatchObject({ outcome: "unknown_member", type: "checkout.session.completed" });
    expect(row?.payload).toMatchObject({ id: event.id });
  });

  it("a renewal's invoice grants the next period with its own receipt; the same invoice twice grants once", async () => {
    const m = await signedIn(t);
    const { sessionId } = await checkout(m, premium.id);
    for (const e of stripe.complete(sessionId)) expect((await deliver(e)).statusCode).toBe(200);
    const renewal = stripe.renew(String(stripe.sessions.get(sessionId)?.subscription));
    expect((await deliver(renewal)).statusCode).toBe(200);
    expect((await deliver({ ...renewal, id: `${renewal.id}_again` })).statusCode).toBe(200);
    expect(await entitlementsOf(m.id)).toHaveLength(2);
    expect(await receiptsOf(m.id)).toHaveLength(2);
  });
});

describe("« Renouvellement automatique » off for the card (decision 066)", () => {
  it(
    "a new subscription's renewal is stopped at Stripe even when Stripe fails the first tries: asked again until it answers",
    async () => {
      const m = await signedIn(t);
      const saved = await m.call("PUT", "/api/me/settings", {
        billing: { preferredMethod: "card", autoRenew: false },
      });
      expect(saved.statusCode, saved.body).toBe(200);
      stripe.failSubscriptionUpdates = 2;
      const { sessionId } = await checkout(m, premium.id);
      for (const e of stripe.complete(sessionId)) expect((await deliver(e)).statusCode).toBe(200);
      expect((await state(m)).state).toBe("active");
      const subscription = String(stripe.sessions.get(sessionId)?.subscription);
      await expect
        .poll(() => stripe.subscriptions.get(subscription)?.cancel_at_period_end, { timeout: scaled(60_000) })
        .toBe(true);
      expect(stripe.failSubscriptionUpdates).toBe(0);
      await expect.poll(async () => (await state(m)).agreement?.cancelAtPeriodEnd).toBe(true);
      expect(await state(m)).toMatchObject({ state: "active", planCode: "premium_monthly" });
    },
    scaled(90_000),
  );
});

describe("an administrator's refund through Stripe", () => {
  const refunds = () => stripe.calls.filter((c) => c.path === "/v1/refunds").map((c) => c.body);
  const intentOf = (invoice: string) =>
    String(
      (stripe.invoicePayments.get(invoice)?.payment as { payment_intent?: string } | undefined)
        ?.payment_intent,
    );

  it("a monthly plan: the period's invoice payment is refunded, the subscription cancelled at Stripe, and the access ends", async () => {
    const m = await signedIn(t);
    const admin = await signedInAdmin(t);
    const { paymentId, sessionId } = await checkout(m, premium.id);
    for (const e of stripe.complete(sessionId)) expect((await deliver(e)).statusCode).toBe(200);
    expect((await state(m)).state).toBe("active");
    const invoice = String(stripe.sessions.get(sessionId)?.invoice);
    const intent = intentOf(invoice);
    const res = await admin.call("POST", `/api/admin/payments/${paymentId}/refund`);
    expect(res.statusCode, res.body).toBe(200);
    expect(refunds()).toContainEqual({
      payment_intent: intent,
      metadata: { requestedBy: "bobine" },
      idempotencyKey: `refund-${intent}`,
    });
    const subscription = String(stripe.sessions.get(sessionId)?.subscription);
    expect(stripe.subscriptions.get(subscription)?.status).toBe("canceled");
    const after = await state(m);
    expect(after.state).not.toBe("active");
    expect(after.agreement).toBeNull();
    expect(await refundNotices(m)).toEqual([billingMessages.refundedTitle]);
  });

  it("lifetime: the checkout's payment intent is refunded and the access ends", async () => {
    const m = await signedIn(t);
    const admin = await signedInAdmin(t);
    const { paymentId, sessionId } = await checkout(m, lifetime.id);
    for (const e of stripe.complete(sessionId)) expect((await deliver(e)).statusCode).toBe(200);
    expect((await state(m)).state).toBe("active");
    const res = await admin.call("POST", `/api/admin/payments/${paymentId}/refund`);
    expect(res.statusCode, res.body).toBe(200);
    const intent = String(stripe.sessions.get(sessionId)?.payment_intent);
    expect(refunds()).toContainEqual({
      payment_intent: intent,
      metadata: { requestedBy: "bobine" },
      idempotencyKey: `refund-${intent}`,
    });
    expect((await state(m)).state).not.toBe("active");
  });

  it("a renewal's own payment is refunded through its invoice", async () => {
    const m = await signedIn(t);
    const admin = await signedInAdmin(t);
    const { sessionId } = await checkout(m, premium.id);
    for (const e of stripe.complete(sessionId)) expect((await deliver(e)).statusCode).toBe(200);
    const renewal = stripe.renew(String(stripe.sessions.get(sessionId)?.subscription));
    expect((await deliver(renewal)).statusCode).toBe(200);
    const invoice = String(renewal.data.object.id);
    const [payment] = await db().select().from(payments).where(eq(payments.providerRef, invoice));
    const res = await admin.call("POST", `/api/admin/payments/${payment?.id}/refund`);
    expect(res.statusCode, res.body).toBe(200);
    const intent = intentOf(invoice);
    expect(refunds().map((r) => r.payment_intent)).toContain(intent);
  });
});

/** The titles of the member's refund notifications. */
async function refundNotices(m: SignedIn) {
  const list = (await m.call("GET", "/api/notifications")).json() as { items: { title: string }[] };
  return list.items.map((n) => n.title).filter((title) => title === billingMessages.refundedTitle);
}

describe("paid twice", () => {
  it("two checkouts paid at Stripe (two tabs): the second grants nothing, is refunded and its subscription cancelled there, and the member is told", async () => {
    const m = await signedIn(t);
    const first = await checkout(m, premium.id);
    const second = await checkout(m, premium.id);
    for (const e of stripe.complete(first.sessionId)) expect((await deliver(e)).statusCode).toBe(200);
    for (const e of stripe.complete(second.sessionId)) expect((await deliver(e)).statusCode).toBe(200);
    await expect.poll(async () => (await paymentRow(second.paymentId))?.status).toBe("refunded");
    expect((await paymentRow(first.paymentId))?.status).toBe("paid");
    const secondSub = String(stripe.sessions.get(second.sessionId)?.subscription);
    expect(stripe.subscriptions.get(secondSub)?.status).toBe("canceled");
    const firstSub = String(stripe.sessions.get(first.sessionId)?.subscription);
    expect(stripe.subscriptions.get(firstSub)?.status).toBe("active");
    expect(await receiptsOf(m.id)).toHaveLength(1);
    expect(await entitlementsOf(m.id)).toHaveLength(1);
    const s = await state(m);
    expect(s).toMatchObject({ state: "active", agreement: { provider: "stripe", cancelAtPeriodEnd: false } });
    const verified = await m.call("GET", `/api/payments/verify?session_id=${second.sessionId}`);
    expect(verified.json().status).toBe("refunded");
    const notices = (await m.call("GET", "/api/notifications")).json().items as { message: string }[];
    expect(notices.map((n) => n.message)).toContain(
      billingMessages.duplicateRefundedMessage("Premium", "13,99\u00a0€"),
    );
  });
});

describe("a refund made in Stripe's dashboard (charge.refunded)", () => {
  const intentOf = (invoice: string) =>
    String(
      (stripe.invoicePayments.get(invoice)?.payment as { payment_intent?: string } | undefined)
        ?.payment_intent,
    );
  const journalOf = (paymentId: string) =>
    db().select().from(adminAudit).where(eq(adminAudit.targetId, paymentId));

  /** A member on Premium by card, its first period paid. */
  async function subscribed() {
    const m = await signedIn(t);
    const { paymentId, sessionId } = await checkout(m, premium.id);
    for (const e of stripe.complete(sessionId)) expect((await deliver(e)).statusCode).toBe(200);
    expect((await state(m)).state).toBe("active");
    const session = stripe.sessions.get(sessionId) ?? {};
    return {
      m,
      paymentId,
      intent: intentOf(String(session.invoice)),
      subscription: String(session.subscription),
    };
  }

  it("a full refund ends the access exactly as « Rembourser » does: refunded, period revoked, agreement over (and cancelled at Stripe), a journal line naming Stripe", async () => {
    const { m, paymentId, intent, subscription } = await subscribed();
    const event = stripe.refundInDashboard(intent);
    const res = await deliver(event);
    expect(res.statusCode, res.body).toBe(200);
    expect((await paymentRow(paymentId))?.status).toBe("refunded");
    const after = await state(m);
    expect(after.state).not.toBe("active");
    expect(after.agreement).toBeNull();
    expect((await entitlementsOf(m.id)).every((e) => e.revokedAt !== null)).toBe(true);
    expect(await activeStreamPlan(db(), m.id)).toBeNull();
    // The charge was re-read from Stripe, not taken from the event.
    expect(stripe.calls.some((c) => c.method === "GET" && c.path.startsWith(`/v1/charges/`))).toBe(true);
    const [row] = await eventRows(event.id);
    expect(row).toMatchObject({ outcome: "applied", paymentId, userId: m.id });
    expect(row?.detail).toMatch(/access ended/);
    const journal = await journalOf(paymentId);
    expect(journal).toHaveLength(1);
    expect(journal[0]).toMatchObject({ action: "payment.refund", actorId: null, actorName: "Stripe" });
    expect(journal[0]?.summary).toMatchObject({
      before: { status: "paid" },
      after: { status: "refunded", origin: "provider" },
    });
    // Nothing more is billed: the subscription is cancelled at Stripe too.
    await expect.poll(() => stripe.subscriptions.get(subscription)?.status).toBe("canceled");
    // The member is told why the access ended.
    expect(await refundNotices(m)).toEqual([billingMessages.refundedTitle]);
  });

  it("a lifetime payment refunded in the dashboard: found by its checkout session, its access ends", async () => {
    const m = await signedIn(t);
    const { paymentId, sessionId } = await checkout(m, lifetime.id);
    for (const e of stripe.complete(sessionId)) expect((await deliver(e)).statusCode).toBe(200);
    expect((await state(m)).state).toBe("active");
    const event = stripe.refundInDashboard(String(stripe.sessions.get(sessionId)?.payment_intent));
    expect((await deliver(event)).statusCode).toBe(200);
    expect((await paymentRow(paymentId))?.status).toBe("refunded");
    expect((await state(m)).state).not.toBe("active");
  });

  it("the webhook of Bobine's own « Rembourser » changes nothing more", async () => {
    const { m, paymentId, intent } = await subscribed();
    const admin = await signedInAdmin(t);
    const refunded = await admin.call("POST", `/api/admin/payments/${paymentId}/refund`);
    expect(refunded.statusCode, refunded.body).toBe(200);
    const before = await entitlementsOf(m.id);
    const event = stripe.chargeRefunded(intent);
    expect((await deliver(event)).statusCode).toBe(200);
    const [row] = await eventRows(event.id);
    expect(row).toMatchObject({ outcome: "ignored", paymentId });
    expect(await entitlementsOf(m.id)).toEqual(before);
    const journal = await journalOf(paymentId);
    expect(journal).toHaveLength(1);
    expect(journal[0]).toMatchObject({ action: "payment.refund", actorName: admin.username });
  });

  it("a webhook of Bobine's own refund arriving before « Rembourser » has recorded it leaves it to « Rembourser »", async () => {
    const { m, paymentId, intent } = await subscribed();
    const admin = await signedInAdmin(t);
    // Stripe refunded at Bobine's request (its metadata) and told it before Bobine wrote anything.
    const asked = await fetch(`${stripe.url}/v1/refunds`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", "idempotency-key": `refund-${intent}` },
      body: new URLSearchParams({ payment_intent: intent, "metadata[requestedBy]": "bobine" }),
    });
    expect(asked.status).toBe(200);
    const event = stripe.chargeRefunded(intent);
    expect((await deliver(event)).statusCode).toBe(200);
    expect((await eventRows(event.id))[0]).toMatchObject({
      outcome: "ignored",
      detail: "refund asked by Bobine",
    });
    expect((await paymentRow(paymentId))?.status).toBe("paid");
    expect(await journalOf(paymentId)).toHaveLength(0);
    // « Rembourser » then records it (Stripe answers the same refund to the same key), in the administrator's name.
    expect((await admin.call("POST", `/api/admin/payments/${paymentId}/refund`)).statusCode).toBe(200);
    expect((await state(m)).state).not.toBe("active");
    expect(await journalOf(paymentId)).toMatchObject([{ actorName: admin.username }]);
  });

  it("delivered twice, and twice at once, a dashboard refund has one effect", async () => {
    const { m, paymentId, intent } = await subscribed();
    const event = stripe.refundInDashboard(intent);
    const answers = await Promise.all([deliver(event), deliver(event)]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    expect((await deliver(event)).statusCode).toBe(200);
    // Stripe may also send the same refund under another event id: the payment is already refunded.
    const again = stripe.chargeRefunded(intent);
    expect((await deliver(again)).statusCode).toBe(200);
    expect((await eventRows(again.id))[0]).toMatchObject({ outcome: "ignored", detail: "already refunded" });
    expect(await eventRows(event.id)).toHaveLength(1);
    expect(await journalOf(paymentId)).toHaveLength(1);
    expect((await state(m)).state).not.toBe("active");
    expect(await refundNotices(m)).toHaveLength(1);
  });

  it("a partial refund is recorded and keeps the access; refunding the rest then ends it", async () => {
    const { m, paymentId, intent } = await subscribed();
    const partial = stripe.refundInDashboard(intent, 500);
    expect((await deliver(partial)).statusCode).toBe(200);
    expect((await paymentRow(paymentId))?.status).toBe("paid");
    expect((await state(m)).state).toBe("active");
    expect((await state(m)).agreement).not.toBeNull();
    const [row] = await eventRows(partial.id);
    expect(row).toMatchObject({ outcome: "applied", paymentId });
    expect(row?.detail).toMatch(/^partial_refund: .*5,00.*access kept$/);
    const [line] = await journalOf(paymentId);
    expect(line).toMatchObject({ action: "payment.partial_refund", actorName: "Stripe" });
    expect(line?.summary).toMatchObject({ after: { access: "kept", origin: "provider" } });

    const rest = stripe.refundInDashboard(intent);
    expect((await deliver(rest)).statusCode).toBe(200);
    expect((await paymentRow(paymentId))?.status).toBe("refunded");
    expect((await state(m)).state).not.toBe("active");
  });

  it("a forged charge.refunded is a 400 and changes nothing", async () => {
    const { m, paymentId, intent } = await subscribed();
    const event = stripe.refundInDashboard(intent);
    const body = JSON.stringify(event);
    for (const res of await Promise.all([
      deliver(body, stripe.sign(body, { secret: "whsec_not_the_right_one" })),
      deliver(body, null),
    ])) {
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(billingMessages.badSignature);
    }
    expect((await paymentRow(paymentId))?.status).toBe("paid");
    expect((await state(m)).state).toBe("active");
    expect(await eventRows(event.id)).toHaveLength(0);
    expect(await journalOf(paymentId)).toHaveLength(0);
  });
});

describe("a refused renewal", () => {
  it("keeps access 3 days after the period's end, once, with an e-mail; then the paywall", async () => {
    const m = await signedIn(t);
    const { sessionId } = await checkout(m, premium.id);
    for (const e of stripe.complete(sessionId)) expect((await deliver(e)).statusCode).toBe(200);
    const periodEnd = new Date((await state(m)).agreement.periodEnd);
    const failed = stripe.failRenewal(String(stripe.sessions.get(sessionId)?.subscription));
    expect((await deliver(failed)).statusCode).toBe(200);
    expect((await deliver({ ...failed, id: `${failed.id}_retry` })).statusCode).toBe(200);
    const rows = await entitlementsOf(m.id);
    expect(rows).toHaveLength(2);
    const grace = rows.find((r) => r.providerRef?.endsWith(":grace"));
    expect(grace?.endsAt?.getTime()).toBe(periodEnd.getTime() + 3 * 86_400_000);
    expect(await activeStreamPlan(db(), m.id, new Date(periodEnd.getTime() + 2 * 86_400_000))).not.toBeNull();
    expect(await activeStreamPlan(db(), m.id, new Date(periodEnd.getTime() + 5 * 86_400_000))).toBeNull();
    const mails = () =>
      fs.existsSync(t.config.outboxDir)
        ? fs.readdirSync(t.config.outboxDir).map((f) => fs.readFileSync(`${t.config.outboxDir}/${f}`, "utf8"))
        : [];
    await expect
      .poll(() => mails().filter((x) => x.includes(m.email) && x.includes("renouvellement")).length)
      .toBe(1);
  });
});

describe("the daily reconciliation", () => {
  it("repairs an agreement Stripe cancelled without Bobine hearing of it, and leaves the others alone", async () => {
    const m = await signedIn(t);
    const { sessionId } = await checkout(m, premium.id);
    for (const e of stripe.complete(sessionId)) expect((await deliver(e)).statusCode).toBe(200);
    const ctx = { db: t.database.db, log: t.app.log };
    const providers = openProviders(t.database.db, t.config);
    expect((await state(m)).agreement).toMatchObject({ cancelAtPeriodEnd: false });
    // Cancelled in Stripe's dashboard; the webhook was lost.
    const sub = stripe.subscriptions.get(String(stripe.sessions.get(sessionId)?.subscription));
    if (sub) sub.cancel_at_period_end = true;
    const repaired = await reconcileAgreements(ctx, providers);
    expect(repaired).toBeGreaterThanOrEqual(1);
    expect((await state(m)).agreement).toMatchObject({ cancelAtPeriodEnd: true });
    expect(await reconcileAgreements(ctx, providers)).toBe(0);
  });
});
