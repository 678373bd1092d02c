import { billingMessages, type WalletPayment } from "#contract/billing";
import { type Actor, recordAudit } from "../shared/audit.queries.ts";
import { isUniqueViolation } from "../shared/db-errors.ts";
import { AppError } from "../shared/errors.ts";
import { notifyMember } from "../shared/member-notifications.queries.ts";
import type { Conn } from "../shared/sql.queries.ts";
import { euros } from "./billing.mails.ts";
import {
  administratorIds,
  lockPayment,
  memberEmail,
  type PaymentRow,
  paymentById,
  planById,
  updatePayment,
} from "./payments.queries.ts";
import {
  type Applied,
  afterApplied,
  applyCheckout,
  type Ctx,
  DUPLICATE_PURCHASE,
  type Providers,
  paymentLabel,
  paymentPlan,
} from "./payments.service.ts";

/**
 * The crypto fallback without BTCPay (decision 051; spec §9 "crypto: a wallet address is shown and
 * copied to clipboard"): the member sends the plan's amount to the operator's wallet and declares
 * the transaction; an administrator checks the wallet and confirms it (one prepaid period, or
 * lifetime) or refuses it. A transaction confirms one payment only (its reference is unique among
 * wallet payments), and the payment row is locked while it is settled, so two confirmations at once
 * grant once.
 */

const unknown = () => new AppError("NOT_FOUND", billingMessages.paymentUnknown);

/** The wallet from configuration; a payment started before it was removed can no longer be paid. */
function walletOf(ctx: Ctx) {
  const wallet = ctx.config.billing.wallet;
  if (!wallet) throw new AppError("SERVICE_UNAVAILABLE", billingMessages.methodUnavailable);
  return wallet;
}

async function view(ctx: Ctx, payment: PaymentRow): Promise<WalletPayment> {
  const wallet = walletOf(ctx);
  const plan = await planById(ctx.db, payment.planId);
  if (!plan) throw unknown();
  return {
    paymentId: payment.id,
    plan: paymentPlan(plan, payment),
    address: wallet.address,
    network: wallet.network,
    reference: payment.providerRef,
    status: payment.status,
  };
}

/** The member's own wallet payment (another member's, like a missing one, is NOT_FOUND). */
async function memberWalletPayment(db: Conn, userId: string, paymentId: string) {
  const payment = await paymentById(db, paymentId);
  if (!payment || payment.userId !== userId || payment.provider !== "crypto") throw unknown();
  return payment;
}

/** A transaction already attached to another payment answers 409 (the unique reference). */
async function withUniqueReference<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError("CONFLICT", billingMessages.walletReferenceTaken);
    throw err;
  }
}

/** The page `/payment/crypto`: where to send what, and where the payment stands. */
export async function walletCheckout(ctx: Ctx, userId: string, paymentId: string) {
  return view(ctx, await memberWalletPayment(ctx.db, userId, paymentId));
}

/**
 * The member says which transaction paid: it is kept with the payment (it may be corrected while
 * the payment waits), and every administrator is told there is a payment to confirm.
 */
export async function declareWalletPayment(ctx: Ctx, userId: string, paymentId: string, reference: string) {
  walletOf(ctx);
  await memberWalletPayment(ctx.db, userId, paymentId);
  await withUniqueReference(() =>
    ctx.db.transaction(async (tx) => {
      const locked = await lockPayment(tx, paymentId);
      if (!locked) throw unknown();
      if (locked.status !== "pending") throw new AppError("CONFLICT", billingMessages.paymentClosed);
      if (locked.providerRef === reference) return;
      await updatePayment(tx, paymentId, { providerRef: reference });
      const member = await memberEmail(tx, userId);
      const plan = await planById(tx, locked.planId);
      const message = billingMessages.walletDeclaredMessage(
        member?.username ?? member?.email ?? "",
        plan?.name ?? "",
        euros(locked.amountCents, locked.currency),
      );
      for (const admin of await administratorIds(tx)) {
        await notifyMember(tx, admin, { title: billingMessages.walletDeclaredTitle, message });
      }
    }),
  );
  return view(ctx, await memberWalletPayment(ctx.db, userId, paymentId));
}

/** An administrator's payment to settle: a wallet payment still pending (404 or 409 otherwise). */
async function lockPending(tx: Conn, paymentId: string) {
  const locked = await lockPayment(tx, paymentId);
  if (locked?.provider !== "crypto") throw unknown();
  if (locked.status !== "pending") throw new AppError("CONFLICT", billingMessages.notAwaitingConfirmation);
  return locked;
}

/**
 * An administrator found the transaction on the wallet: the payment is paid under that reference,
 * the member's period granted (one month stacked after their current access, or lifetime), the
 * receipt numbered, the member notified, and the journal written, in one transaction; the receipt
 * leaves by e-mail after it.
 */
export async function confirmWalletPayment(
  ctx: Ctx,
  providers: Providers,
  actor: Actor,
  paymentId: string,
  reference: string,
) {
  const applied: Applied = await withUniqueReference(() =>
    ctx.db.transaction(async (tx) => {
      const locked = await lockPending(tx, paymentId);
      if (locked.providerRef !== reference) await updatePayment(tx, paymentId, { providerRef: reference });
      const result = await applyCheckout(
        tx,
        { ...locked, providerRef: reference },
        {
          ref: reference,
          status: "paid",
          amountCents: locked.amountCents,
          currency: locked.currency,
          periodRef: reference,
          subscriptionRef: null,
          periodEnd: null,
          metadata: {},
        },
        "crypto",
      );
      if (result.outcome !== "applied") {
        throw new AppError("CONFLICT", billingMessages.notAwaitingConfirmation);
      }
      const plan = await planById(tx, locked.planId);
      await notifyMember(tx, locked.userId, {
        title: billingMessages.walletConfirmedTitle,
        message: (result.detail === DUPLICATE_PURCHASE
          ? billingMessages.walletDuplicateMessage
          : billingMessages.walletConfirmedMessage)(plan?.name ?? ""),
      });
      await recordAudit(tx, actor, {
        action: "payment.confirm",
        targetType: "payment",
        targetId: paymentId,
        targetLabel: await paymentLabel(tx, locked),
        before: { status: "pending", reference: locked.providerRef },
        after: { status: "paid", reference, amount: euros(locked.amountCents, locked.currency) },
      });
      return result;
    }),
  );
  afterApplied(ctx, providers, applied);
  ctx.log.info({ paymentId }, "wallet payment confirmed by an administrator");
  return { id: paymentId, status: "paid" as const };
}

/** No such transaction on the wallet: the payment fails, the member is told, the journal keeps it. */
export async function rejectWalletPayment(ctx: Ctx, actor: Actor, paymentId: string) {
  await ctx.db.transaction(async (tx) => {
    const locked = await lockPending(tx, paymentId);
    await updatePayment(tx, paymentId, { status: "failed", failureReason: "rejected_by_admin" });
    const plan = await planById(tx, locked.planId);
    await notifyMember(tx, locked.userId, {
      title: billingMessages.walletRejectedTitle,
      message: billingMessages.walletRejectedMessage(plan?.name ?? ""),
    });
    await recordAudit(tx, actor, {
      action: "payment.reject",
      targetType: "payment",
      targetId: paymentId,
      targetLabel: await paymentLabel(tx, locked),
      before: { status: "pending", reference: locked.providerRef },
      after: { status: "failed" },
    });
  });
  return { id: paymentId, status: "failed" as const };
}
