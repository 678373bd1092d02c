import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { billingMessages, DEMO_CARDS } from "#contract/billing";
import { entitlements, payments, receipts, subscriptionPlans, subscriptions } from "#db/schema/billing";
import { parisDate } from "#server/billing/billing.mails";
import { createTestApp, type TestApp } from "../harness.ts";
import { type SignedIn, signedIn, signedInAdmin } from "../support/members.ts";
import { outboxMailsTo } from "../support/outbox.ts";

/**
 * The demo provider (docs/decisions/042-demo-provider.md) and the rules every checkout keeps: the
 * plan, its price and the member come from the server, an inactive plan is refused, the waiver of
 * the withdrawal right is recorded with the payment, access follows only what the server verified.
 */
let t: TestApp;
let premium: { id: string; priceCents: number };
let lifetimeId: string;
let retiredId: string;
beforeAll(async () => {
  t = await createTestApp({ env: { PAYMENT_DEMO: "true" } });
  const plans = await t.database.db.select().from(subscriptionPlans);
  const p = plans.find((x) => x.code === "premium_monthly");
  premium = { id: p?.id as string, priceCents: p?.priceCents as number };
  lifetimeId = plans.find((x) => x.code === "lifetime")?.id as string;
  const [retired] = await t.database.db
    .insert(subscriptionPlans)
    .values({
      code: "retired_monthly",
      name: "Ancienne",
      priceCents: 100,
      interval: "month",
      isActive: false,
    })
    .returning();
  retiredId = retired?.id as string;
});
afterAll(async () => {
  await t.close();
});

const db = () => t.database.db;
const checkout = (m: SignedIn, body: object) =>
  m.call("POST", "/api/payments/checkout", { method: "card", waiveWithdrawal: true, ...body });
const pay = (m: SignedIn, paymentId: string, body: object) =>
  m.call("POST", `/api/payments/demo/${paymentId}/pay`, body);
const mailsTo = (to: string) => outboxMailsTo(t, to);

async function buyPremium(m: SignedIn) {
  const created = await checkout(m, { planId: premium.id });
  expect(created.statusCode).toBe(201);
  const { paymentId } = created.json();
  const paid = await pay(m, paymentId, { cardNumber: DEMO_CARDS.approved });
  expect(paid.json().state).toBe("paid");
  return { paymentId, next: paid.json().next as string };
}

describe("checkout", () => {
  it("shows a member without payment as not subscribed, with the demo provider standing in for every method", async () => {
    const m = await signedIn(t);
    const res = await m.call("GET", "/api/subscription");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ state: "none", agreement: null, demo: true });
    expect(res.json().methods).toEqual(["card", "paypal", "paysafecard", "crypto"]);
    expect(res.json().demoMethods).toEqual(["card", "paypal", "paysafecard", "crypto"]);
  });

  it("says which methods the demo provider takes when a real provider has one of them (card by Stripe)", async () => {
    const mixed = await createTestApp({
      env: {
        PAYMENT_DEMO: "true",
        STRIPE_SECRET_KEY: "sk_test_not_called",
        STRIPE_WEBHOOK_SECRET: "whsec_not_called",
        STRIPE_API_URL: "http://127.0.0.1:9",
      },
    });
    try {
      const m = await signedIn(mixed);
      const body = (await m.call("GET", "/api/subscription")).json();
      expect(body.methods).toEqual(["card", "paypal", "paysafecard", "crypto"]);
      expect(body.demoMethods).toEqual(["paypal", "paysafecard", "crypto"]);
    } finally {
      await mixed.close();
    }
  });

  it("refuses an inactive plan, an unknown plan and a missing waiver with a French 400, and records nothing", async () => {
    const m = await signedIn(t);
    const inactive = await checkout(m, { planId: retiredId });
    expect(inactive.statusCode).toBe(400);
    expect(inactive.json().message).toBe(billingMessages.planInactive);
    const unknown = await checkout(m, { planId: "00000000-0000-4000-8000-000000000000" });
    expect(unknown.statusCode).toBe(400);
    const noWaiver = await checkout(m, { planId: premium.id, waiveWithdrawal: false });
    expect(noWaiver.statusCode).toBe(400);
    expect(noWaiver.json().message).toBe(billingMessages.waiverRequired);
    expect(await db().select().from(payments).where(eq(payments.userId, m.id))).toHaveLength(0);
  });

  it("ignores nothing it should not: a price, a member or an amount sent by the browser is refused outright", async () => {
    const m = await signedIn(t);
    const other = await signedIn(t);
    for (const extra of [{ priceCents: 1 }, { userId: other.id }, { amountCents: 1 }]) {
      const res = await checkout(m, { planId: premium.id, ...extra });
      expect(res.statusCode).toBe(400);
    }
    expect(await db().select().from(payments).where(eq(payments.userId, other.id))).toHaveLength(0);
  });

  it("takes the price from the database in integer cents and records the waiver with the payment", async () => {
    const m = await signedIn(t);
    const created = await checkout(m, { planId: premium.id });
    expect(created.statusCode).toBe(201);
    const body = created.json();
    expect(body.paymentUrl).toBe(`/payment/demo/${body.paymentId}`);
    const [row] = await db().select().from(payments).where(eq(payments.id, body.paymentId));
    expect(row).toMatchObject({
      amountCents: premium.priceCents,
      currency: "EUR",
      provider: "demo",
      status: "pending",
    });
    expect(row?.withdrawalWaivedAt).toBeInstanceOf(Date);
    const page = await m.call("GET", `/api/payments/demo/${body.paymentId}`);
    expect(page.json()).toMatchObject({
      state: "open",
      plan: { priceCents: premium.priceCents, code: "premium_monthly" },
    });
  });

  it("keeps another member's demo checkout out of reach", async () => {
    const m = await signedIn(t);
    const other = await signedIn(t);
    const { paymentId } = (await checkout(m, { planId: premium.id })).json();
    expect((await other.call("GET", `/api/payments/demo/${paymentId}`)).statusCode).toBe(404);
    expect((await pay(other, paymentId, { cardNumber: DEMO_CARDS.approved })).statusCode).toBe(404);
  });
});

describe("the demo provider's test cards", () => {
  it("approved card: the success page's verification says paid, the member is active with a numbered receipt e-mailed", async () => {
    const m = await signedIn(t);
    const created = (await checkout(m, { planId: premium.id })).json();
    const { sessionId } = (await m.call("GET", `/api/payments/demo/${created.paymentId}`)).json();
    const before = await m.call("GET", `/api/payments/verify?session_id=${sessionId}`);
    expect(before.json().status).toBe("pending");
    const paid = await pay(m, created.paymentId, { cardNumber: DEMO_CARDS.approved });
    expect(paid.json().state).toBe("paid");
    const verified = await m.call("GET", `/api/payments/verify?${paid.json().next.split("?")[1]}`);
    expect(verified.json()).toMatchObject({
      status: "paid",
      plan: { code: "premium_monthly", priceCents: premium.priceCents, interval: "month" },
      method: "card",
    });
    const state = (await m.call("GET", "/api/subscription")).json();
    expect(state).toMatchObject({ state: "active", planCode: "premium_monthly" });
    expect(state.agreement).toMatchObject({ provider: "demo", cancelAtPeriodEnd: false });
    const list = (await m.call("GET", "/api/payments/receipts")).json().items;
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ amountCents: premium.priceCents, currency: "EUR" });
    expect(list[0].number).toMatch(/^BOB-\d{4}-\d{6}$/);
    await expect.poll(() => mailsTo(m.email).some((mail) => mail.includes(list[0].number))).toBe(true);
    // The same receipt as a PDF, for this member only.
    const pdf = await m.call("GET", `/api/payments/receipts/${list[0].id}/pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers["content-type"]).toBe("application/pdf");
    expect(pdf.headers["content-disposition"]).toContain(list[0].number);
    expect(pdf.rawPayload.subarray(0, 8).toString("latin1")).toBe("%PDF-1.4");
    expect(pdf.rawPayload.toString("latin1")).toContain(list[0].number);
    const other = await signedIn(t);
    expect((await other.call("GET", `/api/payments/receipts/${list[0].id}/pdf`)).statusCode).toBe(404);
  });

  it("declined card: refused with no access; a new try with the approved card succeeds", async () => {
    const m = await signedIn(t);
    const { paymentId } = (await checkout(m, { planId: premium.id })).json();
    expect((await pay(m, paymentId, { cardNumber: DEMO_CARDS.declined })).json()).toEqual({
      state: "declined",
      next: null,
    });
    expect((await m.call("GET", "/api/subscription")).json().state).toBe("none");
    expect((await pay(m, paymentId, { cardNumber: DEMO_CARDS.approved })).json().state).toBe("paid");
    expect((await m.call("GET", "/api/subscription")).json().state).toBe("active");
  });

  it("card needing confirmation: nothing granted until the member confirms", async () => {
    const m = await signedIn(t);
    const { paymentId } = (await checkout(m, { planId: lifetimeId })).json();
    expect((await pay(m, paymentId, { cardNumber: DEMO_CARDS.confirm })).json().state).toBe(
      "requires_action",
    );
    expect((await m.call("GET", "/api/subscription")).json().state).toBe("none");
    expect((await pay(m, paymentId, { confirm: true })).json().state).toBe("paid");
    const state = (await m.call("GET", "/api/subscription")).json();
    expect(state).toMatchObject({ state: "active", planCode: "lifetime", endsAt: null, agreement: null });
  });

  it("the same payment confirmed three times at once grants one period and one receipt", async () => {
    const m = await signedIn(t);
    const { paymentId } = (await checkout(m, { planId: premium.id })).json();
    const answers = await Promise.all(
      [1, 2, 3].map(() => pay(m, paymentId, { cardNumber: DEMO_CARDS.approved })),
    );
    expect(answers.filter((a) => a.statusCode === 200).length).toBeGreaterThanOrEqual(1);
    expect(await db().select().from(entitlements).where(eq(entitlements.userId, m.id))).toHaveLength(1);
    expect(await db().select().from(receipts).where(eq(receipts.userId, m.id))).toHaveLength(1);
  });
});

describe("cancel in three clicks", () => {
  it("cancels at the end of the paid period, keeps access, e-mails the acknowledgement, and resumes before the end", async () => {
    const m = await signedIn(t);
    await buyPremium(m);
    const cancelled = await m.call("POST", "/api/subscription/cancel");
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({ state: "active", agreement: { cancelAtPeriodEnd: true } });
    await expect.poll(() => mailsTo(m.email).some((mail) => /sili/.test(mail))).toBe(true);
    const [row] = await db()
      .select()
      .from(entitlements)
      .where(and(eq(entitlements.userId, m.id), eq(entitlements.source, "demo")));
    expect(row?.revokedAt).toBeNull();
    // Twice is a conflict with a French message, not a second e-mail.
    expect((await m.call("POST", "/api/subscription/cancel")).statusCode).toBe(409);
    const resumed = await m.call("POST", "/api/subscription/resume");
    expect(resumed.json().agreement).toMatchObject({ cancelAtPeriodEnd: false });
  });

  it("says whether a provider may still charge: renewing, even past its period; not once cancelled, nor for access that does not renew", async () => {
    const m = await signedIn(t);
    expect((await m.call("GET", "/api/subscription")).json()).toMatchObject({ renewsAtProvider: false });
    await buyPremium(m);
    expect((await m.call("GET", "/api/subscription")).json()).toMatchObject({ renewsAtProvider: true });
    // Its period passed, its renewal not confirmed yet: out of `agreement`, still renewing at the provider.
    await db()
      .update(subscriptions)
      .set({ currentPeriodEnd: new Date(Date.now() - 60_000) })
      .where(eq(subscriptions.userId, m.id));
    expect((await m.call("GET", "/api/subscription")).json()).toMatchObject({
      agreement: null,
      renewsAtProvider: true,
    });
    await db()
      .update(subscriptions)
      .set({ currentPeriodEnd: new Date(Date.now() + 86_400_000), cancelAtPeriodEnd: true })
      .where(eq(subscriptions.userId, m.id));
    expect((await m.call("GET", "/api/subscription")).json()).toMatchObject({ renewsAtProvider: false });
  });

  it("« Gérer mon moyen de paiement » without a subscription says there is none (not that the provider manages it)", async () => {
    const m = await signedIn(t);
    const res = await m.call("POST", "/api/subscription/portal");
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(billingMessages.noSubscription);
  });

  it("a cancellation followed by a gifted period says access lasts to the gift's end, not the paid period's", async () => {
    const m = await signedIn(t);
    const admin = await signedInAdmin(t);
    await buyPremium(m);
    const periodEnd = (await m.call("GET", "/api/subscription")).json().agreement.periodEnd as string;
    const gift = await admin.call("POST", `/api/admin/users/${m.id}/gift`, {
      planCode: "essentiel",
      months: 2,
    });
    expect(gift.statusCode).toBeLessThan(300);
    const accessEnd = (await m.call("GET", "/api/subscription")).json().endsAt as string;
    expect(accessEnd > periodEnd).toBe(true);
    expect((await m.call("POST", "/api/subscription/cancel")).statusCode).toBe(200);
    // The e-mail as written (quoted-printable), read back as text.
    const readable = (eml: string) =>
      Buffer.from(
        eml
          .replace(/=\r?\n/g, "")
          .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
        "latin1",
      ).toString("utf8");
    await expect.poll(() => mailsTo(m.email).some((mail) => /sili/.test(mail))).toBe(true);
    const text = readable(mailsTo(m.email).find((mail) => /sili/.test(mail)) ?? "");
    expect(text).toContain(`jusqu'au ${parisDate(new Date(accessEnd))}`);
    expect(text).not.toContain(`jusqu'au ${parisDate(new Date(periodEnd))}`);
  });

  it("names the plan that renews, not a gift that runs before it (the cancel page's « votre abonnement … »)", async () => {
    const m = await signedIn(t);
    const admin = await signedInAdmin(t);
    expect(
      (await admin.call("POST", `/api/admin/users/${m.id}/gift`, { planCode: "premium", months: 1 }))
        .statusCode,
    ).toBeLessThan(300);
    const essentiel = (await db().select().from(subscriptionPlans)).find((p) => p.name === "Essentiel");
    const { paymentId } = (await checkout(m, { planId: essentiel?.id })).json();
    expect((await pay(m, paymentId, { cardNumber: DEMO_CARDS.approved })).json().state).toBe("paid");
    const state = (await m.call("GET", "/api/subscription")).json();
    expect(state.planName).toBe("Premium");
    expect(state.agreement).toMatchObject({ planId: essentiel?.id, planName: "Essentiel" });
  });

  it("answers 409 with a French message when there is nothing to cancel", async () => {
    const m = await signedIn(t);
    const res = await m.call("POST", "/api/subscription/cancel");
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(billingMessages.nothingToCancel);
  });
});

describe("« Renouvellement automatique » (the member's billing settings, decision 066)", () => {
  it("is on by default: the plans screen starts on the card, and a monthly subscription by card renews", async () => {
    const m = await signedIn(t);
    const before = (await m.call("GET", "/api/subscription")).json();
    expect(before).toMatchObject({ preferredMethod: "card", autoRenew: { card: true, paypal: true } });
    await buyPremium(m);
    const state = (await m.call("GET", "/api/subscription")).json();
    expect(state.agreement).toMatchObject({ cancelAtPeriodEnd: false });
  });

  it("turned off for the card, a new monthly subscription by card ends with its paid month, without a cancellation e-mail", async () => {
    const m = await signedIn(t);
    const saved = await m.call("PUT", "/api/me/settings", {
      billing: { preferredMethod: "card", autoRenew: false },
    });
    expect(saved.statusCode).toBe(200);
    expect((await m.call("GET", "/api/subscription")).json().autoRenew).toEqual({
      card: false,
      paypal: true,
    });
    await buyPremium(m);
    await expect
      .poll(async () => (await m.call("GET", "/api/subscription")).json().agreement?.cancelAtPeriodEnd)
      .toBe(true);
    expect((await m.call("GET", "/api/subscription")).json()).toMatchObject({
      state: "active",
      planCode: "premium_monthly",
    });
    // The receipt, and no acknowledgement of a cancellation the member did not ask for.
    await expect.poll(() => mailsTo(m.email).some((mail) => /BOB-\d{4}-\d{6}/.test(mail))).toBe(true);
    expect(mailsTo(m.email).some((mail) => /sili/.test(mail))).toBe(false);
    // Changing one's mind before the end: « Reprendre » renews it again.
    const resumed = await m.call("POST", "/api/subscription/resume");
    expect(resumed.json().agreement).toMatchObject({ cancelAtPeriodEnd: false });
  });

  it("follows the method paid with: off for PayPal only, a subscription by card still renews", async () => {
    const m = await signedIn(t);
    await m.call("PUT", "/api/me/settings", { billing: { preferredMethod: "paypal", autoRenew: false } });
    const state = (await m.call("GET", "/api/subscription")).json();
    expect(state).toMatchObject({ preferredMethod: "paypal", autoRenew: { card: true, paypal: false } });
    await buyPremium(m);
    const after = (await m.call("GET", "/api/subscription")).json();
    expect(after.agreement).toMatchObject({ cancelAtPeriodEnd: false });
  });
});

describe("changing plan", () => {
  it("buying lifetime while subscribed stops the monthly renewal (access runs on, for life)", async () => {
    const m = await signedIn(t);
    await buyPremium(m);
    const { paymentId } = (await checkout(m, { planId: lifetimeId })).json();
    expect((await pay(m, paymentId, { cardNumber: DEMO_CARDS.approved })).json().state).toBe("paid");
    await expect
      .poll(async () => (await m.call("GET", "/api/subscription")).json().agreement?.cancelAtPeriodEnd)
      .toBe(true);
    expect((await m.call("GET", "/api/subscription")).json()).toMatchObject({
      state: "active",
      endsAt: null,
    });
    // Lifetime bought: nothing more can be bought.
    const again = await checkout(m, { planId: premium.id });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(billingMessages.alreadyLifetime);
  });

  it("never opens a second monthly subscription beside one that still renews: cancel it first, then choose", async () => {
    const m = await signedIn(t);
    await buyPremium(m);
    const second = await checkout(m, { planId: premium.id });
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe(billingMessages.subscriptionRunning("Premium"));
    expect(await db().$count(payments, eq(payments.userId, m.id))).toBe(1);
    expect((await m.call("POST", "/api/subscription/cancel")).statusCode).toBe(200);
    expect((await checkout(m, { planId: premium.id })).statusCode).toBe(201);
  });

  it("two checkouts opened before either is paid (two tabs): the second is refused at payment, nothing taken twice", async () => {
    const m = await signedIn(t);
    const first = (await checkout(m, { planId: premium.id })).json();
    const second = (await checkout(m, { planId: premium.id })).json();
    expect((await pay(m, first.paymentId, { cardNumber: DEMO_CARDS.approved })).json().state).toBe("paid");
    const again = await pay(m, second.paymentId, { cardNumber: DEMO_CARDS.approved });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(billingMessages.subscriptionRunning("Premium"));
    const paid = await db()
      .select()
      .from(payments)
      .where(and(eq(payments.userId, m.id), eq(payments.status, "paid")));
    expect(paid).toHaveLength(1);
    expect((await m.call("GET", "/api/payments/receipts")).json().items).toHaveLength(1);
  });

  it("a checkout left open is refused at payment once lifetime was given meanwhile", async () => {
    const m = await signedIn(t);
    const admin = await signedInAdmin(t);
    const open = (await checkout(m, { planId: premium.id })).json();
    const gift = await admin.call("POST", `/api/admin/users/${m.id}/gift`, { planCode: "lifetime" });
    expect(gift.statusCode).toBeLessThan(300);
    const paid = await pay(m, open.paymentId, { cardNumber: DEMO_CARDS.approved });
    expect(paid.statusCode).toBe(409);
    expect(paid.json().message).toBe(billingMessages.alreadyLifetime);
    expect(await db().$count(payments, and(eq(payments.userId, m.id), eq(payments.status, "paid")))).toBe(0);
  });

  it("a payment the success page found declined stays closed: a later approved card is refused", async () => {
    const m = await signedIn(t);
    const { paymentId } = (await checkout(m, { planId: premium.id })).json();
    const { sessionId } = (await m.call("GET", `/api/payments/demo/${paymentId}`)).json();
    expect((await pay(m, paymentId, { cardNumber: DEMO_CARDS.declined })).json().state).toBe("declined");
    expect((await m.call("GET", `/api/payments/verify?session_id=${sessionId}`)).json().status).toBe(
      "failed",
    );
    const late = await pay(m, paymentId, { cardNumber: DEMO_CARDS.approved });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(billingMessages.paymentClosed);
    expect((await m.call("GET", "/api/subscription")).json().state).toBe("none");
  });

  it("a monthly plan paid by paysafecard or crypto in the demo is one month, renewed by hand (only card and PayPal renew)", async () => {
    for (const method of ["paysafecard", "crypto"]) {
      const m = await signedIn(t);
      const { paymentId } = (await checkout(m, { planId: premium.id, method })).json();
      expect((await pay(m, paymentId, { cardNumber: DEMO_CARDS.approved })).json().state).toBe("paid");
      const state = (await m.call("GET", "/api/subscription")).json();
      expect(state).toMatchObject({ state: "active", planCode: "premium_monthly", agreement: null });
      // Nothing renews: paying the next month ahead is allowed.
      expect((await checkout(m, { planId: premium.id, method })).statusCode).toBe(201);
    }
  });
});

describe("refunds", () => {
  it("an administrator's refund ends the access it paid for at once, a payment is refunded once, and the ledger names the member", async () => {
    const m = await signedIn(t);
    const admin = await signedInAdmin(t);
    const { paymentId } = await buyPremium(m);
    expect((await m.call("GET", "/api/subscription")).json().state).toBe("active");
    expect((await m.call("POST", `/api/admin/payments/${paymentId}/refund`)).statusCode).toBe(403);
    const refunded = await admin.call("POST", `/api/admin/payments/${paymentId}/refund`);
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(refunded.json()).toEqual({ id: paymentId, status: "refunded" });
    const after = (await m.call("GET", "/api/subscription")).json();
    expect(after.state).not.toBe("active");
    expect(after.agreement).toBeNull();
    expect((await admin.call("POST", `/api/admin/payments/${paymentId}/refund`)).statusCode).toBe(409);
    const ledger = (await admin.call("GET", "/api/admin/payments")).json();
    expect(ledger.payments.find((p: { id: string }) => p.id === paymentId)).toMatchObject({
      status: "refunded",
      username: m.username,
    });
    // The member's receipt stays, marked refunded, in the list and in its PDF.
    const [receipt] = (await m.call("GET", "/api/payments/receipts")).json().items;
    expect(receipt).toMatchObject({ refunded: true });
    const pdf = await m.call("GET", `/api/payments/receipts/${receipt.id}/pdf`);
    expect(pdf.rawPayload.toString("latin1")).toContain(
      "(Rembours\\351 : ce paiement vous a \\351t\\351 rendu",
    );
  });
});
