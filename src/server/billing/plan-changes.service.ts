import { billingMessages, type PlanChangePreview } from "#contract/billing";
import { accessSpan } from "../shared/entitlement.queries.ts";
import { AppError, fieldError } from "../shared/errors.ts";
import { type PlanRow, planById, runningAgreement } from "./payments.queries.ts";
import {
  afterApplied,
  applyPlanUpgrade,
  type Ctx,
  type Providers,
  providerFailed,
  subscriptionState,
} from "./payments.service.ts";
import {
  claimPlanChange,
  type PlanChangeRow,
  updatePlanChange,
  waitingChange,
} from "./plan-changes.queries.ts";
import { type PaymentProvider, ProviderDeclined, type ProviderId } from "./provider.ts";

/**
 * Changing a monthly plan (issue 13; docs/decisions/053-plan-changes.md): a dearer plan at once
 * with the provider's own proration, a cheaper one at the renewal. The plan and its price are read
 * here; the browser only names the plan.
 */

/** A change still `requested` after this long was abandoned (the provider answers within 15 s). */
const STALE_REQUEST_MS = 10 * 60_000;

const planOf = (p: PlanRow) => ({
  id: p.id,
  code: p.code,
  name: p.name,
  priceCents: p.priceCents,
  currency: p.currency,
  interval: p.interval,
});

interface Decided {
  agreement: NonNullable<Awaited<ReturnType<typeof runningAgreement>>> & { providerRef: string };
  provider: PaymentProvider;
  current: PlanRow;
  plan: PlanRow;
  /** The change that waits already, if any. */
  waiting: PlanChangeRow | undefined;
  kind: "upgrade" | "downgrade" | "revert";
  effective: "now" | "renewal";
}

/** What changing to `planId` means for this member now, or the French reason it cannot be. */
async function decide(ctx: Ctx, providers: Providers, userId: string, planId: string): Promise<Decided> {
  const plan = await planById(ctx.db, planId);
  if (!plan) throw fieldError("planId", billingMessages.planUnknown);
  if (!plan.isActive) throw fieldError("planId", billingMessages.planInactive);
  if (plan.interval !== "month") throw fieldError("planId", billingMessages.changeMonthlyOnly);
  const [span, agreement] = await Promise.all([accessSpan(ctx.db, userId), runningAgreement(ctx.db, userId)]);
  if (span?.live && span.until === null) throw new AppError("CONFLICT", billingMessages.lifetimeNoChange);
  const live = agreement?.currentPeriodEnd === null || (agreement?.currentPeriodEnd ?? 0) > new Date();
  if (!agreement?.providerRef || !live) throw new AppError("CONFLICT", billingMessages.nothingToChange);
  if (agreement.cancelAtPeriodEnd) throw new AppError("CONFLICT", billingMessages.changeAfterCancel);
  const provider = providers.byId.get((agreement.provider ?? "demo") as ProviderId);
  if (!provider?.changePlan || !provider.planChanges)
    throw new AppError("CONFLICT", billingMessages.changeUnsupported);
  const current = await planById(ctx.db, agreement.planId);
  if (!current) throw new AppError("CONFLICT", billingMessages.nothingToChange);
  let waiting = (await waitingChange(ctx.db, agreement.id))?.change;
  if (waiting?.status === "requested") {
    // A request whose process died while asking the provider does not block the member for ever.
    if (waiting.createdAt.getTime() > Date.now() - STALE_REQUEST_MS)
      throw new AppError("CONFLICT", billingMessages.changeInProgress);
    await updatePlanChange(ctx.db, waiting.id, { status: "failed", detail: "abandoned" });
    waiting = undefined;
  }
  const base = {
    agreement: { ...agreement, providerRef: agreement.providerRef },
    provider,
    current,
    plan,
    waiting,
  };
  if (plan.id === current.id) {
    if (!waiting) throw new AppError("CONFLICT", billingMessages.samePlan);
    // PayPal: once the member agreed to a revision, only PayPal could undo it.
    if (provider.planChanges === "renewal" && waiting.status === "scheduled")
      throw new AppError("CONFLICT", billingMessages.changeLocked);
    return { ...base, kind: "revert", effective: "now" };
  }
  if (waiting) {
    const to = await planById(ctx.db, waiting.toPlanId);
    throw new AppError("CONFLICT", billingMessages.changeWaiting(to?.name ?? ""));
  }
  const upgrade = plan.priceCents > current.priceCents;
  return {
    ...base,
    kind: upgrade ? "upgrade" : "downgrade",
    effective: upgrade && provider.planChanges === "prorated" ? "now" : "renewal",
  };
}

/** What changing to a plan would do, for the confirmation (the amount as the provider previews it). */
export async function previewPlanChange(
  ctx: Ctx,
  providers: Providers,
  userId: string,
  planId: string,
): Promise<PlanChangePreview> {
  const d = await decide(ctx, providers, userId, planId);
  let amountNowCents: number | null = null;
  if (d.effective === "now" && d.kind === "upgrade" && d.provider.previewPlanChange) {
    // A preview that fails only leaves the amount unsaid (« au prorata »); the change itself will say.
    amountNowCents = await d.provider
      .previewPlanChange(d.agreement.providerRef, d.plan)
      .catch((err: unknown) => {
        ctx.log.warn({ err, userId }, "plan change: the provider's preview failed");
        return null;
      });
  }
  return {
    kind: d.kind,
    effective: d.effective,
    effectiveAt: d.effective === "now" ? null : (d.agreement.currentPeriodEnd?.toISOString() ?? null),
    amountNowCents,
    currency: d.plan.currency,
    plan: planOf(d.plan),
    currentPlan: planOf(d.current),
    needsApproval: d.kind !== "revert" && d.provider.planChanges === "renewal",
  };
}

/**
 * « Changer de formule »: claims the agreement's one waiting change, asks the provider, then records
 * what it did — an upgrade applied at once (its difference paid, with a receipt), a downgrade
 * scheduled for the renewal, a PayPal revision waiting for the member's consent, or the waiting
 * change cancelled when the member picks their current plan again. A refusal leaves the plan as it was.
 */
export async function changePlan(
  ctx: Ctx,
  providers: Providers,
  userId: string,
  body: { planId: string; waiveWithdrawal?: boolean | undefined },
) {
  const d = await decide(ctx, providers, userId, body.planId);
  const change = d.provider.changePlan;
  if (!change) throw new AppError("CONFLICT", billingMessages.changeUnsupported);
  const done = async (chargedCents: number | null, approveUrl: string | null) => ({
    kind: d.kind,
    effective: d.effective,
    effectiveAt: d.effective === "now" ? null : (d.agreement.currentPeriodEnd?.toISOString() ?? null),
    chargedCents,
    currency: d.plan.currency,
    approveUrl,
    subscription: await subscriptionState(ctx, providers, userId),
  });
  const ask = (changeId: string, plan: PlanRow, when: "now" | "renewal") =>
    change.call(d.provider, {
      subscriptionRef: d.agreement.providerRef,
      plan,
      when,
      changeId,
      returnUrl: `${ctx.config.publicUrl}/subscription`,
      cancelUrl: `${ctx.config.publicUrl}/subscription`,
    });

  if (d.kind === "revert") {
    const waiting = d.waiting as PlanChangeRow;
    // Stripe already bills the scheduled plan from the renewal: its price goes back, without proration.
    if (waiting.status === "scheduled") {
      try {
        await ask(`${waiting.id}-revert`, d.current, "renewal");
      } catch (err) {
        throw providerFailed(err);
      }
    }
    await updatePlanChange(ctx.db, waiting.id, { status: "canceled", detail: "cancelled by the member" });
    ctx.log.info({ userId, changeId: waiting.id }, "plan change cancelled by the member");
    return done(null, null);
  }

  if (d.effective === "now" && body.waiveWithdrawal !== true)
    throw fieldError("waiveWithdrawal", billingMessages.waiverRequired);
  const claimed = await claimPlanChange(ctx.db, {
    userId,
    subscriptionId: d.agreement.id,
    provider: d.provider.id,
    fromPlanId: d.current.id,
    toPlanId: d.plan.id,
    kind: d.kind,
    effectiveAt: d.effective === "now" ? new Date() : d.agreement.currentPeriodEnd,
  });
  if (!claimed) throw new AppError("CONFLICT", billingMessages.changeInProgress);

  let result: Awaited<ReturnType<NonNullable<PaymentProvider["changePlan"]>>>;
  try {
    result = await ask(claimed.id, d.plan, d.effective);
  } catch (err) {
    const declined = err instanceof ProviderDeclined;
    await updatePlanChange(ctx.db, claimed.id, {
      status: "failed",
      detail: declined ? "declined" : `provider_error: ${(err as Error).message}`.slice(0, 300),
    });
    ctx.log.warn({ err, userId, changeId: claimed.id }, "plan change refused by the provider");
    if (declined) throw new AppError("CONFLICT", billingMessages.changeDeclined);
    throw providerFailed(err);
  }

  if (d.effective === "now") {
    const invoice = result.invoice;
    if (!invoice?.paid) {
      // error_if_incomplete: Stripe applies an upgrade only once its difference is paid.
      await updatePlanChange(ctx.db, claimed.id, { status: "failed", detail: "difference not paid" });
      throw new AppError("CONFLICT", billingMessages.changeDeclined);
    }
    const applied = await ctx.db.transaction((tx) =>
      applyPlanUpgrade(tx, d.provider.id, d.agreement.id, d.plan, invoice),
    );
    if (applied.outcome === "mismatch") {
      ctx.log.warn({ userId, detail: applied.detail }, "plan change: the difference differs from the plan");
    }
    afterApplied(ctx, providers, applied);
    ctx.log.info({ userId, changeId: claimed.id, to: d.plan.code }, "plan upgraded");
    return done(invoice.amountCents, null);
  }

  await updatePlanChange(ctx.db, claimed.id, {
    status: result.approveUrl ? "awaiting_approval" : "scheduled",
    approveUrl: result.approveUrl,
  });
  ctx.log.info({ userId, changeId: claimed.id, to: d.plan.code }, "plan change scheduled for the renewal");
  return done(null, result.approveUrl);
}
