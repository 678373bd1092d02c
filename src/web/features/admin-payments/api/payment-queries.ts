import { queryOptions } from "@tanstack/react-query";
import {
  confirmPayment,
  listAdminPayments,
  refundPayment,
  rejectPayment,
  replayPaymentEvent,
} from "#contract/billing";
import { apiGet, apiSend } from "#web/lib/api.ts";
import { adminData } from "#web/lib/query-tags.ts";

/** The « Paiements » tab through TanStack Query (one key root). */
export const adminPaymentKeys = {
  root: "admin-payments",
  ledger: () => ["admin-payments", "ledger"] as const,
};

export const ledgerOptions = () =>
  queryOptions({
    queryKey: adminPaymentKeys.ledger(),
    queryFn: ({ signal }) => apiGet(listAdminPayments, { signal }),
    meta: adminData,
  });

export const postRefund = (paymentId: string) => apiSend(refundPayment, { params: { paymentId } });

export const postReplay = (eventId: string) => apiSend(replayPaymentEvent, { params: { eventId } });

export const postConfirm = (paymentId: string, reference: string) =>
  apiSend(confirmPayment, { params: { paymentId }, body: { reference } });

export const postReject = (paymentId: string) => apiSend(rejectPayment, { params: { paymentId } });
