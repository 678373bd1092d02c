/**
 * One interface for every payment provider (docs/decisions/041-payment-providers.md): Stripe, the
 * demo provider, later PayPal, paysafecard and BTCPay. The service never trusts what a browser or a
 * webhook body says about a payment: it asks the provider for the object's current state.
 */

/** `crypto`: the operator's own wallet, confirmed by an administrator when BTCPay is not set up (decision 051). */
export type ProviderId = "demo" | "stripe" | "paypal" | "paysafecard" | "btcpay" | "crypto";

export interface CheckoutRequest {
  /** Bobine's payment row, carried in the provider's metadata. */
  paymentId: string;
  plan: { id: string; code: string; name: string; priceCents: number; currency: string; interval: string };
  member: { id: string; email: string };
  /** Where the provider sends the member back; `{SESSION_ID}` is replaced by the provider's reference. */
  successUrl: string;
  cancelUrl: string;
}

export interface CheckoutCreated {
  /**
   * The provider's checkout (session, order, payment): `session_id` on the success page. Null when
   * the reference comes later (the wallet: the transaction the member declares).
   */
  ref: string | null;
  /** Where the member pays (the provider's hosted page, or Bobine's demo page). */
  url: string;
}

/** What the provider says about a checkout now. */
export interface CheckoutState {
  ref: string;
  status: "pending" | "paid" | "failed";
  /** What was actually charged, in cents, and its currency (upper case). */
  amountCents: number | null;
  currency: string | null;
  /** The reference of the first period paid (a first invoice), for the entitlement. */
  periodRef: string | null;
  /** The recurring agreement it opened (monthly plans) and the end of its paid period. */
  subscriptionRef: string | null;
  periodEnd: Date | null;
  /** Where the member pays while it is pending (paysafecard's panel), as the provider states it. */
  payUrl?: string | undefined;
  /** Bobine's metadata as the provider stored it. */
  metadata: { paymentId?: string | undefined; userId?: string | undefined; planId?: string | undefined };
}

/** A recurring agreement as the provider holds it. */
export interface AgreementState {
  ref: string;
  status: "active" | "canceled" | "past_due";
  cancelAtPeriodEnd: boolean;
  periodEnd: Date | null;
  /** The Bobine plan it bills now, by code, when the provider names it (PayPal's plan id). */
  planCode?: string | null | undefined;
}

/** A renewal's invoice as the provider holds it. */
export interface InvoiceState {
  ref: string;
  paid: boolean;
  /** The provider tried to take the money and failed (a renewal refused by the bank). */
  failedAttempt: boolean;
  amountCents: number;
  currency: string;
  subscriptionRef: string | null;
  periodEnd: Date | null;
  /**
   * change: the proration of a plan change, charged at once (Stripe's `subscription_update`);
   * renewal otherwise (a period, the first or the next).
   */
  reason?: "renewal" | "change" | undefined;
  /** The Bobine plan it bills, when the provider says (Stripe: the subscription's metadata; PayPal: its plan). */
  planId?: string | null | undefined;
  planCode?: string | null | undefined;
}

/** A change of monthly plan asked of the provider (docs/decisions/053-plan-changes.md). */
export interface PlanChangeRequest {
  subscriptionRef: string;
  plan: { id: string; code: string; name: string; priceCents: number; currency: string };
  /** now: prorated and charged at once (an upgrade); renewal: billed from the next renewal on. */
  when: "now" | "renewal";
  /** Bobine's row of the change: the idempotency key of the provider's calls. */
  changeId: string;
  /** Where the provider sends the member back after agreeing (PayPal). */
  returnUrl: string;
  cancelUrl: string;
}

export interface PlanChanged {
  /** The proration's invoice, paid at once (Stripe, `now`). */
  invoice: InvoiceState | null;
  /** The member has to agree at the provider first (PayPal's revision), here. */
  approveUrl: string | null;
}

/**
 * A charge as the provider holds it now, for a refund made outside Bobine (Stripe's dashboard): what
 * it took, how much of it went back, and the references a Bobine payment may be stored under.
 */
export interface ChargeState {
  ref: string;
  amountCents: number;
  refundedCents: number;
  currency: string;
  /** Everything it took went back (a partial refund keeps access). */
  fullyRefunded: boolean;
  /** Every refund of it was asked by Bobine itself (« Rembourser »), whose own path records it. */
  refundedByBobine: boolean;
  /** The checkout session (one payment) or the invoice (a monthly period) it paid. */
  paidRefs: string[];
}

/** A verified webhook: what happened to which object (its body is not trusted beyond that). */
export interface WebhookEvent {
  id: string;
  type: string;
  object: { kind: "checkout" | "subscription" | "invoice" | "charge" | "other"; ref: string };
  payload: unknown;
  /**
   * The provider gives its notifications no id of their own (paysafecard): the event is keyed by the
   * object and the state re-read, so a notification before the payment and the one after it are two.
   */
  keyedByState?: boolean;
}

export interface PaymentProvider {
  id: ProviderId;
  createCheckout(req: CheckoutRequest): Promise<CheckoutCreated>;
  /** Verifies the signature on the raw body; rejects with WebhookSignatureError when it does not hold. */
  parseWebhook(
    raw: Buffer,
    headers: Record<string, string | string[] | undefined>,
    query: Record<string, string>,
  ): Promise<WebhookEvent>;
  /**
   * The event a verified body holds, read again from what was stored (`payment_events.payload`):
   * how an administrator's replay finds the object a delivery named, without its signature.
   */
  readEvent(payload: unknown): WebhookEvent;
  fetchCheckout(ref: string): Promise<CheckoutState>;
  fetchAgreement(ref: string): Promise<AgreementState>;
  fetchInvoice(ref: string): Promise<InvoiceState>;
  /** A charge and its refunds (Stripe: `charge.refunded`); providers without such events have none. */
  fetchCharge?(ref: string): Promise<ChargeState>;
  /** Stops (or, with `false`, resumes) the renewal at the end of the paid period. */
  setCancelAtPeriodEnd(subscriptionRef: string, cancel: boolean): Promise<AgreementState>;
  /** The provider's customer portal for this agreement, when it has one. */
  portalLink(subscriptionRef: string, returnUrl: string): Promise<string | null>;
  /**
   * How it changes a monthly plan: `prorated` — a dearer plan at once, the difference prorated and
   * charged now, a cheaper one at the renewal (Stripe); `renewal` — every change at the renewal,
   * once the member has agreed at the provider (PayPal). Absent: it cannot (cancel, then subscribe).
   */
  readonly planChanges?: "prorated" | "renewal";
  changePlan?(req: PlanChangeRequest): Promise<PlanChanged>;
  /** What an upgrade would charge now (the provider's own proration), or null when it cannot say. */
  previewPlanChange?(subscriptionRef: string, plan: PlanChangeRequest["plan"]): Promise<number | null>;
  /** Ends a recurring agreement at once (nothing more is billed); already ended is fine. */
  cancelAgreement?(subscriptionRef: string): Promise<void>;
  /** Refunds in full (Stripe marks the refund as Bobine's own, so that its webhook changes nothing more). */
  refund(ref: string): Promise<void>;
  /**
   * Its payments are refunded by the administrator outside Bobine (paysafecard's merchant panel,
   * BTCPay's store, the operator's own wallet): `refund` is never called, Bobine ends the access.
   */
  readonly refundsByHand?: boolean;
}

export class WebhookSignatureError extends Error {}

/** A provider could not be reached or refused the call. */
export class ProviderError extends Error {}

/** The provider refused the payment it was asked to take (a card declined for an upgrade's difference). */
export class ProviderDeclined extends ProviderError {}

/** The provider has no such operation (PayPal cannot resume a cancelled subscription). */
export class ProviderUnsupported extends ProviderError {}
