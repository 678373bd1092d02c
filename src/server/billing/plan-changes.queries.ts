import { and, desc, eq, inArray, isNotNull, isNull, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { profiles } from "#db/schema/auth";
import { entitlements, payments, planChanges, subscriptionPlans, subscriptions } from "#db/schema/billing";
import type { Conn } from "../shared/sql.queries.ts";

export type PlanChangeRow = typeof planChanges.$inferSelect;

/** The states of a change that still waits (at most one per agreement: a unique index). */
const WAITING = ["requested", "awaiting_approval", "scheduled"] as const;

/**
 * Claims the agreement's one waiting change (decision 053): null when another is already there, so
 * that two requests at once (a double click) ask the provider once.
 */
export async function claimPlanChange(
  tx: Conn,
  c: {
    userId: string;
    subscriptionId: string;
    provider: string;
    fromPlanId: string;
    toPlanId: string;
    kind: "upgrade" | "downgrade";
    effectiveAt: Date | null;
  },
): Promise<PlanChangeRow | null> {
  const [row] = await tx
    .insert(planChanges)
    .values({ ...c, status: "requested" })
    .onConflictDoNothing()
    .returning();
  return row ?? null;
}

/** A change's line written when it is already done (an upgrade told by the provider first). */
export async function insertPlanChange(tx: Conn, c: typeof planChanges.$inferInsert) {
  await tx.insert(planChanges).values(c);
}

export async function updatePlanChange(tx: Conn, id: string, change: Partial<PlanChangeRow>) {
  await tx.update(planChanges).set(change).where(eq(planChanges.id, id));
}

/** The agreement's change that still waits, with the name of the plan it goes to. */
export async function waitingChange(db: Conn, subscriptionId: string) {
  const [row] = await db
    .select({ change: planChanges, planName: subscriptionPlans.name, planCode: subscriptionPlans.code })
    .from(planChanges)
    .innerJoin(subscriptionPlans, eq(subscriptionPlans.id, planChanges.toPlanId))
    .where(and(eq(planChanges.subscriptionId, subscriptionId), inArray(planChanges.status, WAITING)));
  return row;
}

/** Locks the agreement's row for the rest of the transaction (one plan change applied at a time). */
export async function lockAgreement(tx: Conn, subscriptionId: string) {
  const [row] = await tx
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.id, subscriptionId))
    .for("update");
  return row;
}

/** The plan the agreement bills from now on. */
export async function setAgreementPlan(tx: Conn, subscriptionId: string, planId: string) {
  await tx
    .update(subscriptions)
    .set({ planId, updatedAt: sql`now()` })
    .where(eq(subscriptions.id, subscriptionId));
}

/**
 * An upgrade takes effect at once: the periods this agreement paid that still run are of the new
 * plan now, so the stream's limits and quality follow (they read the plan of the covering
 * entitlement). Past periods keep theirs.
 */
export async function switchRunningPeriods(tx: Conn, subscriptionId: string, planId: string) {
  await tx
    .update(entitlements)
    .set({ planId })
    .where(
      and(
        isNull(entitlements.revokedAt),
        or(isNull(entitlements.endsAt), sql`${entitlements.endsAt} > now()`),
        inArray(
          entitlements.id,
          tx
            .select({ id: payments.entitlementId })
            .from(payments)
            .where(
              and(
                eq(payments.subscriptionId, subscriptionId),
                eq(payments.status, "paid"),
                isNotNull(payments.entitlementId),
              ),
            ),
        ),
      ),
    );
}

/** The period of this agreement that runs now (what an upgrade's difference paid for too). */
export async function runningPeriodOf(tx: Conn, subscriptionId: string) {
  const [row] = await tx
    .select({ id: entitlements.id, endsAt: entitlements.endsAt })
    .from(payments)
    .innerJoin(entitlements, eq(entitlements.id, payments.entitlementId))
    .where(
      and(
        eq(payments.subscriptionId, subscriptionId),
        eq(payments.status, "paid"),
        isNull(entitlements.revokedAt),
        or(isNull(entitlements.endsAt), sql`${entitlements.endsAt} > now()`),
      ),
    )
    .orderBy(desc(entitlements.endsAt))
    .limit(1);
  return row;
}

/** The payment of an upgrade's difference: paid when recorded, once per provider reference. */
export async function insertChangePayment(
  tx: Conn,
  p: {
    userId: string;
    planId: string;
    provider: (typeof payments.$inferInsert)["provider"];
    providerRef: string;
    amountCents: number;
    currency: string;
    method: string;
    subscriptionId: string;
    subscriptionRef: string;
    entitlementId: string | null;
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
      status: "paid",
      method: p.method,
      subscriptionId: p.subscriptionId,
      providerSubscriptionRef: p.subscriptionRef,
      entitlementId: p.entitlementId,
      // The member confirmed that the new plan starts at once (the withdrawal right waived).
      withdrawalWaivedAt: sql`now()` as unknown as Date,
      paidAt: sql`now()` as unknown as Date,
    })
    .onConflictDoNothing()
    .returning();
  return row;
}

/** A plan by its code (a provider that names plans by its own id: PayPal). */
export async function planByCode(db: Conn, code: string) {
  const [row] = await db.select().from(subscriptionPlans).where(eq(subscriptionPlans.code, code));
  return row;
}

/** The latest plan changes, for the administrators' ledger. */
export async function recentPlanChanges(db: Conn, limit: number) {
  const from = alias(subscriptionPlans, "from_plan");
  const to = alias(subscriptionPlans, "to_plan");
  return db
    .select({
      id: planChanges.id,
      userId: planChanges.userId,
      username: profiles.username,
      provider: planChanges.provider,
      fromPlan: from.name,
      toPlan: to.name,
      kind: planChanges.kind,
      status: planChanges.status,
      effectiveAt: planChanges.effectiveAt,
      amountCents: planChanges.amountCents,
      currency: planChanges.currency,
      detail: planChanges.detail,
      createdAt: planChanges.createdAt,
    })
    .from(planChanges)
    .innerJoin(from, eq(from.id, planChanges.fromPlanId))
    .innerJoin(to, eq(to.id, planChanges.toPlanId))
    .leftJoin(profiles, eq(profiles.id, planChanges.userId))
    .orderBy(desc(planChanges.createdAt))
    .limit(limit);
}
