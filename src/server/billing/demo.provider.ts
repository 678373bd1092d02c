import { randomBytes } from "node:crypto";
import { DEMO_CARDS } from "#contract/billing";
import type { Db } from "#db/client";
import { agreementByRef, paymentByRef, setDemoState } from "./payments.queries.ts";
import type { AgreementState, CheckoutState, PaymentProvider } from "./provider.ts";
import { ProviderError, WebhookSignatureError } from "./provider.ts";

/**
 * The demo provider (docs/decisions/042-demo-provider.md): what `npm start` uses with no setup. Its
 * checkout page is Bobine's own (/payment/demo/:paymentId, marked « Mode démonstration »); it takes
 * only the test cards and walks the states a real provider does (open → paid, declined, or
 * requires_action → paid once confirmed). Its state is the payment row's `demo_state`, read back by
 * `fetchCheckout` like any provider's.
 */
export type DemoState = "open" | "requires_action" | "paid" | "declined";

export function demoProvider(db: Db): PaymentProvider & {
  pay(
    paymentId: string,
    current: DemoState,
    input: { cardNumber?: string; confirm?: boolean },
  ): Promise<DemoState>;
} {
  return {
    id: "demo",
    async createCheckout(req) {
      return { ref: `demo_cs_${randomBytes(12).toString("hex")}`, url: `/payment/demo/${req.paymentId}` };
    },
    async parseWebhook() {
      // The demo provider sends no webhooks: anything claiming to be one is refused.
      throw new WebhookSignatureError("demo provider has no webhooks");
    },
    readEvent(): never {
      throw new WebhookSignatureError("demo provider has no webhooks");
    },
    async fetchCheckout(ref): Promise<CheckoutState> {
      const p = await paymentByRef(db, "demo", ref);
      if (!p) throw new ProviderError(`demo checkout ${ref} unknown`);
      const paid = p.demoState === "paid";
      return {
        ref,
        status: paid ? "paid" : p.demoState === "declined" ? "failed" : "pending",
        amountCents: paid ? p.amountCents : null,
        currency: paid ? p.currency : null,
        periodRef: ref,
        subscriptionRef: paid && p.providerSubscriptionRef ? p.providerSubscriptionRef : null,
        periodEnd: null,
        metadata: { paymentId: p.id, userId: p.userId, planId: p.planId },
      };
    },
    async fetchAgreement(ref): Promise<AgreementState> {
      const a = await agreementByRef(db, "demo", ref);
      if (!a) throw new ProviderError(`demo agreement ${ref} unknown`);
      return {
        ref,
        status: a.status === "active" ? "active" : "canceled",
        cancelAtPeriodEnd: a.cancelAtPeriodEnd,
        periodEnd: a.currentPeriodEnd,
      };
    },
    async fetchInvoice(ref) {
      throw new ProviderError(`demo provider has no invoices (${ref})`);
    },
    async setCancelAtPeriodEnd(ref, cancel) {
      const a = await this.fetchAgreement(ref);
      return { ...a, cancelAtPeriodEnd: cancel };
    },
    async portalLink() {
      return null;
    },
    async refund() {},
    async pay(paymentId, current, input) {
      let next: DemoState = current;
      if (current === "requires_action" && input.confirm) next = "paid";
      else if (current === "open" || current === "declined") {
        const card = (input.cardNumber ?? "").replace(/\s+/g, "");
        if (card === DEMO_CARDS.approved) next = "paid";
        else if (card === DEMO_CARDS.confirm) next = "requires_action";
        else next = "declined";
      }
      if (next !== current) await setDemoState(db, paymentId, next);
      return next;
    },
  };
}
