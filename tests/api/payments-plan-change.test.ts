import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { billingMessages } from "#contract/billing";
import { entitlements, payments, planChanges, receipts, subscriptionPlans } from "#db/schema/billing";
import { activeStreamPlan } from "#server/shared/entitlement.queries";
import { createTestApp, type TestApp } from "../harness.ts";
import { FakePaypal } from "../support/fake-paypal.ts";
import { FakeStripe, type StripeEvent } from "../support/fake-stripe.ts";
import { type SignedIn, signedIn, signedInAdmin } from "../support/members.ts";

/**
 * Changing a monthly plan (issue 13: upgrade now with the provider's proration, downgrade at
 * renewal; docs/decisions/053-plan-changes.md), against the local fakes of Stripe and PayPal: the
 * plan and its price are the server's, an upgrade through Stripe is charged and takes effect at
 * once (the stream's limits follow), a downgrade waits for the renewal, PayPal asks the member's
 * consent and changes at the renewal, every change is a line of the ledger.
 */
let t: TestApp;
let stripe: FakeStripe;
let paypal: FakePaypal;
type Plan = { id: string; priceCents: number; code: string };
let basic: Plan;
let premium: Plan;
let lifetime: Plan;
let retired: Plan;
beforeAll(async () => {
  stripe = await new FakeStripe().start();
  paypal = await new FakePaypal().start();
  paypal.plans.set("P-PREMIUM", { value: "13.99", currency_code: "EUR" });
  paypal.plans.set("P-BASIC", { value: "7.99", currency_code: "EUR" });
  t = await createTestApp({
    env: {
      PAYMENT_DEMO: "false",
      STRIPE_SECRET_KEY: "sk_test_local_fake",
      STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
      STRIPE_API_URL: stripe.url,
      PAYPAL_CLIENT_ID: paypal.clientId,
      PAYPAL_CLIENT_SECRET: paypal.secret,
      PAYPAL_WEBHOOK_ID: paypal.webhookId,
      PAYPAL_API_URL: paypal.url,
      PAYPAL_PLAN_IDS: "premium_monthly=P-PREMIUM,basic_monthly=P-BASIC",
    },
  });
  const [old] = await t.database.db
    .insert(subscriptionPlans)
    .values({
      code: "ancienne_mensuelle",
      name: "Ancienne",
      priceCents: 1999,
      interval: "month",
      isActive: false,
    })
    .returning();
  const plans = await t.database.db.select().from(subscriptionPlans);
  const pick = (code: string): Plan => {
    const p = plans.find((x) => x.code === code);
    return { id: p?.id as string, priceCents: p?.priceCents as number, code };
  };
  basic = pick("basic_monthly");
  premium = pick("premium_monthly");
  lifetime = pick("lifetime");
  retired = { id: old?.id as string, priceCents: 1999, code: "ancienne_mensuelle" };
});
afterAll(async () => {
  await t?.close();
  await stripe?.stop();
  await paypal?.stop();
});

const db = () => t.database.db;
const CHANGE = "/api/subscription/change";
const state = async (m: SignedIn) => (await m.call("GET", "/api/subscription")).json();
const changesOf = (userId: string) => db().select().from(planChanges).where(eq(planChanges.userId, userId));
const receiptsOf = (userId: string) => db().select().from(receipts).where(eq(receipts.userId, userId));

function deliverStripe(event: StripeEvent) {
  const body = JSON.stringify(event);
  return t.app.inject({
    method: "POST",
    url: "/api/payments/webhooks/stripe",
    headers: { "content-type": "application/json", "stripe-signature": stripe.sign(body) },
    payload: body,
  });
}
const deliverPaypal = (event: Record<string, unknown>) =>
  t.app.inject({
    method: "POST",
    url: "/api/payments/webhooks/paypal",
    headers: { "content-type": "application/json", ...paypal.headers(event) },
    payload: JSON.stringify(event),
  });

/** A member subscribed to a monthly plan by card, its first period paid. */
async function byCard(plan: Plan) {
  const m = await signedIn(t);
  const res = await m.call("POST", "/api/payments/checkout", {
    planId: plan.id,
    method: "card",
    waiveWithdrawal: true,
  });
  expect(res.statusCode, res.body).toBe(201);
  const sessionId = new URL(res.json().paymentUrl).pathname.split("/").pop() as string;
  for (const e of stripe.complete(sessionId)) expect((await deliverStripe(e)).statusCode).toBe(200);
  const sub = String(stripe.sessions.get(sessionId)?.subscription);
  return { m, sub };
}

/** A member subscribed to a monthly plan through PayPal, its first payment taken. */
async function byPaypal(plan: Plan) {
  const m = await signedIn(t);
  const res = await m.call("POST", "/api/payments/checkout", {
    planId: plan.id,
    method: "paypal",
    waiveWithdrawal: true,
  });
  expect(res.statusCode, res.body).toBe(201);
  const ref = new URL(res.json().paymentUrl).pathname.split("/").pop() as string;
  paypal.approve(ref);
  expect((await m.call("GET", `/api/payments/verify?session_id=${ref}`)).json().status).toBe("paid");
  return { m, ref };
}

const itemOf = (sub: string) =>
  (stripe.subscriptions.get(sub)?.items as { data: Record<string, unknown>[] } | undefined)?.data[0] as {
    id: string;
    current_period_end: number;
    price: { id: string; unit_amount: number };
  };
const updatesOf = (sub: string) =>
  stripe.calls.filter((c) => c.method === "POST" && c.path === `/v1/subscriptions/${sub}` && c.body.items);

describe("changing plan through Stripe", () => {
  it("an upgrade takes effect at once: Stripe prorates and charges the difference now, the plan and the stream's limits follow, a receipt, a line in the ledger", async () => {
    const { m, sub } = await byCard(basic);
    expect(await activeStreamPlan(db(), m.id)).toMatchObject({ code: "basic_monthly", maxStreams: 1 });

    const preview = await m.call("GET", `${CHANGE}?planId=${premium.id}`);
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json()).toMatchObject({
      kind: "upgrade",
      effective: "now",
      effectiveAt: null,
      currency: "EUR",
      plan: { id: premium.id, priceCents: premium.priceCents },
      currentPlan: { id: basic.id },
      needsApproval: false,
    });
    const previewed = preview.json().amountNowCents as number;
    // A month just begun: nearly the whole difference (Stripe's own preview, invoices.createPreview).
    expect(previewed).toBeGreaterThan(premium.priceCents - basic.priceCents - 5);
    expect(previewed).toBeLessThanOrEqual(premium.priceCents - basic.priceCents);

    const res = await m.call("POST", CHANGE, { planId: premium.id, waiveWithdrawal: true });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ kind: "upgrade", effective: "now", currency: "EUR", approveUrl: null });
    expect(Math.abs(body.chargedCents - previewed)).toBeLessThanOrEqual(1);
    expect(body.subscription).toMatchObject({
      state: "active",
      planCode: "premium_monthly",
      agreement: { provider: "stripe", planId: premium.id, planChanges: "prorated", pendingChange: null },
    });

    // Stripe was asked for the server's price, prorated and charged at once, refused if unpaid.
    const [update] = updatesOf(sub);
    expect(update?.body).toMatchObject({
      proration_behavior: "always_invoice",
      payment_behavior: "error_if_incomplete",
      metadata: { planId: premium.id },
    });
    expect(itemOf(sub).price.unit_amount).toBe(premium.priceCents);

    // The stream's limits and quality follow at once.
    expect(await activeStreamPlan(db(), m.id)).toMatchObject({
      code: "premium_monthly",
      maxStreams: 3,
      maxQuality: "ultra",
    });
    const invoice = String(stripe.subscriptions.get(sub)?.latest_invoice);
    const [paid] = await db().select().from(payments).where(eq(payments.providerRef, invoice));
    expect(paid).toMatchObject({ status: "paid", amountCents: body.chargedCents, planId: premium.id });
    expect(await receiptsOf(m.id)).toHaveLength(2);
    expect(await changesOf(m.id)).toMatchObject([
      {
        kind: "upgrade",
        status: "applied",
        provider: "stripe",
        fromPlanId: basic.id,
        toPlanId: premium.id,
        amountCents: body.chargedCents,
        paymentId: paid?.id,
      },
    ]);

    // The administrators' ledger lists it.
    const ledger = (await (await signedInAdmin(t)).call("GET", "/api/admin/payments")).json();
    expect(ledger.planChanges).toContainEqual(
      expect.objectContaining({
        userId: m.id,
        fromPlan: "Essentiel",
        toPlan: "Premium",
        kind: "upgrade",
        status: "applied",
        amountCents: body.chargedCents,
      }),
    );

    // The proration invoice's own webhook changes nothing more; the renewal bills Premium.
    expect((await deliverStripe(stripe.changeInvoicePaid(sub))).statusCode).toBe(200);
    expect(await receiptsOf(m.id)).toHaveLength(2);
    const renewal = stripe.renew(sub);
    expect((await deliverStripe(renewal)).statusCode).toBe(200);
    const [renewed] = await db()
      .select()
      .from(payments)
      .where(eq(payments.providerRef, String(renewal.data.object.id)));
    expect(renewed).toMatchObject({ status: "paid", amountCents: premium.priceCents, planId: premium.id });
  });

  it("an upgrade Stripe tells first (its invoice.paid before the change has recorded it) is applied once", async () => {
    const { m, sub } = await byCard(basic);
    // The same update, made at Stripe without Bobine's request (or its answer lost).
    const form = (o: Record<string, string>) => ({
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(o),
    });
    const price = await (
      await fetch(
        `${stripe.url}/v1/prices`,
        form({ currency: "eur", unit_amount: String(premium.priceCents), "recurring[interval]": "month" }),
      )
    ).json();
    await fetch(
      `${stripe.url}/v1/subscriptions/${sub}`,
      form({
        "items[0][id]": itemOf(sub).id,
        "items[0][price]": price.id,
        proration_behavior: "always_invoice",
        "metadata[planId]": premium.id,
      }),
    );
    const event = stripe.changeInvoicePaid(sub);
    const answers = await Promise.all([
      deliverStripe(event),
      deliverStripe({ ...event, id: `${event.id}_b` }),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    expect(await activeStreamPlan(db(), m.id)).toMatchObject({ code: "premium_monthly" });
    expect((await state(m)).agreement).toMatchObject({ planId: premium.id });
    expect(await changesOf(m.id)).toMatchObject([
      { kind: "upgrade", status: "applied", toPlanId: premium.id },
    ]);
    expect(await receiptsOf(m.id)).toHaveLength(2);
  });

  it("a downgrade keeps the plan until the renewal, which the member sees; the renewal bills and grants the cheaper plan", async () => {
    const { m, sub } = await byCard(premium);
    const periodEnd = new Date(itemOf(sub).current_period_end * 1000).toISOString();
    const preview = (await m.call("GET", `${CHANGE}?planId=${basic.id}`)).json();
    expect(preview).toMatchObject({
      kind: "downgrade",
      effective: "renewal",
      effectiveAt: periodEnd,
      amountNowCents: null,
    });

    const res = await m.call("POST", CHANGE, { planId: basic.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ kind: "downgrade", effective: "renewal", chargedCents: null });
    expect(res.json().subscription.agreement).toMatchObject({
      planId: premium.id,
      pendingChange: {
        planId: basic.id,
        planName: "Essentiel",
        effectiveAt: periodEnd,
        awaitingApproval: false,
      },
    });
    // Stripe bills the new price from the renewal, without proration; nothing is charged now.
    expect(updatesOf(sub).at(-1)?.body).toMatchObject({ proration_behavior: "none" });
    expect(updatesOf(sub).at(-1)?.body.payment_behavior).toBeUndefined();
    expect(await receiptsOf(m.id)).toHaveLength(1);
    // The member keeps Premium until then.
    const s = await state(m);
    expect(s).toMatchObject({
      planCode: "premium_monthly",
      agreement: { pendingChange: { planName: "Essentiel" } },
    });
    expect(await activeStreamPlan(db(), m.id)).toMatchObject({ code: "premium_monthly", maxStreams: 3 });
    expect(await changesOf(m.id)).toMatchObject([{ kind: "downgrade", status: "scheduled" }]);

    const renewal = stripe.renew(sub);
    expect((await deliverStripe(renewal)).statusCode).toBe(200);
    const [renewed] = await db()
      .select()
      .from(payments)
      .where(eq(payments.providerRef, String(renewal.data.object.id)));
    expect(renewed).toMatchObject({ status: "paid", amountCents: basic.priceCents, planId: basic.id });
    const after = await state(m);
    expect(after.agreement).toMatchObject({ planId: basic.id, pendingChange: null });
    expect(await changesOf(m.id)).toMatchObject([{ status: "applied", paymentId: renewed?.id }]);
    // Once the paid Premium month is over, the member watches with Essentiel's limits.
    const nextMonth = new Date(Date.parse(periodEnd) + 2 * 86_400_000);
    expect(await activeStreamPlan(db(), m.id, nextMonth)).toMatchObject({
      code: "basic_monthly",
      maxStreams: 1,
    });
  });

  it("choosing the current plan again cancels a scheduled downgrade: Stripe bills the current price again", async () => {
    const { m, sub } = await byCard(premium);
    expect((await m.call("POST", CHANGE, { planId: basic.id })).statusCode).toBe(200);
    expect((await m.call("GET", `${CHANGE}?planId=${premium.id}`)).json()).toMatchObject({ kind: "revert" });
    const res = await m.call("POST", CHANGE, { planId: premium.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      kind: "revert",
      subscription: { agreement: { pendingChange: null } },
    });
    expect(itemOf(sub).price.unit_amount).toBe(premium.priceCents);
    expect(stripe.subscriptions.get(sub)?.metadata).toMatchObject({ planId: premium.id });
    expect(await changesOf(m.id)).toMatchObject([{ status: "canceled" }]);
    const renewal = stripe.renew(sub);
    expect((await deliverStripe(renewal)).statusCode).toBe(200);
    expect((await state(m)).agreement).toMatchObject({ planId: premium.id });
  });

  it("a plan id or a price tampered with by the browser changes nothing", async () => {
    const { m, sub } = await byCard(basic);
    const tampered = [
      m.call("POST", CHANGE, { planId: premium.id, waiveWithdrawal: true, priceCents: 1 }),
      m.call("POST", CHANGE, { planId: premium.id, waiveWithdrawal: true, amountCents: 1, currency: "USD" }),
      m.call("POST", CHANGE, { planId: "00000000-0000-4000-8000-000000000000", waiveWithdrawal: true }),
      m.call("POST", CHANGE, { planId: "premium", waiveWithdrawal: true }),
      m.call("POST", CHANGE, { planId: lifetime.id, waiveWithdrawal: true }),
      m.call("POST", CHANGE, { planId: premium.id, userId: "00000000-0000-4000-8000-000000000000" }),
    ];
    const answers = await Promise.all(tampered);
    expect(answers.map((a) => a.statusCode)).toEqual([400, 400, 400, 400, 400, 400]);
    expect(answers[2]?.json().message).toBe(billingMessages.planUnknown);
    expect(answers[4]?.json().message).toBe(billingMessages.changeMonthlyOnly);
    // An upgrade starts at once: without the waiver it is refused too.
    const unwaived = await m.call("POST", CHANGE, { planId: premium.id });
    expect(unwaived.statusCode).toBe(400);
    expect(unwaived.json().message).toBe(billingMessages.waiverRequired);
    expect(updatesOf(sub)).toHaveLength(0);
    expect(await changesOf(m.id)).toHaveLength(0);
    expect((await state(m)).agreement).toMatchObject({ planId: basic.id });
    expect(await activeStreamPlan(db(), m.id)).toMatchObject({ code: "basic_monthly" });
  });

  it("an inactive plan is a 400", async () => {
    const { m, sub } = await byCard(basic);
    for (const res of [
      await m.call("POST", CHANGE, { planId: retired.id, waiveWithdrawal: true }),
      await m.call("GET", `${CHANGE}?planId=${retired.id}`),
    ]) {
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(billingMessages.planInactive);
    }
    expect(updatesOf(sub)).toHaveLength(0);
  });

  it("a lifetime member cannot change; a member without a subscription is told so (409), as is one who cancelled or picks their own plan", async () => {
    const life = await signedIn(t);
    const bought = await life.call("POST", "/api/payments/checkout", {
      planId: lifetime.id,
      method: "card",
      waiveWithdrawal: true,
    });
    const session = new URL(bought.json().paymentUrl).pathname.split("/").pop() as string;
    for (const e of stripe.complete(session)) expect((await deliverStripe(e)).statusCode).toBe(200);
    const lifetimeChange = await life.call("POST", CHANGE, { planId: premium.id, waiveWithdrawal: true });
    expect(lifetimeChange.statusCode).toBe(409);
    expect(lifetimeChange.json().message).toBe(billingMessages.lifetimeNoChange);

    const nobody = await signedIn(t);
    for (const res of [
      await nobody.call("POST", CHANGE, { planId: premium.id, waiveWithdrawal: true }),
      await nobody.call("GET", `${CHANGE}?planId=${premium.id}`),
    ]) {
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(billingMessages.nothingToChange);
    }

    const { m } = await byCard(basic);
    const same = await m.call("POST", CHANGE, { planId: basic.id });
    expect(same.statusCode).toBe(409);
    expect(same.json().message).toBe(billingMessages.samePlan);
    expect((await m.call("POST", "/api/subscription/cancel")).statusCode).toBe(200);
    const cancelled = await m.call("POST", CHANGE, { planId: premium.id, waiveWithdrawal: true });
    expect(cancelled.statusCode).toBe(409);
    expect(cancelled.json().message).toBe(billingMessages.changeAfterCancel);
    // Buying another monthly plan beside a renewing one points to « Changer de formule ».
    const { m: other } = await byCard(basic);
    const second = await other.call("POST", "/api/payments/checkout", {
      planId: premium.id,
      method: "card",
      waiveWithdrawal: true,
    });
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe(billingMessages.subscriptionRunningChange("Essentiel"));
  });

  it("a card that refuses the difference changes nothing, and the member may try again", async () => {
    const { m, sub } = await byCard(basic);
    stripe.declineNextCharge = true;
    const refused = await m.call("POST", CHANGE, { planId: premium.id, waiveWithdrawal: true });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(billingMessages.changeDeclined);
    expect(itemOf(sub).price.unit_amount).toBe(basic.priceCents);
    expect((await state(m)).agreement).toMatchObject({ planId: basic.id, pendingChange: null });
    expect(await activeStreamPlan(db(), m.id)).toMatchObject({ code: "basic_monthly" });
    expect(await changesOf(m.id)).toMatchObject([{ status: "failed", detail: "declined" }]);
    const again = await m.call("POST", CHANGE, { planId: premium.id, waiveWithdrawal: true });
    expect(again.statusCode, again.body).toBe(200);
    expect(await activeStreamPlan(db(), m.id)).toMatchObject({ code: "premium_monthly" });
  });

  it("two upgrades asked at once change the plan once", async () => {
    const { m, sub } = await byCard(basic);
    const answers = await Promise.all([
      m.call("POST", CHANGE, { planId: premium.id, waiveWithdrawal: true }),
      m.call("POST", CHANGE, { planId: premium.id, waiveWithdrawal: true }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(updatesOf(sub)).toHaveLength(1);
    expect(await changesOf(m.id)).toHaveLength(1);
    expect(await receiptsOf(m.id)).toHaveLength(2);
  });
});

describe("changing plan through PayPal", () => {
  it("a change waits for the member's consent at PayPal, then for the renewal, which bills and grants the new plan", async () => {
    const { m, ref } = await byPaypal(premium);
    const preview = (await m.call("GET", `${CHANGE}?planId=${basic.id}`)).json();
    expect(preview).toMatchObject({ kind: "downgrade", effective: "renewal", needsApproval: true });

    const res = await m.call("POST", CHANGE, { planId: basic.id });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ kind: "downgrade", effective: "renewal", chargedCents: null });
    expect(body.approveUrl).toBe(`${paypal.url}/approve-revision/${ref}`);
    expect(paypal.revisions.get(ref)).toMatchObject({ planId: "P-BASIC" });
    expect(paypal.revisions.get(ref)?.requestId).toMatch(/^revise-/);
    expect(body.subscription.agreement).toMatchObject({
      planId: premium.id,
      planChanges: "renewal",
      pendingChange: { planName: "Essentiel", awaitingApproval: true, approveUrl: body.approveUrl },
    });

    // The member agrees on PayPal; PayPal says so (BILLING.SUBSCRIPTION.UPDATED, re-read).
    const updated = paypal.event("BILLING.SUBSCRIPTION.UPDATED", paypal.approveRevision(ref));
    expect((await deliverPaypal(updated)).statusCode).toBe(200);
    expect((await state(m)).agreement).toMatchObject({
      planId: premium.id,
      pendingChange: { planName: "Essentiel", awaitingApproval: false, approveUrl: null },
    });
    expect(await activeStreamPlan(db(), m.id)).toMatchObject({ code: "premium_monthly" });

    const sale = paypal.renew(ref);
    expect((await deliverPaypal(paypal.event("PAYMENT.SALE.COMPLETED", sale))).statusCode).toBe(200);
    const [renewed] = await db()
      .select()
      .from(payments)
      .where(eq(payments.providerRef, sale.id as string));
    expect(renewed).toMatchObject({ status: "paid", amountCents: basic.priceCents, planId: basic.id });
    expect((await state(m)).agreement).toMatchObject({ planId: basic.id, pendingChange: null });
    expect(await changesOf(m.id)).toMatchObject([
      { kind: "downgrade", status: "applied", paymentId: renewed?.id },
    ]);
    const newest = await db()
      .select()
      .from(entitlements)
      .where(and(eq(entitlements.userId, m.id), eq(entitlements.providerRef, sale.id as string)));
    expect(newest).toMatchObject([{ planId: basic.id }]);
  });

  it("an upgrade through PayPal waits for the renewal too (PayPal does not prorate); one never agreed to is dropped when PayPal bills the old plan again", async () => {
    const { m, ref } = await byPaypal(basic);
    const preview = (await m.call("GET", `${CHANGE}?planId=${premium.id}`)).json();
    expect(preview).toMatchObject({
      kind: "upgrade",
      effective: "renewal",
      amountNowCents: null,
      needsApproval: true,
    });
    const res = await m.call("POST", CHANGE, { planId: premium.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ kind: "upgrade", effective: "renewal", chargedCents: null });
    expect(await activeStreamPlan(db(), m.id)).toMatchObject({ code: "basic_monthly" });
    // PayPal bills the old plan again: the member never agreed.
    const sale = paypal.renew(ref);
    expect((await deliverPaypal(paypal.event("PAYMENT.SALE.COMPLETED", sale))).statusCode).toBe(200);
    const [renewed] = await db()
      .select()
      .from(payments)
      .where(eq(payments.providerRef, sale.id as string));
    expect(renewed).toMatchObject({ status: "paid", amountCents: basic.priceCents, planId: basic.id });
    expect((await state(m)).agreement).toMatchObject({ planId: basic.id, pendingChange: null });
    expect(await changesOf(m.id)).toMatchObject([
      { status: "canceled", detail: "not approved before the renewal" },
    ]);
  });

  it("a revision not yet agreed to is cancelled by choosing the current plan; one agreed to can no longer be", async () => {
    const { m, ref } = await byPaypal(premium);
    expect((await m.call("POST", CHANGE, { planId: basic.id })).statusCode).toBe(200);
    const busy = await m.call("POST", CHANGE, { planId: retired.id });
    expect(busy.statusCode).toBe(400);
    const reverted = await m.call("POST", CHANGE, { planId: premium.id });
    expect(reverted.statusCode, reverted.body).toBe(200);
    expect(reverted.json().subscription.agreement.pendingChange).toBeNull();

    expect((await m.call("POST", CHANGE, { planId: basic.id })).statusCode).toBe(200);
    const updated = paypal.event("BILLING.SUBSCRIPTION.UPDATED", paypal.approveRevision(ref));
    expect((await deliverPaypal(updated)).statusCode).toBe(200);
    const locked = await m.call("POST", CHANGE, { planId: premium.id });
    expect(locked.statusCode).toBe(409);
    expect(locked.json().message).toBe(billingMessages.changeLocked);
  });
});
