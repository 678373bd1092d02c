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
    /** The provider holding the agreement (stripe, paypal, demo) and its reference there. */
    provider: text("provider"),
    providerRef: text("provider_ref"),
    /** The member cancelled: access runs to `current_period_end`, nothing renews. */
    cancelAtPeriodEnd: boolean("cancel_at_period_end").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("subscriptions_provider_ref_uq")
      .on(t.provider, t.providerRef)
      .where(sql`${t.providerRef} is not null`),
    index("subscriptions_user_status_created_idx").on(t.userId, t.status, sql`${t.createdAt} desc`),
    check("subscriptions_status_ck", sql`${t.status} in ('pending', 'active', 'canceled', 'expired')`),
    check(
      "subscriptions_payment_method_ck",
      sql`${t.paymentMethod} is null or ${t.paymentMethod} in ('paypal', 'paysafecard', 'crypto', 'card', 'gift')`,
    ),
  ],
);

/** Where an entitlement comes from (docs/decisions/012-entitlements.md). */
export const entitlementSources = [
  "stripe",
  "paypal",
  "paysafecard",
  "btcpay",
  "crypto",
  "gift",
  "demo",
] as const;

/**
 * Access to the catalogue, whatever paid for it or gifted it (ARCHITECTURE: one model;
 * docs/decisions/012-entitlements.md): a member may watch with a plan while one of their
 * entitlements covers now — started, not revoked, and its end absent (lifetime) or not before
 * today in Paris (spec §4). One row per period paid or given; a provider's reference is unique per
 * source, so a payment delivered twice grants once.
 */
export const entitlements = pgTable(
  "entitlements",
  {
    id: id(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    planId: uuid("plan_id")
      .notNull()
      .references(() => subscriptionPlans.id, { onDelete: "restrict" }),
    source: text("source", { enum: entitlementSources }).notNull(),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull().defaultNow(),
    /** Null: no end (lifetime). */
    endsAt: timestamp("ends_at", { withTimezone: true }),
    /** The administrator who gave it (gifts). */
    grantedBy: uuid("granted_by").references(() => users.id, { onDelete: "set null" }),
    /** The provider's payment, invoice or order that paid for it. */
    providerRef: text("provider_ref"),
    /** Access ended early (refund, cancellation effective at once, an administrator's revocation). */
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    /** The expiry reminder for this period was sent (once per period: docs/decisions/043). */
    remindedAt: timestamp("reminded_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index("entitlements_user_ends_idx").on(t.userId, sql`${t.endsAt} desc nulls first`),
    uniqueIndex("entitlements_source_ref_uq")
      .on(t.source, t.providerRef)
      .where(sql`${t.providerRef} is not null`),
    check(
      "entitlements_source_ck",
      sql`${t.source} in ('stripe', 'paypal', 'paysafecard', 'btcpay', 'crypto', 'gift', 'demo')`,
    ),
    check("entitlements_period_ck", sql`${t.endsAt} is null or ${t.endsAt} > ${t.startsAt}`),
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

/** The providers a payment goes through (docs/decisions/041-payment-providers.md); `card` and `crypto` are older rows. */
export const paymentProviders = [
  "paypal",
  "paysafecard",
  "crypto",
  "card",
  "demo",
  "stripe",
  "btcpay",
] as const;

/**
 * A payment attempt with a provider. The provider reference (its checkout session, order or
 * payment) is unique per provider so a webhook delivered several times has one effect. Price, plan
 * and member are the server's, copied when the checkout is created (docs/decisions/041).
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
    provider: text("provider", { enum: paymentProviders }).notNull(),
    providerRef: text("provider_ref"),
    amountCents: integer("amount_cents").notNull(),
    currency: text("currency").notNull().default("EUR"),
    status: text("status", { enum: ["pending", "paid", "failed", "refunded"] })
      .notNull()
      .default("pending"),
    subscriptionId: uuid("subscription_id").references(() => subscriptions.id, { onDelete: "set null" }),
    /** The method the member chose (card, paypal, paysafecard, crypto). */
    method: text("method"),
    /** When the member agreed that access starts at once and waived the 14-day withdrawal right. */
    withdrawalWaivedAt: timestamp("withdrawal_waived_at", { withTimezone: true }),
    /** The provider's recurring agreement (a Stripe subscription), when the plan is monthly. */
    providerSubscriptionRef: text("provider_subscription_ref"),
    /** The demo provider's own state of its checkout (open, requires_action, paid, declined). */
    demoState: text("demo_state"),
    /** The period this payment paid for (a refund revokes it). */
    entitlementId: uuid("entitlement_id").references(() => entitlements.id, { onDelete: "set null" }),
    /** Why it failed or was held (amount mismatch, declined card). */
    failureReason: text("failure_reason"),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("payments_provider_ref_uq").on(t.provider, t.providerRef),
    index("payments_user_created_idx").on(t.userId, sql`${t.createdAt} desc`),
    check("payments_status_ck", sql`${t.status} in ('pending', 'paid', 'failed', 'refunded')`),
    check("payments_amount_ck", sql`${t.amountCents} >= 0`),
    check(
      "payments_provider_ck",
      sql`${t.provider} in ('paypal', 'paysafecard', 'crypto', 'card', 'demo', 'stripe', 'btcpay')`,
    ),
  ],
);

/**
 * Every webhook delivery a provider made, keyed by the provider's event id: the same event
 * delivered again (or concurrently) finds its row and has no second effect; an event Bobine could
 * not attach to a member or whose amount did not match is kept here for an administrator.
 */
export const paymentEvents = pgTable(
  "payment_events",
  {
    id: id(),
    provider: text("provider").notNull(),
    eventId: text("event_id").notNull(),
    type: text("type").notNull(),
    /** What the handler did: applied, ignored, mismatch, unknown_member, failed. */
    outcome: text("outcome").notNull().default("received"),
    detail: text("detail"),
    paymentId: uuid("payment_id").references(() => payments.id, { onDelete: "set null" }),
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    payload: jsonb("payload").notNull(),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("payment_events_provider_event_uq").on(t.provider, t.eventId),
    index("payment_events_received_idx").on(sql`${t.receivedAt} desc`),
  ],
);

/** A numbered French receipt, one per payment received (docs/decisions/043-receipts.md). */
export const receipts = pgTable(
  "receipts",
  {
    id: id(),
    /** BOB-YYYY-NNNNNN, from a sequence: numbers follow each other. */
    number: text("number").notNull().unique(),
    paymentId: uuid("payment_id")
      .notNull()
      .unique()
      .references(() => payments.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    planName: text("plan_name").notNull(),
    amountCents: integer("amount_cents").notNull(),
    currency: text("currency").notNull(),
    periodStart: timestamp("period_start", { withTimezone: true }).notNull(),
    /** Null: lifetime. */
    periodEnd: timestamp("period_end", { withTimezone: true }),
    issuedAt: timestamp("issued_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("receipts_user_issued_idx").on(t.userId, sql`${t.issuedAt} desc`)],
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
    cardAutoRenew: boolean("card_auto_renew").notNull().default(true),
    paypalAutoRenew: boolean("paypal_auto_renew").notNull().default(true),
    notifyBeforeDays: integer("notify_before_days").notNull().default(2),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("billing_settings_method_ck", sql`${t.preferredMethod} in ('card', 'paypal', 'paysafecard')`),
    check("billing_settings_notify_ck", sql`${t.notifyBeforeDays} in (1, 2, 3, 7)`),
  ],
);

/** Where a change of monthly plan stands (docs/decisions/053-plan-changes.md). */
export const planChangeStatuses = [
  /** Claimed while the provider is asked (one change at a time per agreement). */
  "requested",
  /** PayPal: the member has to agree to the revision on PayPal's page. */
  "awaiting_approval",
  /** Takes effect when the renewal is paid. */
  "scheduled",
  "applied",
  "canceled",
  /** The provider refused it (a declined card for an upgrade's difference); nothing changed. */
  "failed",
] as const;

/**
 * The ledger of plan changes (issue 13: upgrade now with the provider's proration, downgrade at
 * renewal): one row per change a member asked for, from which plan to which, what was charged at
 * once (the proration's payment), when it takes or took effect. At most one change waits per
 * agreement (requested, awaiting approval or scheduled).
 */
export const planChanges = pgTable(
  "plan_changes",
  {
    id: id(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    subscriptionId: uuid("subscription_id")
      .notNull()
      .references(() => subscriptions.id, { onDelete: "cascade" }),
    provider: text("provider").notNull(),
    fromPlanId: uuid("from_plan_id")
      .notNull()
      .references(() => subscriptionPlans.id, { onDelete: "restrict" }),
    toPlanId: uuid("to_plan_id")
      .notNull()
      .references(() => subscriptionPlans.id, { onDelete: "restrict" }),
    /** upgrade: a dearer plan, at once (Stripe's proration); downgrade: at the renewal. */
    kind: text("kind", { enum: ["upgrade", "downgrade"] }).notNull(),
    status: text("status", { enum: planChangeStatuses }).notNull(),
    /** When it takes (or took) effect: now for an upgrade, the period's end otherwise. */
    effectiveAt: timestamp("effective_at", { withTimezone: true }),
    /** The proration charged at once, and its payment (an upgrade through Stripe). */
    amountCents: integer("amount_cents"),
    currency: text("currency"),
    paymentId: uuid("payment_id").references(() => payments.id, { onDelete: "set null" }),
    /** PayPal: where the member agrees to the revision, until they have. */
    approveUrl: text("approve_url"),
    /** Why it failed or was cancelled. */
    detail: text("detail"),
    createdAt: createdAt(),
    appliedAt: timestamp("applied_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("plan_changes_waiting_uq")
      .on(t.subscriptionId)
      .where(sql`${t.status} in ('requested', 'awaiting_approval', 'scheduled')`),
    index("plan_changes_created_idx").on(sql`${t.createdAt} desc`),
    check("plan_changes_kind_ck", sql`${t.kind} in ('upgrade', 'downgrade')`),
    check(
      "plan_changes_status_ck",
      sql`${t.status} in ('requested', 'awaiting_approval', 'scheduled', 'applied', 'canceled', 'failed')`,
    ),
    check("plan_changes_amount_ck", sql`${t.amountCents} is null or ${t.amountCents} >= 0`),
  ],
);
