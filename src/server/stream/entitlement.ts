import { and, desc, eq, isNull, or, sql } from "drizzle-orm";
import type { Db } from "#db/client";
import { subscriptionPlans, subscriptions } from "#db/schema/billing";

export interface StreamPlan {
  code: string;
  maxStreams: number;
}

/**
 * The plan a member may watch with, or null. spec §4 Subscription: active only if the status is
 * active and the end date is absent or not in the past, in Paris time — a subscription ending on
 * a day plays until that day ends in Paris (DST included, PostgreSQL does the zone arithmetic).
 * Several active rows: the one with the most simultaneous streams wins. `at` (tests): another instant.
 */
export async function activeStreamPlan(db: Db, userId: string, at?: Date): Promise<StreamPlan | null> {
  const instant = at ? sql`${at.toISOString()}::timestamptz` : sql`now()`;
  const parisToday = sql`(${instant} at time zone 'Europe/Paris')::date`;
  const [row] = await db
    .select({ code: subscriptionPlans.code, maxStreams: subscriptionPlans.maxStreams })
    .from(subscriptions)
    .innerJoin(subscriptionPlans, eq(subscriptionPlans.id, subscriptions.planId))
    .where(
      and(
        eq(subscriptions.userId, userId),
        eq(subscriptions.status, "active"),
        or(
          isNull(subscriptions.currentPeriodEnd),
          sql`(${subscriptions.currentPeriodEnd} at time zone 'Europe/Paris')::date >= ${parisToday}`,
        ),
      ),
    )
    .orderBy(desc(subscriptionPlans.maxStreams))
    .limit(1);
  return row ?? null;
}
