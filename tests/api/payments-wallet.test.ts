import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { billingMessages } from "#contract/billing";
import { notifications } from "#db/schema/activity";
import { adminAudit } from "#db/schema/admin";
import { entitlements, payments, receipts, subscriptionPlans } from "#db/schema/billing";
import { createTestApp, type TestApp } from "../harness.ts";
import { type SignedIn, signedIn, signedInAdmin } from "../support/members.ts";
import { outboxMailsTo } from "../support/outbox.ts";

/**
 * The crypto fallback without BTCPay (decision 051): the member sends the plan's amount to the
 * operator's wallet and declares the transaction; nothing is granted until an administrator
 * confirms it with its reference (one prepaid period, or lifetime); a transaction pays for one
 * payment only; refusals and confirmations are told to the member and kept in the journal.
 */
const WALLET = "bc1qbobine0demo0wallet0address0for0tests7x";
const tx = (n: number) => `${String(n).padStart(4, "0")}${"ab12".repeat(15)}`;

let t: TestApp;
let admin: SignedIn;
let premiumId: string;
let lifetimeId: string;
beforeAll(async () => {
  t = await createTestApp({
    env: { PAYMENT_DEMO: "true", CRYPTO_WALLET_ADDRESS: WALLET, CRYPTO_WALLET_NETWORK: "Bitcoin" },
  });
  const plans = await t.database.db.select().from(subscriptionPlans);
  premiumId = plans.find((p) => p.code === "premium_monthly")?.id as string;
  lifetimeId = plans.find((p) => p.code === "lifetime")?.id as string;
  admin = await signedInAdmin(t);
});
afterAll(async () => {
  await t?.close();
});

const db = () => t.database.db;
const buy = async (m: SignedIn, planId = premiumId) => {
  const res = await m.call("POST", "/api/payments/checkout", {
    planId,
    method: "crypto",
    waiveWithdrawal: true,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { paymentId: string; paymentUrl: string; planName: string };
};
const declare = (m: SignedIn, paymentId: string, reference: unknown) =>
  m.call("POST", `/api/payments/crypto/${paymentId}/declare`, { reference });
const confirm = (paymentId: string, reference: string, by: SignedIn = admin) =>
  by.call("POST", `/api/admin/payments/${paymentId}/confirm`, { reference });
const reject = (paymentId: string, by: SignedIn = admin) =>
  by.call("POST", `/api/admin/payments/${paymentId}/reject`);
const state = async (m: SignedIn) => (await m.call("GET", "/api/subscription")).json();
const notificationsOf = async (userId: string) =>
  db().select().from(notifications).where(eq(notifications.userId, userId));
const mailsTo = (to: string) => outboxMailsTo(t, to);

describe("paying to the operator's wallet", () => {
  it("sends the member to Bobine's own page, which shows the wallet, the network and the plan's price from the server", async () => {
    const m = await signedIn(t);
    expect((await state(m)).methods).toContain("crypto");
    const { paymentId, paymentUrl } = await buy(m);
    expect(paymentUrl).toBe(`/payment/crypto?payment_id=${paymentId}`);
    const [row] = await db().select().from(payments).where(eq(payments.id, paymentId));
    expect(row).toMatchObject({ provider: "crypto", method: "crypto", status: "pending", providerRef: null });
    const page = await m.call("GET", `/api/payments/crypto/${paymentId}`);
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({
      paymentId,
      address: WALLET,
      network: "Bitcoin",
      reference: null,
      status: "pending",
      plan: { code: "premium_monthly", priceCents: row?.amountCents, currency: "EUR", interval: "month" },
    });
  });

  it("refuses a malformed transaction reference in French and keeps nothing", async () => {
    const m = await signedIn(t);
    const { paymentId } = await buy(m);
    for (const bad of ["", "abc", "a b c d e f g h", "x".repeat(129), "abcd\u0000efgh"]) {
      const res = await declare(m, paymentId, bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(Object.values(res.json().fields ?? {})).toEqual([
        bad === "" ? billingMessages.walletReferenceRequired : billingMessages.walletReferenceInvalid,
      ]);
    }
    const [row] = await db().select().from(payments).where(eq(payments.id, paymentId));
    expect(row?.providerRef).toBeNull();
  });

  it("keeps the declared transaction, tells the administrators, and grants nothing before their confirmation", async () => {
    const m = await signedIn(t);
    const { paymentId } = await buy(m);
    const declared = await declare(m, paymentId, `  ${tx(1)}  `);
    expect(declared.statusCode, declared.body).toBe(200);
    expect(declared.json()).toMatchObject({ reference: tx(1), status: "pending" });
    expect((await state(m)).state).toBe("none");
    const told = await notificationsOf(admin.id);
    expect(
      told.some((n) => n.title === billingMessages.walletDeclaredTitle && n.message.includes(m.username)),
    ).toBe(true);
    const ledger = (await admin.call("GET", "/api/admin/payments")).json();
    expect(ledger.toConfirm.find((p: { id: string }) => p.id === paymentId)).toMatchObject({
      providerRef: tx(1),
      username: m.username,
      status: "pending",
    });
  });

  it("keeps another member's wallet payment out of reach", async () => {
    const m = await signedIn(t);
    const other = await signedIn(t);
    const { paymentId } = await buy(m);
    expect((await other.call("GET", `/api/payments/crypto/${paymentId}`)).statusCode).toBe(404);
    expect((await declare(other, paymentId, tx(2))).statusCode).toBe(404);
    const [row] = await db().select().from(payments).where(eq(payments.id, paymentId));
    expect(row?.providerRef).toBeNull();
  });

  it("lets one transaction pay for one payment only", async () => {
    const m = await signedIn(t);
    const other = await signedIn(t);
    const first = await buy(m);
    const second = await buy(other);
    expect((await declare(m, first.paymentId, tx(3))).statusCode).toBe(200);
    const taken = await declare(other, second.paymentId, tx(3));
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(billingMessages.walletReferenceTaken);
    // Nor can an administrator confirm the second with the first one's transaction.
    const reused = await confirm(second.paymentId, tx(3));
    expect(reused.statusCode).toBe(409);
    expect((await state(other)).state).toBe("none");
  });

  it("knows a hexadecimal transaction whatever its case and its « 0x »: it still pays one payment only", async () => {
    const m = await signedIn(t);
    const other = await signedIn(t);
    const first = await buy(m);
    const second = await buy(other);
    expect((await declare(m, first.paymentId, tx(4).toUpperCase())).statusCode).toBe(200);
    for (const spelling of [tx(4), `0x${tx(4)}`, `0x${tx(4).toUpperCase()}`]) {
      const taken = await declare(other, second.paymentId, spelling);
      expect(taken.statusCode).toBe(409);
      expect(taken.json().message).toBe(billingMessages.walletReferenceTaken);
      expect((await confirm(second.paymentId, spelling)).statusCode).toBe(409);
    }
    expect((await state(other)).state).toBe("none");
  });
});

describe("an administrator's confirmation", () => {
  it("starts one prepaid month with a numbered receipt e-mailed, tells the member, and writes the journal", async () => {
    const m = await signedIn(t);
    const { paymentId } = await buy(m);
    await declare(m, paymentId, tx(10));
    const confirmed = await confirm(paymentId, tx(10));
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toEqual({ id: paymentId, status: "paid" });

    const now = await state(m);
    expect(now).toMatchObject({ state: "active", planCode: "premium_monthly", agreement: null });
    const days = (new Date(now.endsAt).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(27);
    expect(days).toBeLessThan(32);
    const [granted] = await db().select().from(entitlements).where(eq(entitlements.userId, m.id));
    expect(granted).toMatchObject({ source: "crypto", providerRef: tx(10) });
    const [receipt] = await db().select().from(receipts).where(eq(receipts.userId, m.id));
    expect(receipt?.number).toMatch(/^BOB-\d{4}-\d{6}$/);
    await expect
      .poll(() =>
        mailsTo(m.email).some(
          (mail) => mail.includes(receipt?.number ?? "?") && mail.includes("Cryptomonnaie"),
        ),
      )
      .toBe(true);
    expect((await notificationsOf(m.id)).map((n) => n.title)).toContain(billingMessages.walletConfirmedTitle);
    const [line] = await db()
      .select()
      .from(adminAudit)
      .where(and(eq(adminAudit.action, "payment.confirm"), eq(adminAudit.targetId, paymentId)));
    expect(line).toMatchObject({ actorId: admin.id, targetType: "payment" });
    expect(line?.targetLabel).toContain(m.username);
    expect(line?.summary).toMatchObject({ after: { status: "paid", reference: tx(10) } });
    const ledger = (await admin.call("GET", "/api/admin/payments")).json();
    expect(ledger.toConfirm.some((p: { id: string }) => p.id === paymentId)).toBe(false);
    expect(ledger.payments.find((p: { id: string }) => p.id === paymentId)).toMatchObject({ status: "paid" });
    // Settled: the member can no longer change the reference, nor an administrator settle it again.
    expect((await declare(m, paymentId, tx(11))).statusCode).toBe(409);
    expect((await reject(paymentId)).statusCode).toBe(409);
  });

  it("confirms a payment the member never declared with the reference the administrator found, and lifetime has no end", async () => {
    const m = await signedIn(t);
    const { paymentId } = await buy(m, lifetimeId);
    expect((await confirm(paymentId, tx(20))).statusCode).toBe(200);
    expect(await state(m)).toMatchObject({ state: "active", planCode: "lifetime", endsAt: null });
    const [row] = await db().select().from(payments).where(eq(payments.id, paymentId));
    expect(row).toMatchObject({ status: "paid", providerRef: tx(20) });
  });

  it("grants once when two administrators confirm the same payment at once", async () => {
    const m = await signedIn(t);
    const other = await signedInAdmin(t);
    const { paymentId } = await buy(m);
    const answers = await Promise.all([confirm(paymentId, tx(30)), confirm(paymentId, tx(30), other)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(await db().$count(entitlements, eq(entitlements.userId, m.id))).toBe(1);
    expect(await db().$count(receipts, eq(receipts.userId, m.id))).toBe(1);
  });

  it("is an administrator's alone: a member gets 403 and nothing changes", async () => {
    const m = await signedIn(t);
    const { paymentId } = await buy(m);
    expect((await confirm(paymentId, tx(40), m)).statusCode).toBe(403);
    expect((await reject(paymentId, m)).statusCode).toBe(403);
    expect((await state(m)).state).toBe("none");
  });

  it("answers 404 for a payment that is not a wallet payment", async () => {
    const m = await signedIn(t);
    const res = await m.call("POST", "/api/payments/checkout", {
      planId: premiumId,
      method: "card",
      waiveWithdrawal: true,
    });
    const { paymentId } = res.json();
    expect((await confirm(paymentId, tx(41))).statusCode).toBe(404);
    expect((await reject(paymentId)).statusCode).toBe(404);
  });
});

describe("an administrator's refusal and a refund", () => {
  it("a refused payment fails with its reason, the member is told, and it can no longer be confirmed", async () => {
    const m = await signedIn(t);
    const { paymentId } = await buy(m);
    await declare(m, paymentId, tx(50));
    const refused = await reject(paymentId);
    expect(refused.statusCode, refused.body).toBe(200);
    expect(refused.json()).toEqual({ id: paymentId, status: "failed" });
    const [row] = await db().select().from(payments).where(eq(payments.id, paymentId));
    expect(row).toMatchObject({ status: "failed", failureReason: "rejected_by_admin" });
    expect((await notificationsOf(m.id)).map((n) => n.title)).toContain(billingMessages.walletRejectedTitle);
    expect(await db().$count(adminAudit, eq(adminAudit.targetId, paymentId))).toBe(1);
    expect((await confirm(paymentId, tx(50))).statusCode).toBe(409);
    expect((await m.call("GET", `/api/payments/crypto/${paymentId}`)).json().status).toBe("failed");
    expect((await state(m)).state).toBe("none");
  });

  it("a refunded wallet payment ends the access it paid for, and the journal keeps the refund", async () => {
    const m = await signedIn(t);
    const { paymentId } = await buy(m);
    await confirm(paymentId, tx(60));
    expect((await state(m)).state).toBe("active");
    const refunded = await admin.call("POST", `/api/admin/payments/${paymentId}/refund`);
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect((await state(m)).state).toBe("expired");
    const [line] = await db()
      .select()
      .from(adminAudit)
      .where(and(eq(adminAudit.action, "payment.refund"), eq(adminAudit.targetId, paymentId)));
    expect(line?.summary).toMatchObject({ before: { status: "paid" }, after: { status: "refunded" } });
  });
});

describe("without a wallet", () => {
  it("offers crypto only through a configured provider: without one (and without the demo), it is not offered", async () => {
    const bare = await createTestApp({ env: { PAYMENT_DEMO: "false" } });
    try {
      const m = await signedIn(bare);
      expect((await m.call("GET", "/api/subscription")).json().methods).not.toContain("crypto");
      const [plan] = await bare.database.db
        .select()
        .from(subscriptionPlans)
        .where(eq(subscriptionPlans.code, "premium_monthly"));
      const res = await m.call("POST", "/api/payments/checkout", {
        planId: plan?.id,
        method: "crypto",
        waiveWithdrawal: true,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().fields.method).toBe(billingMessages.methodUnavailable);
    } finally {
      await bare.close();
    }
  });
});
