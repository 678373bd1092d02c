import { queryOptions } from "@tanstack/react-query";
import { listPlans } from "#contract/auth";
import {
  billingPortal,
  type CheckoutMethod,
  cancelSubscription,
  changePlan,
  createCheckout,
  declareWalletPayment,
  demoCheckout,
  demoPay,
  getSubscription,
  listReceipts,
  previewPlanChange,
  resumeSubscription,
  verifyPayment,
  walletCheckout,
} from "#contract/billing";
import { apiGet, apiSend } from "#web/lib/api.ts";
import { billingPreferencesData } from "#web/lib/query-tags.ts";

/** The plans' and the member's billing cached answers (their one key factory: docs/decisions/010). */
export const subscriptionKeys = {
  all: ["subscription"] as const,
  plans: () => ["subscription", "plans"] as const,
  states: () => ["subscription", "state"] as const,
  state: (userId: string) => ["subscription", "state", userId] as const,
  receipts: (userId: string) => ["subscription", "receipts", userId] as const,
  demo: (paymentId: string) => ["subscription", "demo", paymentId] as const,
  verify: (sessionId: string) => ["subscription", "verify", sessionId] as const,
  wallet: (paymentId: string) => ["subscription", "wallet", paymentId] as const,
  change: (planId: string) => ["subscription", "change", planId] as const,
};

/** GET /api/plans: the active plans, cheapest first (spec §7 subscription_plans). */
export const plansOptions = queryOptions({
  queryKey: subscriptionKeys.plans(),
  queryFn: ({ signal }) => apiGet(listPlans, { signal }),
});

/** The member's state, computed by the server (spec §4); re-checked every 15 min while subscribed. */
export const subscriptionStateOptions = (userId: string) =>
  queryOptions({
    queryKey: subscriptionKeys.state(userId),
    queryFn: ({ signal }) => apiGet(getSubscription, { signal }),
    meta: billingPreferencesData,
    refetchInterval: (q) =>
      q.state.data?.state === "active" || q.state.data?.state === "expiring" ? 15 * 60_000 : false,
  });

export const receiptsOptions = (userId: string) =>
  queryOptions({
    queryKey: subscriptionKeys.receipts(userId),
    queryFn: ({ signal }) => apiGet(listReceipts, { signal }),
  });

export const demoCheckoutOptions = (paymentId: string) =>
  queryOptions({
    queryKey: subscriptionKeys.demo(paymentId),
    queryFn: ({ signal }) => apiGet(demoCheckout, { params: { paymentId }, signal }),
    retry: false,
  });

/** The crypto fallback's payment (decision 051), followed every 15 s while an administrator has to confirm it. */
export const walletOptions = (paymentId: string) =>
  queryOptions({
    queryKey: subscriptionKeys.wallet(paymentId),
    queryFn: ({ signal }) => apiGet(walletCheckout, { params: { paymentId }, signal }),
    refetchInterval: (q) => (q.state.data?.status === "pending" && q.state.data.reference ? 15_000 : false),
    retry: false,
  });

/** What changing to a plan would do (decision 053): read when the confirmation opens, never cached long. */
export const planChangeOptions = (planId: string) =>
  queryOptions({
    queryKey: subscriptionKeys.change(planId),
    queryFn: ({ signal }) => apiGet(previewPlanChange, { query: { planId }, signal }),
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });

/** « Changer de formule »: the plan only; the server reads its price. */
export const changeTo = (planId: string, waiveWithdrawal: boolean) =>
  apiSend(changePlan, { body: { planId, waiveWithdrawal } });

export const declareWallet = (paymentId: string, reference: string) =>
  apiSend(declareWalletPayment, { params: { paymentId }, body: { reference } });

export const startCheckout = (body: { planId: string; method: CheckoutMethod; waiveWithdrawal: boolean }) =>
  apiSend(createCheckout, { body });
export const payDemo = (paymentId: string, body: { cardNumber?: string; confirm?: boolean }) =>
  apiSend(demoPay, { params: { paymentId }, body });
export const verify = (sessionId: string) => apiGet(verifyPayment, { query: { session_id: sessionId } });
export const cancel = () => apiSend(cancelSubscription);
export const resume = () => apiSend(resumeSubscription);
export const openPortal = () => apiSend(billingPortal);
