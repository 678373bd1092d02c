import type { Config } from "../shared/config.ts";
import {
  type AgreementState,
  type CheckoutState,
  type PaymentProvider,
  ProviderError,
  ProviderUnsupported,
  type WebhookEvent,
  WebhookSignatureError,
} from "./provider.ts";

type Settings = NonNullable<Config["billing"]["paypal"]>;

interface Link {
  rel: string;
  href: string;
}
interface Money {
  currency_code: string;
  value: string;
}
interface Order {
  id: string;
  status: string;
  links?: Link[];
  purchase_units?: {
    custom_id?: string;
    amount?: Money;
    payments?: { captures?: { id: string; status: string; amount: Money }[] };
  }[];
}
interface Subscription {
  id: string;
  status: string;
  plan_id?: string;
  custom_id?: string;
  create_time?: string;
  links?: Link[];
  billing_info?: {
    next_billing_time?: string;
    last_payment?: { amount: Money; time?: string };
    last_failed_payment?: { amount: Money; time: string };
  };
}
/** A subscription's payment as Payments v1 shows it (a "sale"). */
interface Sale {
  id: string;
  state: string;
  amount: { total: string; currency: string };
  billing_agreement_id?: string;
}
/** The suffix of a refused renewal's reference (BILLING.SUBSCRIPTION.PAYMENT.FAILED names the subscription). */
const FAILED = ":failed";

const toCents = (value: string) => Math.round(Number(value) * 100);
const toDecimal = (cents: number) => (cents / 100).toFixed(2);
const header = (h: Record<string, string | string[] | undefined>, name: string) => {
  const v = h[name];
  return typeof v === "string" ? v : "";
};

/**
 * PayPal through a thin `fetch` client with a configurable base URL (its server SDK hard-codes its
 * hosts): Orders v2 for lifetime (captured by the server), Subscriptions v1 for monthly plans
 * (a PayPal plan id per Bobine plan), webhooks verified by PayPal's verify-webhook-signature call.
 */
export function paypalProvider(settings: Settings, publicUrl: string): PaymentProvider {
  let token: { value: string; until: number } | undefined;
  async function accessToken() {
    if (token && token.until > Date.now()) return token.value;
    const res = await fetch(`${settings.apiUrl}/v1/oauth2/token`, {
      method: "POST",
      headers: {
        authorization: `Basic ${Buffer.from(`${settings.clientId}:${settings.secret}`).toString("base64")}`,
        "content-type": "application/x-www-form-urlencoded",
      },
      body: "grant_type=client_credentials",
      signal: AbortSignal.timeout(15_000),
    }).catch((err: Error) => {
      throw new ProviderError(`paypal token: ${err.message}`);
    });
    if (!res.ok) throw new ProviderError(`paypal token: HTTP ${res.status}`);
    const body = (await res.json()) as { access_token: string; expires_in: number };
    token = { value: body.access_token, until: Date.now() + (body.expires_in - 60) * 1000 };
    return token.value;
  }
  async function call<T>(
    method: "GET" | "POST",
    path: string,
    body?: object,
    requestId?: string,
  ): Promise<T> {
    const res = await fetch(`${settings.apiUrl}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${await accessToken()}`,
        "content-type": "application/json",
        ...(requestId ? { "paypal-request-id": requestId } : {}),
      },
      ...(body ? { body: JSON.stringify(body) } : {}),
      signal: AbortSignal.timeout(15_000),
    }).catch((err: Error) => {
      throw new ProviderError(`paypal ${method} ${path}: ${err.message}`);
    });
    if (!res.ok) throw new ProviderError(`paypal ${method} ${path}: HTTP ${res.status}`);
    const text = await res.text();
    return (text ? JSON.parse(text) : {}) as T;
  }
  const isSubscription = (ref: string) => ref.startsWith("I-");

  /** The completed capture of a lifetime order. */
  async function orderCapture(ref: string): Promise<string> {
    const o = await call<Order>("GET", `/v2/checkout/orders/${encodeURIComponent(ref)}`);
    const capture = o.purchase_units?.[0]?.payments?.captures?.find((c) => c.status === "COMPLETED");
    if (!capture) throw new ProviderError(`paypal refund: order ${ref} has no completed capture`);
    return capture.id;
  }

  const subscription = (ref: string) =>
    call<Subscription>("GET", `/v1/billing/subscriptions/${encodeURIComponent(ref)}`);

  /** A subscription's completed payments since it was created, oldest first. */
  async function subscriptionPayments(ref: string) {
    const s = await subscription(ref);
    const end = new Date();
    const start = s.create_time ? new Date(s.create_time) : new Date(end.getTime() - 400 * 86_400_000);
    const query = `start_time=${start.toISOString()}&end_time=${end.toISOString()}`;
    const { transactions = [] } = await call<{
      transactions?: { id: string; status: string; time: string }[];
    }>("GET", `/v1/billing/subscriptions/${encodeURIComponent(ref)}/transactions?${query}`);
    const payments = transactions
      .filter((t) => t.status === "COMPLETED")
      .sort((a, b) => a.time.localeCompare(b.time));
    return { subscription: s, payments };
  }

  /** The latest completed payment of a subscription. */
  async function lastSubscriptionPayment(ref: string): Promise<string> {
    const last = (await subscriptionPayments(ref)).payments.at(-1);
    if (!last) throw new ProviderError(`paypal refund: subscription ${ref} has no completed payment`);
    return last.id;
  }

  const link = (links: Link[] | undefined, ...rels: string[]) =>
    links?.find((l) => rels.includes(l.rel))?.href;

  /** The Bobine plan a PayPal plan bills (PAYPAL_PLAN_IDS read backwards). */
  const planCodeOf = (paypalPlan: string | undefined) =>
    Object.entries(settings.planIds).find(([, id]) => id === paypalPlan)?.[0] ?? null;

  function agreementOf(s: Subscription): AgreementState {
    const next = s.billing_info?.next_billing_time;
    return {
      planCode: planCodeOf(s.plan_id),
      ref: s.id,
      // A cancelled PayPal subscription bills no more; Bobine's access runs to the period's end.
      status: s.status === "ACTIVE" || s.status === "CANCELLED" ? "active" : "canceled",
      cancelAtPeriodEnd: s.status === "CANCELLED",
      periodEnd: next ? new Date(next) : null,
    };
  }

  return {
    id: "paypal",
    async createCheckout(req) {
      const returnUrl = `${publicUrl}/subscription/success`;
      const cancelUrl = req.cancelUrl;
      if (req.plan.interval === "month") {
        const planId = settings.planIds[req.plan.code];
        if (!planId) throw new ProviderError(`no PayPal plan for ${req.plan.code}`);
        const sub = await call<Subscription>(
          "POST",
          "/v1/billing/subscriptions",
          {
            plan_id: planId,
            custom_id: req.paymentId,
            subscriber: { email_address: req.member.email },
            application_context: {
              locale: "fr-FR",
              user_action: "SUBSCRIBE_NOW",
              return_url: returnUrl,
              cancel_url: cancelUrl,
            },
          },
          `sub-${req.paymentId}`,
        );
        const approve = link(sub.links, "approve");
        if (!approve) throw new ProviderError("paypal subscription without approve link");
        return { ref: sub.id, url: approve };
      }
      const order = await call<Order>(
        "POST",
        "/v2/checkout/orders",
        {
          intent: "CAPTURE",
          purchase_units: [
            {
              reference_id: req.paymentId,
              custom_id: req.paymentId,
              description: req.plan.name,
              amount: { currency_code: req.plan.currency, value: toDecimal(req.plan.priceCents) },
            },
          ],
          payment_source: {
            paypal: {
              experience_context: {
                locale: "fr-FR",
                user_action: "PAY_NOW",
                return_url: returnUrl,
                cancel_url: cancelUrl,
              },
            },
          },
        },
        `order-${req.paymentId}`,
      );
      const approve = link(order.links, "payer-action", "approve");
      if (!approve) throw new ProviderError("paypal order without approval link");
      return { ref: order.id, url: approve };
    },
    async parseWebhook(raw, headers): Promise<WebhookEvent> {
      let event: { id?: string; event_type?: string; resource?: Record<string, unknown> };
      try {
        event = JSON.parse(raw.toString("utf8"));
      } catch {
        throw new WebhookSignatureError("not json");
      }
      const fields = {
        auth_algo: header(headers, "paypal-auth-algo"),
        cert_url: header(headers, "paypal-cert-url"),
        transmission_id: header(headers, "paypal-transmission-id"),
        transmission_sig: header(headers, "paypal-transmission-sig"),
        transmission_time: header(headers, "paypal-transmission-time"),
      };
      if (Object.values(fields).some((v) => v === "")) throw new WebhookSignatureError("missing headers");
      const verdict = await call<{ verification_status?: string }>(
        "POST",
        "/v1/notifications/verify-webhook-signature",
        { ...fields, webhook_id: settings.webhookId, webhook_event: event },
      );
      if (verdict.verification_status !== "SUCCESS") throw new WebhookSignatureError("paypal says FAILURE");
      return this.readEvent(event);
    },
    readEvent(payload): WebhookEvent {
      const event = (payload ?? {}) as {
        id?: string;
        event_type?: string;
        resource?: Record<string, unknown>;
      };
      const type = event.event_type ?? "";
      const r = event.resource ?? {};
      const related = (r.supplementary_data as { related_ids?: { order_id?: string } } | undefined)
        ?.related_ids;
      // Renewals: a subscription's payment, or its refusal (the subscription is the resource).
      if (type === "PAYMENT.SALE.COMPLETED" || type === "PAYMENT.SALE.DENIED") {
        const ref = String(r.id ?? "");
        return {
          id: String(event.id ?? ""),
          type,
          object: { kind: ref ? "invoice" : "other", ref },
          payload: event,
        };
      }
      if (type === "BILLING.SUBSCRIPTION.PAYMENT.FAILED") {
        const ref = r.id ? `${String(r.id)}${FAILED}` : "";
        return {
          id: String(event.id ?? ""),
          type,
          object: { kind: ref ? "invoice" : "other", ref },
          payload: event,
        };
      }
      const ref =
        type.startsWith("BILLING.SUBSCRIPTION.") || type.startsWith("CHECKOUT.ORDER.")
          ? String(r.id ?? "")
          : type.startsWith("PAYMENT.CAPTURE.")
            ? String(related?.order_id ?? "")
            : "";
      const kind =
        type === "BILLING.SUBSCRIPTION.CANCELLED" ||
        type === "BILLING.SUBSCRIPTION.UPDATED" ||
        type === "BILLING.SUBSCRIPTION.SUSPENDED" ||
        type === "BILLING.SUBSCRIPTION.EXPIRED"
          ? "subscription"
          : ref
            ? "checkout"
            : "other";
      return { id: String(event.id ?? ""), type, object: { kind, ref }, payload: event };
    },
    async fetchCheckout(ref): Promise<CheckoutState> {
      if (isSubscription(ref)) {
        const s = await call<Subscription>("GET", `/v1/billing/subscriptions/${encodeURIComponent(ref)}`);
        const paid = s.status === "ACTIVE" && s.billing_info?.last_payment !== undefined;
        const last = s.billing_info?.last_payment?.amount;
        return {
          ref: s.id,
          status: paid ? "paid" : s.status === "CANCELLED" || s.status === "EXPIRED" ? "failed" : "pending",
          amountCents: last ? toCents(last.value) : null,
          currency: last ? last.currency_code.toUpperCase() : null,
          periodRef: s.id,
          subscriptionRef: s.id,
          periodEnd: s.billing_info?.next_billing_time ? new Date(s.billing_info.next_billing_time) : null,
          metadata: { paymentId: s.custom_id },
        };
      }
      let o = await call<Order>("GET", `/v2/checkout/orders/${encodeURIComponent(ref)}`);
      // The member approved: the server captures (once: PayPal-Request-Id makes a retry the same call).
      if (o.status === "APPROVED") {
        const path = `/v2/checkout/orders/${encodeURIComponent(ref)}`;
        try {
          o = await call<Order>("POST", `${path}/capture`, {}, `capture-${ref}`);
        } catch (err) {
          // Captured meanwhile by a concurrent delivery (ORDER_ALREADY_CAPTURED): read it again.
          o = await call<Order>("GET", path);
          if (o.status === "APPROVED") throw err;
        }
      }
      const capture = o.purchase_units?.[0]?.payments?.captures?.[0];
      const paid = o.status === "COMPLETED" && capture?.status === "COMPLETED";
      return {
        ref: o.id,
        status: paid ? "paid" : o.status === "VOIDED" ? "failed" : "pending",
        amountCents: capture ? toCents(capture.amount.value) : null,
        currency: capture ? capture.amount.currency_code.toUpperCase() : null,
        periodRef: capture?.id ?? o.id,
        subscriptionRef: null,
        periodEnd: null,
        metadata: { paymentId: o.purchase_units?.[0]?.custom_id },
      };
    },
    async fetchAgreement(ref) {
      return agreementOf(
        await call<Subscription>("GET", `/v1/billing/subscriptions/${encodeURIComponent(ref)}`),
      );
    },
    /**
     * A renewal (decision 041): a subscription's payment (PAYMENT.SALE.*) read again from PayPal,
     * or its refused one (BILLING.SUBSCRIPTION.PAYMENT.FAILED, keyed by the failure's time so that
     * each refusal gives its grace once). The subscription's first payment paid the checkout's
     * period, which was granted under the subscription's id: it answers with that reference, so it
     * grants nothing more.
     */
    async fetchInvoice(ref) {
      if (ref.endsWith(FAILED)) {
        const subscriptionRef = ref.slice(0, -FAILED.length);
        const s = await subscription(subscriptionRef);
        const failed = s.billing_info?.last_failed_payment;
        const next = s.billing_info?.next_billing_time;
        return {
          ref: failed ? `${ref}:${failed.time}` : ref,
          paid: false,
          failedAttempt: failed !== undefined,
          amountCents: failed ? toCents(failed.amount.value) : 0,
          currency: failed ? failed.amount.currency_code.toUpperCase() : "",
          subscriptionRef,
          periodEnd: next ? new Date(next) : null,
        };
      }
      const sale = await call<Sale>("GET", `/v1/payments/sale/${encodeURIComponent(ref)}`);
      const subscriptionRef = sale.billing_agreement_id ?? null;
      let periodEnd: Date | null = null;
      let first = false;
      let planCode: string | null = null;
      if (subscriptionRef) {
        const { subscription: s, payments } = await subscriptionPayments(subscriptionRef);
        first = payments[0]?.id === sale.id;
        planCode = planCodeOf(s.plan_id);
        // The latest payment runs to the next billing; an older one replayed later stacks one month.
        const next = s.billing_info?.next_billing_time;
        if (payments.at(-1)?.id === sale.id && next) periodEnd = new Date(next);
      }
      return {
        ref: first && subscriptionRef ? subscriptionRef : sale.id,
        paid: sale.state === "completed",
        failedAttempt: sale.state === "denied",
        amountCents: toCents(sale.amount.total),
        currency: sale.amount.currency.toUpperCase(),
        subscriptionRef,
        periodEnd,
        reason: "renewal",
        planCode,
      };
    },
    planChanges: "renewal",
    /**
     * A change of plan (docs/decisions/053-plan-changes.md): Subscriptions v1 `revise` with the new
     * plan's PayPal plan id. PayPal asks the member's consent on its own page (the `approve` link)
     * and bills the new plan from the next billing on, without proration, whatever the direction.
     */
    async changePlan(req) {
      const planId = settings.planIds[req.plan.code];
      if (!planId) throw new ProviderError(`no PayPal plan for ${req.plan.code}`);
      const revised = await call<{ links?: Link[] }>(
        "POST",
        `/v1/billing/subscriptions/${encodeURIComponent(req.subscriptionRef)}/revise`,
        {
          plan_id: planId,
          application_context: {
            locale: "fr-FR",
            user_action: "CONTINUE",
            return_url: req.returnUrl,
            cancel_url: req.cancelUrl,
          },
        },
        `revise-${req.changeId}`,
      );
      return { invoice: null, approveUrl: link(revised.links, "approve") ?? null };
    },
    async setCancelAtPeriodEnd(ref, cancel) {
      if (!cancel) throw new ProviderUnsupported("paypal cannot resume a cancelled subscription");
      const before = agreementOf(
        await call<Subscription>("GET", `/v1/billing/subscriptions/${encodeURIComponent(ref)}`),
      );
      await call("POST", `/v1/billing/subscriptions/${encodeURIComponent(ref)}/cancel`, {
        reason: "Cancelled by the member on Bobine",
      });
      return { ...before, cancelAtPeriodEnd: true };
    },
    async portalLink() {
      return null;
    },
    /**
     * A full refund of what the payment took (Payments v2 captures refund, idempotent through its
     * PayPal-Request-Id): a lifetime order's capture; for a subscription, its latest completed
     * payment, and the subscription is cancelled so that PayPal bills it no more.
     */
    async refund(ref) {
      const capture = isSubscription(ref) ? await lastSubscriptionPayment(ref) : await orderCapture(ref);
      await call(
        "POST",
        `/v2/payments/captures/${encodeURIComponent(capture)}/refund`,
        {},
        `refund-${capture}`,
      );
      if (isSubscription(ref)) {
        const s = await call<Subscription>("GET", `/v1/billing/subscriptions/${encodeURIComponent(ref)}`);
        if (s.status === "ACTIVE" || s.status === "SUSPENDED") {
          await call("POST", `/v1/billing/subscriptions/${encodeURIComponent(ref)}/cancel`, {
            reason: "Refunded by an administrator on Bobine",
          });
        }
      }
    },
  };
}
