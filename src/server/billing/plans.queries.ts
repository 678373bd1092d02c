import { asc, eq } from "drizzle-orm";
import type { Db } from "#db/client";
import { subscriptionPlans } from "#db/schema/billing";

/** spec §7 subscription_plans: where is_active, ordered by price_cents ascending. */
export async function plansOnSale(db: Db) {
  return db
    .select({
      id: subscriptionPlans.id,
      code: subscriptionPlans.code,
      name: subscriptionPlans.name,
      priceCents: subscriptionPlans.priceCents,
      currency: subscriptionPlans.currency,
      interval: subscriptionPlans.interval,
      maxStreams: subscriptionPlans.maxStreams,
      badge: subscriptionPlans.badge,
      features: subscriptionPlans.features,
    })
    .from(subscriptionPlans)
    .where(eq(subscriptionPlans.isActive, true))
    .orderBy(asc(subscriptionPlans.priceCents));
}
