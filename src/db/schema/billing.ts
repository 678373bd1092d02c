import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "./auth.ts";
import { createdAt, id, updatedAt } from "./columns.ts";

/**
 * spec §3 Subscription plan. Prices, stream limits and features are data (seeded by the
 * plans migration), not code.
 */
export const subscriptionPlans = pgTable(
  "subscription_plans",
  {
    id: id(),
    code: text("code").notNull().unique(),
    name: text("name").notNull(),
    priceCents: integer("price_cents").notNull(),
    currency: text("currency").notNull().default("EUR"),
    interval: text("interval", { enum: ["month", "lifetime", "other"] }).notNull(),
    isActive: boolean("is_active").notNull().default(true),
    maxStreams: integer("max_streams").notNull().default(1),
    maxQuality: text("max_quality", { enum: ["low", "medium", "high", "ultra"] })
      .notNull()
      .default("high"),
    badge: text("badge"),
    features: jsonb("features").$type<string[]>().notNull().default([]),
    createdAt: createdAt(),
  },
  (t) => [
    check("subscription_plans_interval_ck", sql`${t.interval} in ('month', 'lifetime', 'other')`),
    check("subscription_plans_price_ck", sql`${t.priceCents} >= 0`),
    check("subscription_plans_streams_ck", sql`${t.maxStreams} between 1 and 20`),
    check("subscription_plans_currency_ck", sql`${t.currency} ~ '^[A-Z]{3}$'`),
  ],
);

/**
 * spec §3 Subscription. `current_period_end` is null for a lifetime plan; a subscription is
 * active while status = 'active' and the end is absent or not past (spec §4, Paris time).
 */
export const subscriptions = pgTable(
  "subscriptions",
  {
    id: id(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    planId: uuid("plan_id")
      .notNull()
      .references(() => subscriptionPlans.id, { onDelete: "restrict" }),
    status: text("status", { enum: ["pending", "active", "canceled", "expired"] }).notNull(),
    paymentMethod: text("payment_method", { enum: ["paypal", "paysafecard", "crypto", "card", "gift"] }),
    currentPeriodEnd: timestamp("current_period_end", { withTimezone: true }),
    autoRenew: boolean("auto_renew").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("subscriptions_user_status_created_idx").on(t.userId, t.status, sql`${t.createdAt} desc`),
    check("subscriptions_status_ck", sql`${t.status} in ('pending', 'active', 'canceled', 'expired')`),
    check(
      "subscriptions_payment_method_ck",
      sql`${t.paymentMethod} is null or ${t.paymentMethod} in ('paypal', 'paysafecard', 'crypto', 'card', 'gift')`,
    ),
  ],
);

/**
 * spec §3 Subscriber: the quick "is subscribed" row the original kept per e-mail. A row found
 * by e-mail with no user link is linked to the user at sign-in (spec §4).
 */
export const subscribers = pgTable(
  "subscribers",
  {
    id: id(),
    userId: uuid("user_id").references(() => users.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    subscribed: boolean("subscribed").notNull().default(false),
    subscriptionTier: text("subscription_tier"),
    subscriptionEnd: timestamp("subscription_end", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("subscribers_user_uq").on(t.userId),
    uniqueIndex("subscribers_email_lower_uq").on(sql`lower(${t.email})`),
  ],
);

/** spec §3 Gift subscription: given by an administrator, 1 to 24 months (lifetime has none). */
export const giftSubscriptions = pgTable(
  "gift_subscriptions",
  {
    id: id(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    planCode: text("plan_code", { enum: ["essentiel", "premium", "lifetime"] })
      .notNull()
      .default("essentiel"),
    durationMonths: integer("duration_months").notNull().default(1),
    givenBy: uuid("given_by").references(() => users.id, { onDelete: "set null" }),
    subscriptionId: uuid("subscription_id").references(() => subscriptions.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    index().on(t.userId),
    check("gift_subscriptions_plan_ck", sql`${t.planCode} in ('essentiel', 'premium', 'lifetime')`),
    check("gift_subscriptions_duration_ck", sql`${t.durationMonths} between 1 and 24`),
  ],
);

/**
 * A payment attempt with a provider. The provider reference is unique per provider so a
 * webhook delivered several times has one effect.
 */
export const payments = pgTable(
  "payments",
  {
    id: id(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    planId: uuid("plan_id")
      .notNull()
      .references(() => subscriptionPlans.id, { onDelete: "restrict" }),
    provider: text("provider", { enum: ["paypal", "paysafecard", "crypto", "card", "demo"] }).notNull(),
    providerRef: text("provider_ref"),
    amountCents: integer("amount_cents").notNull(),
    currency: text("currency").notNull().default("EUR"),
    status: text("status", { enum: ["pending", "paid", "failed", "refunded"] })
      .notNull()
      .default("pending"),
    subscriptionId: uuid("subscription_id").references(() => subscriptions.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("payments_provider_ref_uq").on(t.provider, t.providerRef),
    index("payments_user_created_idx").on(t.userId, sql`${t.createdAt} desc`),
    check("payments_status_ck", sql`${t.status} in ('pending', 'paid', 'failed', 'refunded')`),
    check("payments_amount_ck", sql`${t.amountCents} >= 0`),
  ],
);

/** spec §3 Billing settings; auto-renew applies to card and paypal only (spec §9). */
export const billingSettings = pgTable(
  "billing_settings",
  {
    userId: uuid("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    preferredMethod: text("preferred_method", { enum: ["card", "paypal", "paysafecard"] })
      .notNull()
      .default("card"),
    cardAutoRenew: boolean("card_auto_renew").notNull().default(false),
    paypalAutoRenew: boolean("paypal_auto_renew").notNull().default(false),
    notifyBeforeDays: integer("notify_before_days").notNull().default(2),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("billing_settings_method_ck", sql`${t.preferredMethod} in ('card', 'paypal', 'paysafecard')`),
    check("billing_settings_notify_ck", sql`${t.notifyBeforeDays} in (1, 2, 3, 7)`),
  ],
);
