import { z } from "zod";
import {
  billingMessages,
  type CheckoutMethod,
  checkoutMethods,
  type SubscriptionState,
} from "#contract/billing";
import type { Db } from "#db/client";
import { type Actor, type ProviderActor, recordAudit } from "../shared/audit.queries.ts";
import type { Config } from "../shared/config.ts";
import type { AppContext } from "../shared/context.ts";
import { accessSpan, type EntitlementSource, grantEntitlement } from "../shared/entitlement.queries.ts";
import { AppError, fieldError } from "../shared/errors.ts";
import { type Jobs, jobQueue } from "../shared/jobs.ts";
import { notifyMember } from "../shared/member-notifications.queries.ts";
import type { Conn } from "../shared/sql.queries.ts";
import {
  cancellationMail,
  euros,
  type ReceiptFacts,
  receiptMail,
  renewalFailedMail,
} from "./billing.mails.ts";
import { btcpayProvider } from "./btcpay.provider.ts";
import { type DemoState, demoProvider } from "./demo.provider.ts";
import {
  agreementByRef,
  billingPreferences,
  claimEvent,
  endAgreement,
  insertPayment,
  insertReceipt,
  insertRenewalPayment,
  lockPayment,
  lockPaymentEvent,
  memberEmail,
  memberPaymentByRef,
  type PaymentRow,
  type PlanRow,
  paymentById,
  paymentByRef,
  paymentEventById,
  paymentPaidBy,
  periodGranted,
  planById,
  revokePeriod,
  runningAgreement,
  runningAgreements,
  setPaymentRef,
  settleEvent,
  updatePayment,
  upsertAgreement,
  userExists,
} from "./payments.queries.ts";
import { paypalProvider } from "./paypal.provider.ts";
import { paysafecardProvider } from "./paysafecard.provider.ts";
import {
  insertChangePayment,
  insertPlanChange,
  lockAgreement,
  planByCode,
  runningPeriodOf,
  setAgreementPlan,
  switchRunningPeriods,
  updatePlanChange,
  waitingChange,
} from "./plan-changes.queries.ts";
import {
  type ChargeState,
  type CheckoutState,
  type InvoiceState,
  type PaymentProvider,
  ProviderError,
  type ProviderId,
  ProviderUnsupported,
  type WebhookEvent,
  WebhookSignatureError,
} from "./provider.ts";
import { stripeProvider } from "./stripe.provider.ts";
import { walletProvider } from "./wallet.provider.ts";

export type Ctx = Pick<AppContext, "db" | "config" | "mailer" | "log" | "jobs">;

/** The subscription at the provider whose renewal is to stop (« Renouvellement automatique » off). */
export interface StopRenewal {
  userId: string;
  subscriptionRef: string;
}

/**
 * « Renouvellement automatique » off (decision 066): the renewal of the subscription just paid for
 * is stopped at its provider. Retried with backoff while the provider fails: from 5 s, doubled each
 * time (pg-boss adds up to as much again at random), ten attempts over roughly one hour; the last
 * failure is logged as an error.
 */
export const stopRenewalQueue = jobQueue({
  name: "billing-stop-renewal",
  data: z.object({ userId: z.uuid(), subscriptionRef: z.string().min(1) }),
  retryLimit: 9,
  retryDelaySeconds: 5,
  expireInSeconds: 5 * 60,
});

/**
 * The job's work: nothing left to do when that subscription stops renewing already (the member
 * cancelled it, or a retry that went through), is no longer the running one, or has ended; else
 * the provider is asked (no e-mail: the member chose it in their settings). A provider's failure
 * throws, and the job is retried.
 */
export async function stopRenewal(ctx: Ctx, providers: Providers, { userId, subscriptionRef }: StopRenewal) {
  const agreement = await runningAgreement(ctx.db, userId);
  if (!agreement || agreement.providerRef !== subscriptionRef || agreement.cancelAtPeriodEnd) return;
  try {
    await setCancellation(ctx, providers, userId, true, { mail: false });
  } catch (err) {
    if (err instanceof AppError && err.code === "CONFLICT") return;
    throw err;
  }
}

/** The providers this server can use, by method (docs/decisions/041-payment-providers.md). */
export interface Providers {
  byId: Map<ProviderId, PaymentProvider>;
  demo: ReturnType<typeof demoProvider> | undefined;
  forMethod(method: CheckoutMethod): PaymentProvider | undefined;
}

export function openProviders(db: Db, config: Config): Providers {
  const byId = new Map<ProviderId, PaymentProvider>();
  const demo = config.billing.demo ? demoProvider(db) : undefined;
  if (demo) byId.set("demo", demo);
  if (config.billing.stripe) byId.set("stripe", stripeProvider(config.billing.stripe));
  if (config.billing.paypal) byId.set("paypal", paypalProvider(config.billing.paypal, config.publicUrl));
  if (config.billing.btcpay) byId.set("btcpay", btcpayProvider(config.billing.btcpay, config.publicUrl));
  if (config.billing.paysafecard) {
    byId.set("paysafecard", paysafecardProvider(config.billing.paysafecard, config.publicUrl));
  }
  if (config.billing.wallet) byId.set("crypto", walletProvider());
  const real: Record<CheckoutMethod, ProviderId> = {
    card: "stripe",
    paypal: "paypal",
    paysafecard: "paysafecard",
    crypto: "btcpay",
  };
  return {
    byId,
    demo,
    // A configured provider first (for crypto: BTCPay, then the operator's wallet); the demo
    // provider stands in for the others when it is on.
    forMethod: (method) =>
      byId.get(real[method]) ?? (method === "crypto" ? byId.get("crypto") : undefined) ?? demo,
  };
}

export const providerFailed = (err: unknown) => {
  if (err instanceof ProviderError)
    return new AppError("SERVICE_UNAVAILABLE", billingMessages.providerFailed);
  return err;
};

/** The method a provider takes, for the agreement row and the receipt. */
const agreementMethod = (method: string | null): "card" | "paypal" | "paysafecard" | "crypto" =>
  method === "paypal" || method === "paysafecard" || method === "crypto" ? method : "card";

/** spec §4 display states (Paris time), plus the running agreement and the methods on offer. */
export async function subscriptionState(
  ctx: Ctx,
  providers: Providers,
  userId: string,
): Promise<SubscriptionState> {
  const [span, preferences, agreement] = await Promise.all([
    accessSpan(ctx.db, userId),
    billingPreferences(ctx.db, userId),
    runningAgreement(ctx.db, userId),
  ]);
  const days = preferences.reminderDays;
  const state: SubscriptionState["state"] = !span
    ? "none"
    : !span.live
      ? "expired"
      : span.daysLeft !== null && span.daysLeft <= days
        ? "expiring"
        : "active";
  const live = agreement && (agreement.currentPeriodEnd === null || agreement.currentPeriodEnd > new Date());
  const provider = agreement?.provider ? providers.byId.get(agreement.provider as ProviderId) : undefined;
  const [waiting, agreementPlan] =
    agreement && live
      ? await Promise.all([waitingChange(ctx.db, agreement.id), planById(ctx.db, agreement.planId)])
      : [undefined, undefined];
  const pending = waiting && waiting.change.status !== "requested" ? waiting : undefined;
  return {
    state,
    planName: span?.name ?? null,
    planCode: span?.code ?? null,
    endsAt: span?.until ? span.until.toISOString() : null,
    daysLeft: span?.daysLeft ?? null,
    renewsAtProvider: agreement !== undefined && !agreement.cancelAtPeriodEnd,
    agreement:
      agreement && live
        ? {
            provider: agreement.provider ?? "demo",
            planId: agreement.planId,
            planName: agreementPlan?.name ?? span?.name ?? "",
            cancelAtPeriodEnd: agreement.cancelAtPeriodEnd,
            periodEnd: agreement.currentPeriodEnd ? agreement.currentPeriodEnd.toISOString() : null,
            // A customer portal: Stripe's (PayPal and the demo provider have none to link to).
            canManage: agreement.provider === "stripe",
            planChanges: provider?.changePlan ? (provider.planChanges ?? null) : null,
            pendingChange: pending
              ? {
                  planId: pending.change.toPlanId,
                  planName: pending.planName,
                  effectiveAt: pending.change.effectiveAt?.toISOString() ?? null,
                  awaitingApproval: pending.change.status === "awaiting_approval",
                  approveUrl:
                    pending.change.status === "awaiting_approval" ? pending.change.approveUrl : null,
                }
              : null,
          }
        : null,
    methods: checkoutMethods.filter((m) => providers.forMethod(m) !== undefined),
    demo: providers.demo !== undefined,
    demoMethods: checkoutMethods.filter((m) => providers.demo && providers.forMethod(m) === providers.demo),
    preferredMethod: preferences.preferredMethod,
    autoRenew: preferences.autoRenew,
  };
}

/**
 * Creates a payment for a plan (spec §7 create-subscription): the plan, its price and the member are
 * read here, never taken from the browser; the member's waiver of the withdrawal right is recorded
 * with the payment.
 */
export async function createCheckout(
  ctx: Ctx,
  providers: Providers,
  userId: string,
  body: { planId: string; method: CheckoutMethod; waiveWithdrawal: boolean },
) {
  if (!body.waiveWithdrawal) throw fieldError("waiveWithdrawal", billingMessages.waiverRequired);
  const plan = await planById(ctx.db, body.planId);
  if (!plan) throw fieldError("planId", billingMessages.planUnknown);
  if (!plan.isActive) throw fieldError("planId", billingMessages.planInactive);
  const provider = providers.forMethod(body.method);
  if (!provider) throw fieldError("method", billingMessages.methodUnavailable);
  await refuseDoublePurchase(ctx, providers, userId, plan.interval);
  const member = await memberEmail(ctx.db, userId);
  if (!member) throw new AppError("UNAUTHENTICATED");
  const payment = await insertPayment(ctx.db, {
    userId,
    planId: plan.id,
    provider: provider.id as PaymentRow["provider"],
    method: body.method,
    amountCents: plan.priceCents,
    currency: plan.currency,
    ...(provider.id === "demo" ? { demoState: "open" } : {}),
  });
  try {
    const created = await provider.createCheckout({
      paymentId: payment.id,
      plan,
      member: { id: userId, email: member.email },
      successUrl: `${ctx.config.publicUrl}/subscription/success?session_id={SESSION_ID}`,
      cancelUrl: `${ctx.config.publicUrl}/subscription`,
    });
    if (created.ref) await setPaymentRef(ctx.db, payment.id, created.ref);
    // Only card and PayPal renew by themselves (spec §9); the demo provider plays the others as
    // one-off payments too (« Renouvellement manuel uniquement »).
    if (
      provider.id === "demo" &&
      plan.interval === "month" &&
      (body.method === "card" || body.method === "paypal")
    ) {
      await updatePayment(ctx.db, payment.id, { providerSubscriptionRef: `demo_sub_${payment.id}` });
    }
    return { paymentId: payment.id, paymentUrl: created.url, planName: plan.name };
  } catch (err) {
    await updatePayment(ctx.db, payment.id, { status: "failed", failureReason: "checkout_not_created" });
    ctx.log.warn({ err, paymentId: payment.id }, "payment provider refused the checkout");
    throw providerFailed(err);
  }
}

/**
 * Nothing is paid twice: a member with lifetime access buys nothing more, and a member whose monthly
 * subscription still renews cannot open a second one beside it (both would be billed every month);
 * they cancel it first and keep their access to its end. Buying lifetime while subscribed stays
 * possible: it stops the monthly renewal (afterApplied).
 */
async function refuseDoublePurchase(ctx: Ctx, providers: Providers, userId: string, interval: string) {
  const double = await doublePurchase(ctx.db, userId, interval);
  if (!double) return;
  if (double.kind === "lifetime") throw new AppError("CONFLICT", billingMessages.alreadyLifetime);
  const plan = await planById(ctx.db, double.agreement.planId);
  // Where the provider changes plans, « Changer de formule » does it (decision 053).
  const provider = double.agreement.provider;
  const changes = provider && providers.byId.get(provider as ProviderId)?.changePlan;
  throw new AppError(
    "CONFLICT",
    (changes ? billingMessages.subscriptionRunningChange : billingMessages.subscriptionRunning)(
      plan?.name ?? "",
    ),
  );
}

/**
 * What a purchase of this interval would pay twice: lifetime access, or (for a monthly plan) another
 * subscription that still renews — `except` is the purchase's own subscription at the provider.
 */
async function doublePurchase(db: Conn, userId: string, interval: string, except?: string | null) {
  const [span, agreement] = await Promise.all([accessSpan(db, userId), runningAgreement(db, userId)]);
  if (span?.live && span.until === null) return { kind: "lifetime" as const };
  const renewing =
    agreement &&
    !agreement.cancelAtPeriodEnd &&
    (agreement.currentPeriodEnd === null || agreement.currentPeriodEnd > new Date()) &&
    (except == null || agreement.providerRef !== except);
  if (interval === "month" && renewing) return { kind: "renewing" as const, agreement };
  return undefined;
}

export interface Applied {
  outcome: "applied" | "ignored" | "failed" | "mismatch";
  detail?: string;
  mail?: { to: string; receipt: ReceiptFacts };
  /** Lifetime bought: this member's running subscription must stop renewing. */
  lifetimeFor?: string;
  /** A refused renewal: the member is told how long the grace lasts. */
  graceMail?: { to: string; planName: string; until: Date };
  /** A refund made at the provider ended a monthly plan: its agreement is cancelled there too. */
  cancelAgreement?: { provider: ProviderId; ref: string };
  /** Paid twice (two checkouts open at once, or lifetime given meanwhile): given back at once. */
  refundDuplicate?: string;
}

/** Why a payment paid nothing: the member already had what it bought (refundDuplicate). */
export const DUPLICATE_PURCHASE = "duplicate_purchase";

/** spec rule (decision 041): a failed renewal keeps access 3 days, then the paywall. */
export const GRACE_DAYS = 3;

/**
 * Applies what the provider says about a checkout (never what a browser or a webhook body says),
 * inside the caller's transaction, with the payment row locked: paid once, granted once.
 */
export async function applyCheckout(
  tx: Conn,
  payment: PaymentRow,
  state: CheckoutState,
  source: EntitlementSource,
  { renewal = false, jobs }: { renewal?: boolean; jobs?: Jobs } = {},
): Promise<Applied> {
  const locked = await lockPayment(tx, payment.id);
  if (locked?.status !== "pending") return { outcome: "ignored", detail: "already settled" };
  if (state.status === "pending") return { outcome: "ignored", detail: "not paid yet" };
  if (state.status === "failed") {
    await updatePayment(tx, payment.id, { status: "failed", failureReason: "declined_or_expired" });
    return { outcome: "failed" };
  }
  if (state.amountCents !== locked.amountCents || state.currency !== locked.currency) {
    const detail = `amount_mismatch: paid ${state.amountCents} ${state.currency}, expected ${locked.amountCents} ${locked.currency}`;
    await updatePayment(tx, payment.id, { status: "failed", failureReason: detail });
    return { outcome: "mismatch", detail };
  }
  const plan = await planById(tx, locked.planId);
  if (!plan) throw new Error(`plan ${locked.planId} vanished`);
  const monthly = plan.interval === "month";
  // Nothing is paid twice, even when two checkouts were opened before either was paid (two tabs) or
  // lifetime was given meanwhile: the second payment grants nothing and is given back at once.
  if (!renewal && (await doublePurchase(tx, locked.userId, plan.interval, state.subscriptionRef))) {
    await updatePayment(tx, payment.id, {
      status: "paid",
      paidAt: new Date(),
      providerSubscriptionRef: state.subscriptionRef,
      failureReason: DUPLICATE_PURCHASE,
    });
    return { outcome: "applied", detail: DUPLICATE_PURCHASE, refundDuplicate: payment.id };
  }
  const granted = await grantEntitlement(tx, {
    userId: locked.userId,
    planId: plan.id,
    source,
    providerRef: state.periodRef ?? state.ref,
    ...(monthly
      ? state.periodEnd
        ? { endsAt: state.periodEnd }
        : { months: 1, stack: true }
      : { endsAt: null }),
  });
  let subscriptionId: string | null = null;
  if (monthly && state.subscriptionRef) {
    subscriptionId =
      (await upsertAgreement(tx, {
        userId: locked.userId,
        planId: plan.id,
        provider: source,
        providerRef: state.subscriptionRef,
        status: "active",
        currentPeriodEnd: state.periodEnd ?? granted.endsAt,
        cancelAtPeriodEnd: false,
        paymentMethod: agreementMethod(locked.method),
      })) ?? null;
  }
  await updatePayment(tx, payment.id, {
    status: "paid",
    paidAt: new Date(),
    providerSubscriptionRef: state.subscriptionRef,
    subscriptionId,
    entitlementId: granted.id,
  });
  const receipt = await insertReceipt(tx, {
    paymentId: payment.id,
    userId: locked.userId,
    planName: plan.name,
    amountCents: locked.amountCents,
    currency: locked.currency,
    periodStart: granted.startsAt,
    periodEnd: granted.endsAt,
  });
  const member = await memberEmail(tx, locked.userId);
  // « Renouvellement automatique » off for this method in the member's settings: the new
  // subscription ends with the month it paid for (its renewal is stopped at the provider next).
  const method = agreementMethod(locked.method);
  const renews =
    subscriptionId === null ||
    renewal ||
    (method !== "card" && method !== "paypal") ||
    (await billingPreferences(tx, locked.userId)).autoRenew[method];
  const stop =
    renews || !state.subscriptionRef
      ? null
      : { userId: locked.userId, subscriptionRef: state.subscriptionRef };
  // With the payment's own transaction: the job exists if and only if the payment is recorded
  // (the queue is prepared before the transaction: stopRenewalQueue's callers).
  if (stop) {
    // Only a card or PayPal checkout stops its renewal, and those callers pass the jobs.
    if (!jobs) throw new Error("applyCheckout: a subscription that must not renew needs the jobs");
    await jobs.send(stopRenewalQueue, stop, { tx: tx as Db });
  }
  return {
    outcome: "applied",
    ...(monthly ? {} : { lifetimeFor: locked.userId }),
    ...(receipt && member
      ? {
          mail: {
            to: member.email,
            receipt: { ...receipt, method: locked.method ?? "card" },
          },
        }
      : {}),
  };
}

/** After the transaction: the receipt by e-mail; buying lifetime while subscribed ends the renewal. */
export function afterApplied(ctx: Ctx, providers: Providers, applied: Applied) {
  if (applied.mail) ctx.mailer.sendLater(receiptMail(ctx.config, applied.mail.to, applied.mail.receipt));
  if (applied.graceMail) {
    const g = applied.graceMail;
    ctx.mailer.sendLater(renewalFailedMail(ctx.config, g.to, g.planName, g.until));
  }
  const ended = applied.cancelAgreement;
  const endedAt = ended ? providers.byId.get(ended.provider) : undefined;
  if (ended && endedAt?.cancelAgreement) {
    void endedAt
      .cancelAgreement(ended.ref)
      .catch((err: unknown) =>
        ctx.log.error({ err, ...ended }, "refunded at the provider: its subscription could not be cancelled"),
      );
  }
  if (applied.refundDuplicate) void refundDuplicate(ctx, providers, applied.refundDuplicate);
  const userId = applied.lifetimeFor;
  if (userId) {
    void runningAgreement(ctx.db, userId).then(async (agreement) => {
      if (!agreement || agreement.cancelAtPeriodEnd) return;
      await setCancellation(ctx, providers, userId, true).catch((err: unknown) =>
        ctx.log.error({ err, userId }, "lifetime bought: the running subscription could not be stopped"),
      );
    });
  }
}

/**
 * A payment that bought what the member already had (applyCheckout): its subscription at the provider
 * stops, the money goes back, and the member is told. Where the provider takes no refund from Bobine,
 * the payment stays paid in Administration → Paiements, marked, for « Rembourser » by hand.
 */
async function refundDuplicate(ctx: Ctx, providers: Providers, paymentId: string) {
  const payment = await paymentById(ctx.db, paymentId);
  const provider = payment ? providers.byId.get(payment.provider as ProviderId) : undefined;
  if (!payment || !provider || payment.status !== "paid") return;
  try {
    if (payment.providerSubscriptionRef && provider.cancelAgreement) {
      await provider.cancelAgreement(payment.providerSubscriptionRef);
    }
    if (provider.refundsByHand || !payment.providerRef) {
      ctx.log.warn({ paymentId }, "paid twice: to be refunded by hand at the provider");
      return;
    }
    await provider.refund(payment.providerRef);
    await ctx.db.transaction(async (tx) => {
      const locked = await lockPayment(tx, payment.id);
      if (locked?.status !== "paid") return;
      await endRefundedPayment(tx, locked, { id: null, username: "Bobine" }, { reason: DUPLICATE_PURCHASE });
    });
  } catch (err) {
    ctx.log.error({ err, paymentId }, "paid twice: the refund could not be made, refund it by hand");
  }
}

/** Re-reads a payment's checkout from its provider and applies it (the success page's verification). */
async function syncPayment(
  ctx: Ctx,
  providers: Providers,
  payment: PaymentRow,
): Promise<{ payment: PaymentRow; payUrl: string | null }> {
  const unchanged = { payment, payUrl: null };
  if (payment.status !== "pending" || !payment.providerRef) return unchanged;
  const provider = providers.byId.get(payment.provider as ProviderId);
  if (!provider) return unchanged;
  let state: CheckoutState;
  try {
    state = await provider.fetchCheckout(payment.providerRef);
  } catch (err) {
    throw providerFailed(err);
  }
  await ctx.jobs.prepare(stopRenewalQueue);
  const applied = await ctx.db.transaction((tx) =>
    applyCheckout(tx, payment, state, provider.id as EntitlementSource, { jobs: ctx.jobs }),
  );
  if (applied.outcome === "mismatch") {
    ctx.log.warn({ paymentId: payment.id, detail: applied.detail }, "payment amount differs from the plan");
  }
  afterApplied(ctx, providers, applied);
  return { payment: (await paymentById(ctx.db, payment.id)) ?? payment, payUrl: state.payUrl ?? null };
}

/** A payment's plan as the member's pages show it: the price is the one the payment was created with. */
export const paymentPlan = (plan: PlanRow, payment: PaymentRow) => ({
  id: plan.id,
  code: plan.code,
  name: plan.name,
  priceCents: payment.amountCents,
  currency: payment.currency,
  interval: plan.interval,
});

/** spec §2 Success page: the payment as the provider has it now, with its plan. */
export async function verifyPayment(ctx: Ctx, providers: Providers, userId: string, sessionId: string) {
  const found = await memberPaymentByRef(ctx.db, userId, sessionId);
  if (!found) throw new AppError("NOT_FOUND", billingMessages.paymentUnknown);
  const { payment, payUrl } = await syncPayment(ctx, providers, found);
  const plan = await planById(ctx.db, payment.planId);
  if (!plan) throw new AppError("NOT_FOUND", billingMessages.planUnknown);
  return {
    // Paid twice: what the member sees is the refund on its way (refundDuplicate).
    status: payment.failureReason === DUPLICATE_PURCHASE ? "refunded" : payment.status,
    plan: paymentPlan(plan, payment),
    method: payment.method,
    provider: payment.provider,
    payUrl: payment.status === "pending" ? payUrl : null,
  };
}

async function demoPayment(providers: Providers, ctx: Ctx, userId: string, paymentId: string) {
  const payment = await paymentById(ctx.db, paymentId);
  if (!providers.demo || !payment || payment.userId !== userId || payment.provider !== "demo") {
    throw new AppError("NOT_FOUND", billingMessages.paymentUnknown);
  }
  return payment;
}

/** The demo checkout page's order (docs/decisions/042-demo-provider.md). */
export async function demoCheckout(ctx: Ctx, providers: Providers, userId: string, paymentId: string) {
  const payment = await demoPayment(providers, ctx, userId, paymentId);
  const plan = await planById(ctx.db, payment.planId);
  if (!plan || !payment.providerRef) throw new AppError("NOT_FOUND", billingMessages.paymentUnknown);
  return {
    paymentId: payment.id,
    sessionId: payment.providerRef,
    plan: paymentPlan(plan, payment),
    state: (payment.demoState ?? "open") as DemoState,
  };
}

/** The demo checkout page's « Payer »: a test card moves the demo provider's state, then Bobine re-reads it. */
export async function demoPay(
  ctx: Ctx,
  providers: Providers,
  userId: string,
  paymentId: string,
  input: { cardNumber?: string | undefined; confirm?: boolean | undefined },
) {
  const payment = await demoPayment(providers, ctx, userId, paymentId);
  const demo = providers.demo;
  if (!demo || !payment.providerRef) throw new AppError("NOT_FOUND", billingMessages.paymentUnknown);
  const current = (payment.demoState ?? "open") as DemoState;
  if (current === "paid" || payment.status !== "pending") {
    throw new AppError("CONFLICT", billingMessages.paymentClosed);
  }
  // Checked again before the money is taken: another checkout may have been paid meanwhile.
  const plan = await planById(ctx.db, payment.planId);
  if (plan) await refuseDoublePurchase(ctx, providers, userId, plan.interval);
  const state = await demo.pay(payment.id, current, {
    ...(input.cardNumber !== undefined ? { cardNumber: input.cardNumber } : {}),
    ...(input.confirm !== undefined ? { confirm: input.confirm } : {}),
  });
  if (state === "paid") {
    const fresh = await paymentById(ctx.db, payment.id);
    if (fresh) await syncPayment(ctx, providers, fresh);
  }
  return {
    state,
    next:
      state === "paid" ? `/subscription/success?session_id=${encodeURIComponent(payment.providerRef)}` : null,
  };
}

/**
 * A provider's webhook (docs/decisions/041): signature checked on the raw body (400 and nothing
 * changed otherwise); the object it names re-read from the provider, so order and stale bodies do
 * not matter; recorded once by the provider's event id, so a redelivery has no second effect; kept
 * when it names no member Bobine knows.
 */
export async function handleWebhook(
  ctx: Ctx,
  providers: Providers,
  providerId: ProviderId,
  raw: Buffer | undefined,
  headers: Record<string, string | string[] | undefined>,
  query: Record<string, string> = {},
) {
  const provider = providers.byId.get(providerId);
  if (!provider || providerId === "demo") throw new AppError("NOT_FOUND");
  let event: Awaited<ReturnType<PaymentProvider["parseWebhook"]>>;
  try {
    event = await provider.parseWebhook(raw ?? Buffer.alloc(0), headers, query);
  } catch (err) {
    if (err instanceof WebhookSignatureError) {
      ctx.log.warn({ provider: providerId, reason: err.message }, "webhook refused: bad signature");
      throw new AppError("VALIDATION_ERROR", billingMessages.badSignature);
    }
    throw err;
  }
  // The provider is asked first, outside the transaction: a provider that does not answer leaves no
  // trace, so its redelivery is handled in full.
  const fresh = await freshObject(provider, event);
  await ctx.jobs.prepare(stopRenewalQueue);
  const result = await ctx.db.transaction(async (tx) => {
    const claimed = await claimEvent(tx, {
      provider: providerId,
      eventId:
        event.keyedByState && fresh.kind === "checkout" ? `${event.id}:${fresh.state.status}` : event.id,
      type: event.type,
      payload: event.payload,
    });
    if (!claimed) return { duplicate: true as const };
    const applied = await applyFresh(tx, providerId, fresh, ctx.jobs);
    await settleEvent(tx, claimed, settled(applied));
    return { duplicate: false as const, applied };
  });
  if (!result.duplicate) afterEvent(ctx, providers, providerId, event.id, result.applied);
  return { received: true };
}

/**
 * An administrator's replay of a stored delivery (« Paiements », decision 041): the event is read
 * again from what was stored, its object re-read from the provider and applied as on arrival —
 * the handling is idempotent (a payment is paid once, a period granted once), so a replay repairs
 * what a failure or a missing member left and changes nothing that was right. The delivery's row is
 * locked for the replay, so two replays at once run one after the other; its outcome is updated.
 */
export async function replayWebhook(ctx: Ctx, providers: Providers, eventRowId: string) {
  const row = await paymentEventById(ctx.db, eventRowId);
  if (!row) throw new AppError("NOT_FOUND", billingMessages.eventUnknown);
  const providerId = row.provider as ProviderId;
  const provider = providers.byId.get(providerId);
  if (!provider || providerId === "demo")
    throw new AppError("CONFLICT", billingMessages.providerNotConfigured);
  const event = provider.readEvent(row.payload);
  const fresh = await freshObject(provider, event);
  await ctx.jobs.prepare(stopRenewalQueue);
  const applied = await ctx.db.transaction(async (tx) => {
    await lockPaymentEvent(tx, row.id);
    const a = await applyFresh(tx, providerId, fresh, ctx.jobs);
    await settleEvent(tx, row.id, settled(a));
    return a;
  });
  afterEvent(ctx, providers, providerId, event.id, applied);
  const outcome = settled(applied);
  return { id: row.id, outcome: outcome.outcome, detail: outcome.detail };
}

type Fresh =
  | { kind: "checkout"; state: CheckoutState }
  | { kind: "subscription"; state: Awaited<ReturnType<PaymentProvider["fetchAgreement"]>> }
  | { kind: "invoice"; state: Awaited<ReturnType<PaymentProvider["fetchInvoice"]>> }
  | { kind: "charge"; state: ChargeState }
  | { kind: "other" };

/** The object an event names, as the provider says it is now (never as the event's body says). */
async function freshObject(provider: PaymentProvider, event: WebhookEvent): Promise<Fresh> {
  try {
    return event.object.kind === "checkout"
      ? { kind: "checkout", state: await provider.fetchCheckout(event.object.ref) }
      : event.object.kind === "subscription"
        ? { kind: "subscription", state: await provider.fetchAgreement(event.object.ref) }
        : event.object.kind === "invoice"
          ? { kind: "invoice", state: await provider.fetchInvoice(event.object.ref) }
          : event.object.kind === "charge" && provider.fetchCharge
            ? { kind: "charge", state: await provider.fetchCharge(event.object.ref) }
            : { kind: "other" };
  } catch (err) {
    throw providerFailed(err);
  }
}

export type AppliedEvent = Applied & { paymentId?: string; userId?: string };

/** What the provider's current object means for Bobine, inside the caller's transaction. */
async function applyFresh(tx: Conn, providerId: ProviderId, fresh: Fresh, jobs: Jobs): Promise<AppliedEvent> {
  const source = providerId as EntitlementSource;
  if (fresh.kind === "checkout") {
    const state = fresh.state;
    const payment = await paymentByRef(tx, providerId, state.ref);
    if (!payment) {
      const userId = state.metadata.userId;
      const known = userId && /^[0-9a-f-]{36}$/i.test(userId) ? await userExists(tx, userId) : false;
      return {
        outcome: "ignored",
        detail: known ? "unknown_payment" : "unknown_member",
        ...(known && userId ? { userId } : {}),
      };
    }
    return {
      ...(await applyCheckout(tx, payment, state, source, { jobs })),
      paymentId: payment.id,
      userId: payment.userId,
    };
  }
  if (fresh.kind === "subscription") {
    const a = fresh.state;
    const row = await agreementByRef(tx, providerId, a.ref);
    if (!row) return { outcome: "ignored", detail: "unknown_member" };
    await upsertAgreement(tx, {
      userId: row.userId,
      planId: row.planId,
      provider: providerId,
      providerRef: a.ref,
      status: a.status === "canceled" ? "canceled" : "active",
      currentPeriodEnd: a.periodEnd ?? row.currentPeriodEnd,
      cancelAtPeriodEnd: a.cancelAtPeriodEnd,
      paymentMethod: row.paymentMethod === null ? "card" : agreementMethod(row.paymentMethod),
    });
    // PayPal: the member agreed to a revision — the subscription bills the new plan from its renewal.
    const waiting = a.planCode ? await waitingChange(tx, row.id) : undefined;
    if (waiting?.change.status === "awaiting_approval" && waiting.planCode === a.planCode) {
      await updatePlanChange(tx, waiting.change.id, { status: "scheduled", approveUrl: null });
      return { outcome: "applied", detail: "plan_change_approved", userId: row.userId };
    }
    return { outcome: "applied", userId: row.userId };
  }
  if (fresh.kind === "invoice") return applyRenewal(tx, providerId, source, fresh.state);
  if (fresh.kind === "charge") return applyProviderRefund(tx, providerId, fresh.state);
  return { outcome: "ignored" };
}

/** How the journal names a provider that acted outside Bobine (a refund in its dashboard). */
const providerActor = (providerId: ProviderId): ProviderActor => ({
  id: null,
  username: providerId === "stripe" ? "Stripe" : providerId,
});

/**
 * A refund made at the provider, outside Bobine (Stripe's dashboard: `charge.refunded`, the charge
 * re-read): a full refund ends what the payment paid for exactly as « Rembourser » does
 * (endRefundedPayment); a partial one is recorded and keeps access. A payment Bobine has already
 * refunded, or a refund Bobine asked for itself (its own « Rembourser », which records it), changes
 * nothing more.
 */
async function applyProviderRefund(
  tx: Conn,
  providerId: ProviderId,
  charge: ChargeState,
): Promise<AppliedEvent> {
  if (charge.refundedCents === 0) return { outcome: "ignored", detail: "not refunded" };
  const found = await paymentPaidBy(tx, providerId, charge.paidRefs);
  if (!found) return { outcome: "ignored", detail: "unknown_payment" };
  const ids = { paymentId: found.id, userId: found.userId };
  const payment = await lockPayment(tx, found.id);
  if (payment?.status === "refunded") return { outcome: "ignored", detail: "already refunded", ...ids };
  if (payment?.status !== "paid") return { outcome: "ignored", detail: "not paid", ...ids };
  if (charge.refundedByBobine) return { outcome: "ignored", detail: "refund asked by Bobine", ...ids };
  const refunded = euros(charge.refundedCents, charge.currency);
  const of = euros(charge.amountCents, charge.currency);
  if (!charge.fullyRefunded) {
    await recordAudit(tx, providerActor(providerId), {
      action: "payment.partial_refund",
      targetType: "payment",
      targetId: payment.id,
      targetLabel: await paymentLabel(tx, payment),
      after: { refunded: `${refunded} / ${of}`, origin: "provider", charge: charge.ref, access: "kept" },
    });
    return {
      outcome: "applied",
      detail: `partial_refund: ${refunded} of ${of} refunded at ${providerId}, access kept`,
      ...ids,
    };
  }
  await endRefundedPayment(tx, payment, providerActor(providerId), {
    origin: "provider",
    charge: charge.ref,
  });
  return {
    outcome: "applied",
    detail: `refunded at ${providerId}: ${refunded}, access ended`,
    ...ids,
    ...(payment.subscriptionId && payment.providerSubscriptionRef
      ? { cancelAgreement: { provider: providerId, ref: payment.providerSubscriptionRef } }
      : {}),
  };
}

/** The delivery's row as it is settled: an event for an unknown member is kept as such. */
const settled = (applied: AppliedEvent) => ({
  outcome: applied.detail === "unknown_member" ? "unknown_member" : applied.outcome,
  detail: applied.detail ?? null,
  paymentId: applied.paymentId ?? null,
  userId: applied.userId ?? null,
});

function afterEvent(
  ctx: Ctx,
  providers: Providers,
  providerId: ProviderId,
  eventId: string,
  applied: AppliedEvent,
) {
  if (applied.outcome === "mismatch" || applied.detail === "unknown_member") {
    ctx.log.warn(
      { provider: providerId, eventId, detail: applied.detail },
      "payment webhook kept for an administrator",
    );
  }
  afterApplied(ctx, providers, applied);
}

/** A renewal: the invoice of a new period, paid (the first period is the checkout's). */
async function applyRenewal(
  tx: Conn,
  providerId: ProviderId,
  source: EntitlementSource,
  inv: Awaited<ReturnType<PaymentProvider["fetchInvoice"]>>,
): Promise<Applied & { paymentId?: string; userId?: string }> {
  if (!inv.subscriptionRef) return { outcome: "ignored", detail: "no subscription" };
  const row = await agreementByRef(tx, providerId, inv.subscriptionRef);
  if (!row) return { outcome: "ignored", detail: "unknown_member" };
  if (inv.reason === "change") {
    // An upgrade's difference (Stripe's proration invoice): told by the webhook, or by the change itself.
    const plan = inv.planId ? await planById(tx, inv.planId) : undefined;
    if (plan?.interval !== "month") return { outcome: "ignored", detail: "plan change to an unknown plan" };
    return applyPlanUpgrade(tx, providerId, row.id, plan, inv);
  }
  if (!inv.paid) {
    if (!inv.failedAttempt) return { outcome: "ignored", detail: "not paid" };
    // A refused renewal: 3 days of grace (once per invoice), an e-mail, then the paywall.
    const from = Math.max(Date.now(), row.currentPeriodEnd?.getTime() ?? Date.now());
    const grace = await grantEntitlement(tx, {
      userId: row.userId,
      planId: row.planId,
      source,
      providerRef: `${inv.ref}:grace`,
      endsAt: new Date(from + GRACE_DAYS * 86_400_000),
      stack: true,
    });
    if (!grace.created) return { outcome: "ignored", detail: "grace already given", userId: row.userId };
    const [member, plan] = await Promise.all([memberEmail(tx, row.userId), planById(tx, row.planId)]);
    return {
      outcome: "applied",
      detail: "renewal_failed_grace",
      userId: row.userId,
      ...(member && plan && grace.endsAt
        ? { graceMail: { to: member.email, planName: plan.name, until: grace.endsAt } }
        : {}),
    };
  }
  // The first invoice paid the checkout's period: already granted under its reference.
  if (await periodGranted(tx, source, inv.ref)) return { outcome: "ignored", detail: "already settled" };
  const change = await changeAtRenewal(tx, row.id, inv);
  const plan = await planById(tx, change?.toPlanId ?? row.planId);
  if (!plan) throw new Error(`plan ${row.planId} vanished`);
  const payment = await insertRenewalPayment(tx, {
    userId: row.userId,
    planId: plan.id,
    provider: providerId as PaymentRow["provider"],
    providerRef: inv.ref,
    amountCents: inv.amountCents,
    currency: inv.currency,
    subscriptionRef: inv.subscriptionRef,
  });
  if (!payment) throw new Error("renewal payment neither inserted nor found");
  if (inv.amountCents !== plan.priceCents || inv.currency !== plan.currency) {
    const detail = `amount_mismatch: paid ${inv.amountCents} ${inv.currency}, expected ${plan.priceCents} ${plan.currency}`;
    await updatePayment(tx, payment.id, { status: "failed", failureReason: detail });
    return { outcome: "mismatch", detail, paymentId: payment.id, userId: row.userId };
  }
  const applied = await applyCheckout(
    tx,
    payment,
    {
      ref: inv.ref,
      status: "paid",
      amountCents: inv.amountCents,
      currency: inv.currency,
      periodRef: inv.ref,
      subscriptionRef: inv.subscriptionRef,
      periodEnd: inv.periodEnd,
      metadata: {},
    },
    source,
    { renewal: true },
  );
  if (change && applied.outcome === "applied") {
    await updatePlanChange(tx, change.id, {
      status: "applied",
      appliedAt: new Date(),
      paymentId: payment.id,
    });
  }
  return { ...applied, paymentId: payment.id, userId: row.userId };
}

/**
 * A change waiting for this renewal (decision 053) takes over when the provider bills its plan:
 * the agreement is of the new plan from now on, and the period the renewal pays is granted with it.
 * A PayPal revision the member never agreed to is dropped once PayPal bills the old plan again.
 */
async function changeAtRenewal(tx: Conn, agreementId: string, inv: InvoiceState) {
  const waiting = await waitingChange(tx, agreementId);
  if (!waiting || waiting.change.status === "requested") return undefined;
  const billed = inv.planId ?? (inv.planCode ? (await planByCode(tx, inv.planCode))?.id : undefined);
  const change = waiting.change;
  if (billed === change.toPlanId || (billed === undefined && change.status === "scheduled")) {
    await setAgreementPlan(tx, agreementId, change.toPlanId);
    return change;
  }
  if (billed !== undefined && change.status === "awaiting_approval") {
    await updatePlanChange(tx, change.id, { status: "canceled", detail: "not approved before the renewal" });
  }
  return undefined;
}

/**
 * An upgrade that takes effect at once (decision 053), with the provider's proration paid: the
 * difference is a payment with its receipt, the agreement bills the new plan, and the period that
 * runs is of the new plan now — so the stream's limits and quality follow at once. Told by the
 * change itself and by the invoice's webhook, whichever comes first: the agreement's row is locked
 * and the invoice is recorded once, so the other changes nothing.
 */
export async function applyPlanUpgrade(
  tx: Conn,
  providerId: ProviderId,
  agreementId: string,
  plan: PlanRow,
  inv: InvoiceState,
): Promise<AppliedEvent> {
  const row = await lockAgreement(tx, agreementId);
  if (!row?.providerRef) return { outcome: "ignored", detail: "unknown_member" };
  const ids = { userId: row.userId };
  const known = await paymentByRef(tx, providerId, inv.ref);
  if (known) return { outcome: "ignored", detail: "already settled", paymentId: known.id, ...ids };
  if (!inv.paid) return { outcome: "ignored", detail: "not paid", ...ids };
  const waiting = await waitingChange(tx, row.id);
  const change =
    waiting?.change.status === "requested" && waiting.change.toPlanId === plan.id
      ? waiting.change
      : undefined;
  // The difference can be neither in another currency nor more than the new plan's whole month.
  if (inv.currency !== plan.currency || inv.amountCents > plan.priceCents) {
    const detail = `amount_mismatch: plan change charged ${inv.amountCents} ${inv.currency}, at most ${plan.priceCents} ${plan.currency}`;
    if (change) await updatePlanChange(tx, change.id, { status: "failed", detail });
    return { outcome: "mismatch", detail, ...ids };
  }
  const period = await runningPeriodOf(tx, row.id);
  const payment =
    inv.amountCents > 0
      ? await insertChangePayment(tx, {
          userId: row.userId,
          planId: plan.id,
          provider: providerId as PaymentRow["provider"],
          providerRef: inv.ref,
          amountCents: inv.amountCents,
          currency: inv.currency,
          method: agreementMethod(row.paymentMethod),
          subscriptionId: row.id,
          subscriptionRef: row.providerRef,
          entitlementId: period?.id ?? null,
        })
      : undefined;
  const fromPlanId = row.planId;
  if (fromPlanId !== plan.id) {
    await setAgreementPlan(tx, row.id, plan.id);
    await switchRunningPeriods(tx, row.id, plan.id);
  }
  const applied = {
    status: "applied" as const,
    effectiveAt: new Date(),
    appliedAt: new Date(),
    amountCents: inv.amountCents,
    currency: inv.currency,
    paymentId: payment?.id ?? null,
  };
  if (change) await updatePlanChange(tx, change.id, applied);
  else if (fromPlanId !== plan.id) {
    // Told by the webhook before the change recorded itself (or made at Stripe): its line all the same.
    await insertPlanChange(tx, {
      userId: row.userId,
      subscriptionId: row.id,
      provider: providerId,
      fromPlanId,
      toPlanId: plan.id,
      kind: "upgrade",
      ...applied,
    });
  }
  const receipt = payment
    ? await insertReceipt(tx, {
        paymentId: payment.id,
        userId: row.userId,
        planName: billingMessages.receiptPlanChange(plan.name),
        amountCents: payment.amountCents,
        currency: payment.currency,
        periodStart: new Date(),
        periodEnd: period?.endsAt ?? row.currentPeriodEnd,
      })
    : undefined;
  const member = await memberEmail(tx, row.userId);
  return {
    outcome: "applied",
    detail: "plan_upgraded",
    ...ids,
    ...(payment ? { paymentId: payment.id } : {}),
    ...(receipt && member
      ? { mail: { to: member.email, receipt: { ...receipt, method: payment?.method ?? "card" } } }
      : {}),
  };
}

/**
 * « Résilier votre abonnement » (L215-1-1 Code de la consommation): the provider stops the renewal,
 * access runs to the end of the paid period, the acknowledgement is e-mailed.
 */
export async function cancelSubscription(ctx: Ctx, providers: Providers, userId: string) {
  return setCancellation(ctx, providers, userId, true);
}

/** Resumes a cancelled subscription before its end. */
export async function resumeSubscription(ctx: Ctx, providers: Providers, userId: string) {
  return setCancellation(ctx, providers, userId, false);
}

async function setCancellation(
  ctx: Ctx,
  providers: Providers,
  userId: string,
  cancel: boolean,
  { mail = true }: { mail?: boolean } = {},
) {
  const agreement = await runningAgreement(ctx.db, userId);
  const open =
    agreement?.providerRef &&
    (agreement.currentPeriodEnd === null || agreement.currentPeriodEnd > new Date()) &&
    agreement.cancelAtPeriodEnd !== cancel;
  if (!agreement?.providerRef || !open) {
    throw new AppError(
      "CONFLICT",
      cancel ? billingMessages.nothingToCancel : billingMessages.nothingToResume,
    );
  }
  const provider = providers.byId.get((agreement.provider ?? "demo") as ProviderId);
  if (!provider) throw new AppError("SERVICE_UNAVAILABLE", billingMessages.providerFailed);
  let state: Awaited<ReturnType<PaymentProvider["setCancelAtPeriodEnd"]>>;
  try {
    state = await provider.setCancelAtPeriodEnd(agreement.providerRef, cancel);
  } catch (err) {
    if (err instanceof ProviderUnsupported) throw new AppError("CONFLICT", billingMessages.resumeUnsupported);
    throw providerFailed(err);
  }
  const periodEnd = state.periodEnd ?? agreement.currentPeriodEnd;
  await ctx.db.transaction((tx) =>
    upsertAgreement(tx, {
      userId,
      planId: agreement.planId,
      provider: agreement.provider ?? "demo",
      providerRef: agreement.providerRef as string,
      status: "active",
      currentPeriodEnd: periodEnd,
      cancelAtPeriodEnd: cancel,
      paymentMethod: agreementMethod(agreement.paymentMethod),
    }),
  );
  if (cancel && mail) {
    const [member, plan, span] = await Promise.all([
      memberEmail(ctx.db, userId),
      planById(ctx.db, agreement.planId),
      accessSpan(ctx.db, userId),
    ]);
    // The access ends with the later of the period and what follows it (a gift after it).
    const accessEnd = periodEnd && span?.until && span.until > periodEnd ? span.until : periodEnd;
    if (member && plan)
      ctx.mailer.sendLater(cancellationMail(ctx.config, member.email, plan.name, accessEnd));
  }
  return subscriptionState(ctx, providers, userId);
}

/**
 * An administrator refunds a payment: the provider gives the money back first, then the period it
 * paid for is revoked at once (access ends) and the payment is marked refunded, with its line in the
 * journal, in one transaction. Where the provider takes no refund from Bobine (`refundsByHand`:
 * paysafecard, BTCPay, the operator's wallet), the administrator gives the money back there, and
 * Bobine only ends the access (decision 051).
 */
export async function refundPayment(ctx: Ctx, providers: Providers, actor: Actor, paymentId: string) {
  const payment = await paymentById(ctx.db, paymentId);
  if (!payment) throw new AppError("NOT_FOUND", billingMessages.paymentUnknown);
  if (payment.status !== "paid" || !payment.providerRef) {
    throw new AppError("CONFLICT", billingMessages.notRefundable);
  }
  const provider = providers.byId.get(payment.provider as ProviderId);
  if (!provider) throw new AppError("SERVICE_UNAVAILABLE", billingMessages.providerFailed);
  if (!provider.refundsByHand) {
    try {
      await provider.refund(payment.providerRef);
    } catch (err) {
      throw providerFailed(err);
    }
  }
  await ctx.db.transaction(async (tx) => {
    const locked = await lockPayment(tx, payment.id);
    if (locked?.status !== "paid") return;
    await endRefundedPayment(tx, locked, actor, {
      ...(provider.refundsByHand ? { byHand: true } : {}),
    });
  });
  ctx.log.info({ paymentId }, "payment refunded by an administrator");
  return { id: payment.id, status: "refunded" as const };
}

/**
 * A refunded payment ends what it paid for, whoever refunded it (an administrator's « Rembourser »,
 * or a refund made at the provider): marked refunded, the period it granted revoked at once (access
 * ends), its agreement renewing no more, and the journal's line naming who did it. Inside the
 * caller's transaction, on the payment row it locked while still paid.
 */
async function endRefundedPayment(
  tx: Conn,
  locked: PaymentRow,
  actor: Actor | ProviderActor,
  journal: Record<string, unknown>,
) {
  await updatePayment(tx, locked.id, { status: "refunded" });
  if (locked.entitlementId) await revokePeriod(tx, locked.entitlementId);
  // A refunded monthly plan renews no more.
  if (locked.subscriptionId) await endAgreement(tx, locked.subscriptionId);
  // The member learns why the access ended (in the bell, at once, whatever tab is open).
  const plan = await planById(tx, locked.planId);
  const amount = euros(locked.amountCents, locked.currency);
  await notifyMember(tx, locked.userId, {
    title: billingMessages.refundedTitle,
    message:
      locked.failureReason === DUPLICATE_PURCHASE
        ? billingMessages.duplicateRefundedMessage(plan?.name ?? "", amount)
        : billingMessages.refundedMessage(plan?.name ?? "", amount),
  });
  await recordAudit(tx, actor, {
    action: "payment.refund",
    targetType: "payment",
    targetId: locked.id,
    targetLabel: await paymentLabel(tx, locked),
    before: { status: "paid" },
    after: {
      status: "refunded",
      amount: euros(locked.amountCents, locked.currency),
      provider: locked.provider,
      ...journal,
    },
  });
}

/** How the journal names a payment: its member and its plan. */
export async function paymentLabel(tx: Conn, payment: PaymentRow): Promise<string> {
  const member = await memberEmail(tx, payment.userId);
  const plan = await planById(tx, payment.planId);
  return `${member?.username ?? member?.email ?? payment.userId} — ${plan?.name ?? ""}`;
}

/** « Gérer mon moyen de paiement »: the provider's customer portal for the running agreement. */
export async function portalLink(ctx: Ctx, providers: Providers, userId: string) {
  const agreement = await runningAgreement(ctx.db, userId);
  if (!agreement) throw new AppError("CONFLICT", billingMessages.noSubscription);
  const provider = agreement.provider ? providers.byId.get(agreement.provider as ProviderId) : undefined;
  if (!agreement.providerRef || !provider) throw new AppError("CONFLICT", billingMessages.portalUnavailable);
  let url: string | null;
  try {
    url = await provider.portalLink(agreement.providerRef, `${ctx.config.publicUrl}/settings`);
  } catch (err) {
    throw providerFailed(err);
  }
  if (!url) throw new AppError("CONFLICT", billingMessages.portalUnavailable);
  return { url };
}

/**
 * The daily reconciliation (decision 041): every agreement Bobine believes running is read again at its
 * provider and repaired where they differ (cancelled there, period moved, renewal stopped). A
 * provider that does not answer is skipped until the next run. Returns how many rows changed.
 */
export async function reconcileAgreements(ctx: Pick<Ctx, "db" | "log">, providers: Providers) {
  let repaired = 0;
  for (const [id, provider] of providers.byId) {
    if (id === "demo" || id === "paysafecard" || id === "btcpay") continue;
    for (const row of await runningAgreements(ctx.db, id)) {
      let fresh: Awaited<ReturnType<PaymentProvider["fetchAgreement"]>>;
      try {
        fresh = await provider.fetchAgreement(row.providerRef as string);
      } catch (err) {
        ctx.log.warn({ err, provider: id, ref: row.providerRef }, "reconciliation: provider did not answer");
        continue;
      }
      const status = fresh.status === "canceled" ? "canceled" : "active";
      const periodEnd = fresh.periodEnd ?? row.currentPeriodEnd;
      const same =
        status === row.status &&
        fresh.cancelAtPeriodEnd === row.cancelAtPeriodEnd &&
        (periodEnd?.getTime() ?? null) === (row.currentPeriodEnd?.getTime() ?? null);
      if (same) continue;
      await ctx.db.transaction((tx) =>
        upsertAgreement(tx, {
          userId: row.userId,
          planId: row.planId,
          provider: id,
          providerRef: row.providerRef as string,
          status,
          currentPeriodEnd: periodEnd,
          cancelAtPeriodEnd: fresh.cancelAtPeriodEnd,
          paymentMethod: agreementMethod(row.paymentMethod),
        }),
      );
      ctx.log.warn(
        { provider: id, ref: row.providerRef },
        "reconciliation: agreement repaired from its provider",
      );
      repaired += 1;
    }
  }
  return repaired;
}
