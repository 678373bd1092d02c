import { and, asc, desc, eq, inArray, isNotNull, isNull, or, sql } from "drizzle-orm";
import { profiles, users } from "#db/schema/auth";
import {
  billingSettings,
  entitlements,
  paymentEvents,
  payments,
  receipts,
  subscriptionPlans,
  subscriptions,
} from "#db/schema/billing";
import { type Conn, rowsOf } from "../shared/sql.queries.ts";

export type PaymentRow = typeof payments.$inferSelect;
export type PlanRow = typeof subscriptionPlans.$inferSelect;

export async function planById(db: Conn, planId: string): Promise<PlanRow | undefined> {
  const [row] = await db.select().from(subscriptionPlans).where(eq(subscriptionPlans.id, planId));
  return row;
}

export async function memberEmail(db: Conn, userId: string) {
  const [row] = await db
    .select({ id: users.id, email: users.email, username: profiles.username })
    .from(users)
    .leftJoin(profiles, eq(profiles.id, users.id))
    .where(eq(users.id, userId));
  return row;
}

export async function insertPayment(
  db: Conn,
  p: {
    userId: string;
    planId: string;
    provider: PaymentRow["provider"];
    method: string;
    amountCents: number;
    currency: string;
    demoState?: string;
  },
) {
  const [row] = await db
    .insert(payments)
    .values({ ...p, status: "pending", withdrawalWaivedAt: sql`now()` as unknown as Date })
    .returning();
  if (!row) throw new Error("payment not inserted");
  return row;
}

export async function setPaymentRef(db: Conn, paymentId: string, providerRef: string) {
  await db.update(payments).set({ providerRef, updatedAt: sql`now()` }).where(eq(payments.id, paymentId));
}

export async function paymentById(db: Conn, paymentId: string) {
  const [row] = await db.select().from(payments).where(eq(payments.id, paymentId));
  return row;
}

export async function paymentByRef(db: Conn, provider: string, ref: string) {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.provider, provider as PaymentRow["provider"]), eq(payments.providerRef, ref)));
  return row;
}

/**
 * The payment a provider's charge paid, by what it paid (decision 041): a one-time checkout or a
 * renewal is stored under its own reference (session, invoice); a checkout's first monthly period
 * under the session, its invoice being the reference of the period it granted. The payment named by
 * its own reference first, else the oldest whose period was granted under one of them.
 */
export async function paymentPaidBy(db: Conn, provider: string, refs: string[]) {
  if (refs.length === 0) return undefined;
  const [row] = await db
    .select({ payment: payments })
    .from(payments)
    .leftJoin(entitlements, eq(entitlements.id, payments.entitlementId))
    .where(
      and(
        eq(payments.provider, provider as PaymentRow["provider"]),
        or(inArray(payments.providerRef, refs), inArray(entitlements.providerRef, refs)),
      ),
    )
    .orderBy(sql`coalesce(${inArray(payments.providerRef, refs)}, false) desc`, asc(payments.createdAt))
    .limit(1);
  return row?.payment;
}

/** The member's payment by the provider's reference, whatever the provider (the success page's session_id). */
export async function memberPaymentByRef(db: Conn, userId: string, ref: string) {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.userId, userId), eq(payments.providerRef, ref)));
  return row;
}

/** Locks the payment row for the rest of the transaction (one activation under concurrency). */
export async function lockPayment(tx: Conn, paymentId: string) {
  const [row] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for("update");
  return row;
}

export async function updatePayment(tx: Conn, paymentId: string, change: Partial<PaymentRow>) {
  await tx
    .update(payments)
    .set({ ...change, updatedAt: sql`now()` })
    .where(eq(payments.id, paymentId));
}

export async function setDemoState(db: Conn, paymentId: string, demoState: string) {
  await db.update(payments).set({ demoState, updatedAt: sql`now()` }).where(eq(payments.id, paymentId));
}

/** The renewal payment of an invoice: inserted once (the provider's reference is unique). */
export async function insertRenewalPayment(
  tx: Conn,
  p: {
    userId: string;
    planId: string;
    provider: PaymentRow["provider"];
    providerRef: string;
    amountCents: number;
    currency: string;
    subscriptionRef: string;
  },
) {
  const [row] = await tx
    .insert(payments)
    .values({
      userId: p.userId,
      planId: p.planId,
      provider: p.provider,
      providerRef: p.providerRef,
      amountCents: p.amountCents,
      currency: p.currency,
      status: "pending",
      method: "card",
      providerSubscriptionRef: p.subscriptionRef,
    })
    .onConflictDoNothing()
    .returning();
  return row ?? (await paymentByRef(tx, p.provider, p.providerRef));
}

/**
 * Records a webhook delivery once: the first delivery of an event id gets its row (and goes on),
 * a second one — or one arriving while the first is being handled — gets nothing.
 */
export async function claimEvent(
  tx: Conn,
  e: { provider: string; eventId: string; type: string; payload: unknown },
): Promise<string | null> {
  const [row] = await tx
    .insert(paymentEvents)
    .values({
      provider: e.provider,
      eventId: e.eventId,
      type: e.type,
      payload: e.payload as object,
    })
    .onConflictDoNothing()
    .returning({ id: paymentEvents.id });
  return row?.id ?? null;
}

/** A stored delivery, for an administrator's replay. */
export async function paymentEventById(db: Conn, id: string) {
  const [row] = await db
    .select({ id: paymentEvents.id, provider: paymentEvents.provider, payload: paymentEvents.payload })
    .from(paymentEvents)
    .where(eq(paymentEvents.id, id));
  return row;
}

/** Holds a delivery's row until the transaction ends: one replay of it at a time. */
export async function lockPaymentEvent(tx: Conn, id: string) {
  await tx.select({ id: paymentEvents.id }).from(paymentEvents).where(eq(paymentEvents.id, id)).for("update");
}

export async function settleEvent(
  tx: Conn,
  id: string,
  r: { outcome: string; detail?: string | null; paymentId?: string | null; userId?: string | null },
) {
  await tx
    .update(paymentEvents)
    .set({
      outcome: r.outcome,
      detail: r.detail ?? null,
      paymentId: r.paymentId ?? null,
      userId: r.userId ?? null,
    })
    .where(eq(paymentEvents.id, id));
}

export async function userExists(tx: Conn, userId: string) {
  const [row] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId));
  return row !== undefined;
}

/** The agreement with a provider by its reference. */
export async function agreementByRef(db: Conn, provider: string, ref: string) {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.provider, provider), eq(subscriptions.providerRef, ref)));
  return row;
}

/** Creates or refreshes the member's agreement with a provider (monthly plans). */
export async function upsertAgreement(
  tx: Conn,
  a: {
    userId: string;
    planId: string;
    provider: string;
    providerRef: string;
    status: "active" | "canceled" | "expired";
    currentPeriodEnd: Date | null;
    cancelAtPeriodEnd: boolean;
    paymentMethod: "card" | "paypal" | "paysafecard" | "crypto";
  },
) {
  const existing = await agreementByRef(tx, a.provider, a.providerRef);
  if (existing) {
    await tx
      .update(subscriptions)
      .set({
        status: a.status,
        currentPeriodEnd: a.currentPeriodEnd,
        cancelAtPeriodEnd: a.cancelAtPeriodEnd,
        autoRenew: a.status === "active" && !a.cancelAtPeriodEnd,
        updatedAt: sql`now()`,
      })
      .where(eq(subscriptions.id, existing.id));
    return existing.id;
  }
  const [row] = await tx
    .insert(subscriptions)
    .values({
      userId: a.userId,
      planId: a.planId,
      status: a.status,
      paymentMethod: a.paymentMethod,
      currentPeriodEnd: a.currentPeriodEnd,
      autoRenew: a.status === "active" && !a.cancelAtPeriodEnd,
      provider: a.provider,
      providerRef: a.providerRef,
      cancelAtPeriodEnd: a.cancelAtPeriodEnd,
    })
    .returning({ id: subscriptions.id });
  return row?.id;
}

/** The member's running agreement with a provider (the one « Résilier » acts on), newest first. */
export async function runningAgreement(db: Conn, userId: string) {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.userId, userId),
        eq(subscriptions.status, "active"),
        isNotNull(subscriptions.providerRef),
      ),
    )
    .orderBy(desc(subscriptions.createdAt))
    .limit(1);
  return row;
}

/**
 * The member's billing preferences (spec §9): the reminder's days, the method the plans screen
 * starts on, and whether a monthly subscription by card or by PayPal renews by itself (decision 066).
 * A member without the row has the defaults.
 */
export async function billingPreferences(db: Conn, userId: string) {
  const [row] = await db
    .select({
      reminderDays: billingSettings.notifyBeforeDays,
      preferredMethod: billingSettings.preferredMethod,
      card: billingSettings.cardAutoRenew,
      paypal: billingSettings.paypalAutoRenew,
    })
    .from(billingSettings)
    .where(eq(billingSettings.userId, userId));
  return {
    reminderDays: row?.reminderDays ?? 2,
    preferredMethod: row?.preferredMethod ?? "card",
    autoRenew: { card: row?.card ?? true, paypal: row?.paypal ?? true },
  };
}

/** A numbered receipt for a paid payment (once per payment). */
export async function insertReceipt(
  tx: Conn,
  r: {
    paymentId: string;
    userId: string;
    planName: string;
    amountCents: number;
    currency: string;
    periodStart: Date;
    periodEnd: Date | null;
  },
) {
  const [row] = await tx
    .insert(receipts)
    .values({
      ...r,
      number: sql`'BOB-' || to_char(now() at time zone 'Europe/Paris', 'YYYY') || '-' || lpad(nextval('receipt_number_seq')::text, 6, '0')`,
    })
    .onConflictDoNothing()
    .returning();
  return row;
}

/** The member's receipts, each with whether its payment was refunded since. */
export async function receiptsOf(db: Conn, userId: string) {
  return db
    .select({ receipt: receipts, paymentStatus: payments.status })
    .from(receipts)
    .leftJoin(payments, eq(payments.id, receipts.paymentId))
    .where(eq(receipts.userId, userId))
    .orderBy(desc(receipts.issuedAt), desc(receipts.number));
}

export async function receiptOf(db: Conn, userId: string, receiptId: string) {
  const [row] = await db
    .select()
    .from(receipts)
    .where(and(eq(receipts.userId, userId), eq(receipts.id, receiptId)));
  return row;
}

/** A payment as the ledger shows it: with its member's name and its plan's. */
const ledgerRow = {
  id: payments.id,
  userId: payments.userId,
  username: profiles.username,
  planName: subscriptionPlans.name,
  provider: payments.provider,
  providerRef: payments.providerRef,
  amountCents: payments.amountCents,
  currency: payments.currency,
  status: payments.status,
  failureReason: payments.failureReason,
  createdAt: payments.createdAt,
};

export async function recentPayments(db: Conn, limit: number) {
  return db
    .select(ledgerRow)
    .from(payments)
    .innerJoin(subscriptionPlans, eq(subscriptionPlans.id, payments.planId))
    .leftJoin(profiles, eq(profiles.id, payments.userId))
    .orderBy(desc(payments.createdAt))
    .limit(limit);
}

/** Crypto payments to the operator's wallet still waiting for an administrator, oldest first (decision 051). */
export async function walletPaymentsToConfirm(db: Conn, limit: number) {
  return db
    .select(ledgerRow)
    .from(payments)
    .innerJoin(subscriptionPlans, eq(subscriptionPlans.id, payments.planId))
    .leftJoin(profiles, eq(profiles.id, payments.userId))
    .where(and(eq(payments.provider, "crypto"), eq(payments.status, "pending")))
    .orderBy(payments.createdAt)
    .limit(limit);
}

/** The administrators, to be told of a payment to confirm. */
export async function administratorIds(db: Conn): Promise<string[]> {
  const rows = await db.select({ id: profiles.id }).from(profiles).where(eq(profiles.role, "admin"));
  return rows.map((r) => r.id);
}

export async function recentEvents(db: Conn, limit: number) {
  return db
    .select({
      id: paymentEvents.id,
      provider: paymentEvents.provider,
      eventId: paymentEvents.eventId,
      type: paymentEvents.type,
      outcome: paymentEvents.outcome,
      detail: paymentEvents.detail,
      receivedAt: paymentEvents.receivedAt,
    })
    .from(paymentEvents)
    .orderBy(desc(paymentEvents.receivedAt))
    .limit(limit);
}

/** Whether a period paid under this reference was already granted (a first invoice is the checkout's). */
export async function periodGranted(
  tx: Conn,
  source: (typeof entitlements.$inferSelect)["source"],
  ref: string,
) {
  const [row] = await tx
    .select({ id: entitlements.id })
    .from(entitlements)
    .where(and(eq(entitlements.source, source), eq(entitlements.providerRef, ref)));
  return row !== undefined;
}

/** Ends access paid by a refunded payment at once. */
export async function revokePeriod(tx: Conn, entitlementId: string) {
  await tx
    .update(entitlements)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(entitlements.id, entitlementId), isNull(entitlements.revokedAt)));
}

/** The agreement a refunded payment belonged to: over, nothing renews. */
export async function endAgreement(tx: Conn, subscriptionId: string) {
  await tx
    .update(subscriptions)
    .set({ status: "canceled", autoRenew: false, updatedAt: sql`now()` })
    .where(eq(subscriptions.id, subscriptionId));
}

/**
 * The periods to remind about now (spec §9: N days before the end, N the member's reminder
 * setting, default 2), each claimed once: `reminded_at` set in the same statement, so two runs at
 * once remind once. A period is the last of the member's access (nothing covers after it: no later
 * period, no lifetime), and no renewal is running (an agreement that renews does not expire).
 */
export async function claimDueReminders(tx: Conn, at: Date) {
  const instant = sql`${at.toISOString()}::timestamptz`;
  const today = sql`(${instant} at time zone 'Europe/Paris')::date`;
  return rowsOf<{ id: string; user_id: string; ends_at: Date | string; plan_name: string; email: string }>(
    await tx.execute(sql`
      update entitlements e set reminded_at = ${instant}
      from subscription_plans p, users u
      where p.id = e.plan_id and u.id = e.user_id
        and e.reminded_at is null and e.revoked_at is null and e.ends_at is not null
        and e.starts_at <= ${instant}
        and (e.ends_at at time zone 'Europe/Paris')::date >= ${today}
        and (e.ends_at at time zone 'Europe/Paris')::date - ${today} <= coalesce(
          (select b.notify_before_days from billing_settings b where b.user_id = e.user_id), 2)
        and not exists (
          select 1 from entitlements later
          where later.user_id = e.user_id and later.revoked_at is null and later.id <> e.id
            and (later.ends_at is null or later.ends_at > e.ends_at))
        and not exists (
          select 1 from subscriptions s
          where s.user_id = e.user_id and s.status = 'active' and s.provider_ref is not null
            and not s.cancel_at_period_end)
      returning e.id, e.user_id, e.ends_at, p.name as plan_name, u.email`),
  );
}

/** The agreements still running at a provider (the daily reconciliation reads each one there). */
export async function runningAgreements(db: Conn, provider: string) {
  return db
    .select()
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.provider, provider),
        eq(subscriptions.status, "active"),
        isNotNull(subscriptions.providerRef),
      ),
    );
}
