import { billingMessages } from "#contract/billing";
import type { Db } from "#db/client";
import type { Config } from "../shared/config.ts";
import { AppError } from "../shared/errors.ts";
import { receiptLines } from "./billing.mails.ts";
import {
  paymentById,
  receiptOf,
  receiptsOf,
  recentEvents,
  recentPayments,
  walletPaymentsToConfirm,
} from "./payments.queries.ts";
import { recentPlanChanges } from "./plan-changes.queries.ts";
import { receiptPdf } from "./receipt-pdf.ts";

const iso = (d: Date) => d.toISOString();

/** The member's numbered receipts, newest first (listed in Paramètres). */
export async function memberReceipts(db: Db, userId: string) {
  const rows = await receiptsOf(db, userId);
  return rows.map(({ receipt: r, paymentStatus }) => ({
    id: r.id,
    number: r.number,
    planName: r.planName,
    amountCents: r.amountCents,
    currency: r.currency,
    periodStart: iso(r.periodStart),
    periodEnd: r.periodEnd ? iso(r.periodEnd) : null,
    issuedAt: iso(r.issuedAt),
    refunded: paymentStatus === "refunded",
  }));
}

/**
 * The payments ledger and the webhook deliveries, newest first, after the wallet payments waiting for
 * an administrator, oldest first (administrators).
 */
export async function adminLedger(db: Db, byHand: (provider: string) => boolean) {
  const [toConfirm, payments, events, changes] = await Promise.all([
    walletPaymentsToConfirm(db, 200),
    recentPayments(db, 200),
    recentEvents(db, 200),
    recentPlanChanges(db, 200),
  ]);
  const payment = (p: (typeof payments)[number]) => ({
    ...p,
    createdAt: iso(p.createdAt),
    refundByHand: byHand(p.provider),
  });
  return {
    toConfirm: toConfirm.map(payment),
    payments: payments.map(payment),
    events: events.map((e) => ({ ...e, receivedAt: iso(e.receivedAt) })),
    planChanges: changes.map((c) => ({
      ...c,
      createdAt: iso(c.createdAt),
      effectiveAt: c.effectiveAt ? iso(c.effectiveAt) : null,
    })),
  };
}

/** One of the member's receipts as a PDF (another member's is 404). */
export async function memberReceiptPdf(db: Db, config: Config, userId: string, receiptId: string) {
  const receipt = await receiptOf(db, userId, receiptId);
  if (!receipt) throw new AppError("NOT_FOUND", billingMessages.receiptUnknown);
  const payment = await paymentById(db, receipt.paymentId);
  const lines = receiptLines(config, {
    ...receipt,
    method: payment?.method ?? "card",
    refunded: payment?.status === "refunded",
  });
  const [title = receipt.number, ...rest] = lines;
  return { number: receipt.number, pdf: receiptPdf(`${config.billing.seller.name} — ${title}`, rest) };
}
