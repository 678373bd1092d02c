import { billingMessages } from "#contract/billing";
import type { Db } from "#db/client";
import type { Config } from "../shared/config.ts";
import { AppError } from "../shared/errors.ts";
import { receiptLines } from "./billing.mails.ts";
import { paymentById, receiptOf, receiptsOf, recentEvents, recentPayments } from "./payments.queries.ts";
import { receiptPdf } from "./receipt-pdf.ts";

const iso = (d: Date) => d.toISOString();

/** The member's numbered receipts, newest first (listed in Paramètres). */
export async function memberReceipts(db: Db, userId: string) {
  const rows = await receiptsOf(db, userId);
  return rows.map((r) => ({
    id: r.id,
    number: r.number,
    planName: r.planName,
    amountCents: r.amountCents,
    currency: r.currency,
    periodStart: iso(r.periodStart),
    periodEnd: r.periodEnd ? iso(r.periodEnd) : null,
    issuedAt: iso(r.issuedAt),
  }));
}

/** The payments ledger and the webhook deliveries, newest first (administrators). */
export async function adminLedger(db: Db) {
  const [payments, events] = await Promise.all([recentPayments(db, 200), recentEvents(db, 200)]);
  return {
    payments: payments.map((p) => ({ ...p, createdAt: iso(p.createdAt) })),
    events: events.map((e) => ({ ...e, receivedAt: iso(e.receivedAt) })),
  };
}

/** One of the member's receipts as a PDF (another member's is 404). */
export async function memberReceiptPdf(db: Db, config: Config, userId: string, receiptId: string) {
  const receipt = await receiptOf(db, userId, receiptId);
  if (!receipt) throw new AppError("NOT_FOUND", billingMessages.receiptUnknown);
  const payment = await paymentById(db, receipt.paymentId);
  const lines = receiptLines(config, { ...receipt, method: payment?.method ?? "card" });
  const [title = receipt.number, ...rest] = lines;
  return { number: receipt.number, pdf: receiptPdf(`${config.billing.seller.name} — ${title}`, rest) };
}
