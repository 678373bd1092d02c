import Stripe from "stripe";
import type { Config } from "../shared/config.ts";
import {
  type AgreementState,
  type ChargeState,
  type CheckoutState,
  type InvoiceState,
  type PaymentProvider,
  ProviderDeclined,
  ProviderError,
  type WebhookEvent,
  WebhookSignatureError,
} from "./provider.ts";

/** Stripe-Signature's timestamp may be at most this old (Stripe's own default). */
export const STRIPE_TOLERANCE_SECONDS = 300;

/** The metadata Bobine puts on its own refunds (« Rembourser »): their `charge.refunded` is not a dashboard's. */
export const BOBINE_REFUND_METADATA = { requestedBy: "bobine" } as const;

type StripeSettings = NonNullable<Config["billing"]["stripe"]>;

const seconds = (s: number | null | undefined) => (s ? new Date(s * 1000) : null);
const idOf = (v: string | { id: string } | null | undefined) =>
  v == null ? null : typeof v === "string" ? v : v.id;

/** In this API version the paid period is on the subscription item, not the subscription. */
function agreementOf(sub: Stripe.Subscription): AgreementState {
  const item = sub.items?.data?.[0];
  return {
    ref: sub.id,
    status:
      sub.status === "active" || sub.status === "trialing"
        ? "active"
        : sub.status === "past_due"
          ? "past_due"
          : "canceled",
    cancelAtPeriodEnd: sub.cancel_at_period_end,
    periodEnd: seconds(item?.current_period_end),
  };
}

/** An invoice as Bobine reads it: a renewal's (or a first period's), or a plan change's proration. */
function invoiceStateOf(inv: Stripe.Invoice, ref: string): InvoiceState {
  const parent = (
    inv as {
      parent?: {
        subscription_details?: {
          subscription?: string | { id: string };
          metadata?: Record<string, string> | null;
        };
      };
    }
  ).parent;
  const line = inv.lines?.data?.[0];
  return {
    ref: inv.id ?? ref,
    paid: inv.status === "paid",
    failedAttempt: inv.status === "open" && inv.attempted === true,
    amountCents: inv.amount_paid,
    currency: inv.currency.toUpperCase(),
    subscriptionRef: idOf(parent?.subscription_details?.subscription ?? null),
    periodEnd: seconds(line?.period?.end),
    reason: inv.billing_reason === "subscription_update" ? "change" : "renewal",
    planId: parent?.subscription_details?.metadata?.planId ?? null,
  };
}

/**
 * Stripe through its own SDK (docs/decisions/041-payment-providers.md): Checkout Sessions (mode
 * subscription for monthly plans, payment for lifetime), signed webhooks verified on the raw body,
 * subscriptions re-read on every event. STRIPE_API_URL points it at another address (the local fake
 * of the tests).
 */
export function stripeProvider(settings: StripeSettings): PaymentProvider {
  const api = settings.apiUrl ? new URL(settings.apiUrl) : undefined;
  const stripe = new Stripe(settings.secretKey, {
    maxNetworkRetries: 1,
    timeout: 15_000,
    ...(api
      ? {
          host: api.hostname,
          port: api.port || (api.protocol === "https:" ? 443 : 80),
          protocol: api.protocol === "https:" ? "https" : "http",
        }
      : {}),
  });
  const call = async <T>(what: string, run: () => Promise<T>): Promise<T> => {
    try {
      return await run();
    } catch (err) {
      // A card refused for what an update had to charge at once (error_if_incomplete: nothing changed).
      if ((err as { statusCode?: number }).statusCode === 402)
        throw new ProviderDeclined(`stripe ${what}: ${(err as Error).message}`);
      throw new ProviderError(`stripe ${what}: ${(err as Error).message}`);
    }
  };
  /** The subscription's one item (Bobine's subscriptions have one price), with its product. */
  const itemOf = async (ref: string) => {
    const sub = await call("subscriptions.retrieve", () => stripe.subscriptions.retrieve(ref));
    const item = sub.items?.data?.[0];
    if (!item) throw new ProviderError(`stripe subscription ${ref} without item`);
    return { item, product: idOf(item.price.product as string | { id: string }) };
  };

  return {
    id: "stripe",
    async createCheckout(req) {
      const monthly = req.plan.interval === "month";
      const metadata = { paymentId: req.paymentId, userId: req.member.id, planId: req.plan.id };
      const session = await call("checkout.sessions.create", () =>
        stripe.checkout.sessions.create(
          {
            mode: monthly ? "subscription" : "payment",
            line_items: [
              {
                quantity: 1,
                price_data: {
                  currency: req.plan.currency.toLowerCase(),
                  unit_amount: req.plan.priceCents,
                  product_data: { name: req.plan.name },
                  ...(monthly ? { recurring: { interval: "month" as const } } : {}),
                },
              },
            ],
            customer_email: req.member.email,
            client_reference_id: req.member.id,
            metadata,
            ...(monthly ? { subscription_data: { metadata } } : { payment_intent_data: { metadata } }),
            success_url: req.successUrl.replace("{SESSION_ID}", "{CHECKOUT_SESSION_ID}"),
            cancel_url: req.cancelUrl,
            locale: "fr",
          },
          { idempotencyKey: `checkout-${req.paymentId}` },
        ),
      );
      if (!session.url) throw new ProviderError("stripe checkout session without url");
      return { ref: session.id, url: session.url };
    },
    async parseWebhook(raw, headers): Promise<WebhookEvent> {
      const signature = headers["stripe-signature"];
      if (typeof signature !== "string" || signature === "") throw new WebhookSignatureError("missing");
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(
          raw,
          signature,
          settings.webhookSecret,
          STRIPE_TOLERANCE_SECONDS,
        );
      } catch (err) {
        throw new WebhookSignatureError((err as Error).message);
      }
      return this.readEvent(event);
    },
    readEvent(payload): WebhookEvent {
      const event = payload as Stripe.Event;
      const object = (event.data?.object ?? {}) as { id?: string; object?: string };
      const kind =
        object.object === "checkout.session"
          ? "checkout"
          : object.object === "subscription"
            ? "subscription"
            : object.object === "invoice"
              ? "invoice"
              : object.object === "charge"
                ? "charge"
                : "other";
      return { id: event.id, type: event.type, object: { kind, ref: object.id ?? "" }, payload: event };
    },
    async fetchCheckout(ref): Promise<CheckoutState> {
      const s = await call("checkout.sessions.retrieve", () =>
        stripe.checkout.sessions.retrieve(ref, { expand: ["subscription"] }),
      );
      const paid =
        s.status === "complete" &&
        (s.payment_status === "paid" || s.payment_status === "no_payment_required");
      const sub = s.subscription && typeof s.subscription !== "string" ? s.subscription : null;
      const meta = s.metadata ?? {};
      return {
        ref: s.id,
        status: paid ? "paid" : s.status === "expired" ? "failed" : "pending",
        amountCents: s.amount_total ?? null,
        currency: s.currency ? s.currency.toUpperCase() : null,
        periodRef: idOf(s.invoice as string | { id: string } | null) ?? s.id,
        subscriptionRef: idOf(s.subscription as string | { id: string } | null),
        periodEnd: sub ? agreementOf(sub).periodEnd : null,
        metadata: { paymentId: meta.paymentId, userId: meta.userId, planId: meta.planId },
      };
    },
    async fetchAgreement(ref) {
      return agreementOf(await call("subscriptions.retrieve", () => stripe.subscriptions.retrieve(ref)));
    },
    async fetchInvoice(ref): Promise<InvoiceState> {
      return invoiceStateOf(await call("invoices.retrieve", () => stripe.invoices.retrieve(ref)), ref);
    },
    planChanges: "prorated",
    /**
     * A change of plan (docs/decisions/053-plan-changes.md): the item gets a price of the new plan
     * (created with its product, so that Stripe's own invoices name it) and the subscription's
     * metadata the plan's id, which its next invoices carry. `now` (an upgrade): Stripe prorates
     * what is left of the period and charges it at once (`always_invoice`), and a card that refuses
     * leaves the subscription unchanged (`error_if_incomplete`: a 402). `renewal` (a downgrade): no
     * proration — the period is paid, the next invoice bills the new price.
     */
    async changePlan(req) {
      const { item } = await itemOf(req.subscriptionRef);
      const price = await call("prices.create", () =>
        stripe.prices.create(
          {
            currency: req.plan.currency.toLowerCase(),
            unit_amount: req.plan.priceCents,
            recurring: { interval: "month" },
            product_data: { name: req.plan.name },
            metadata: { planId: req.plan.id },
          },
          { idempotencyKey: `price-${req.changeId}` },
        ),
      );
      const now = req.when === "now";
      const sub = await call("subscriptions.update", () =>
        stripe.subscriptions.update(
          req.subscriptionRef,
          {
            items: [{ id: item.id, price: price.id }],
            proration_behavior: now ? "always_invoice" : "none",
            ...(now ? { payment_behavior: "error_if_incomplete" as const } : {}),
            metadata: { planId: req.plan.id },
            expand: ["latest_invoice"],
          },
          { idempotencyKey: `change-${req.changeId}` },
        ),
      );
      const latest = sub.latest_invoice && typeof sub.latest_invoice !== "string" ? sub.latest_invoice : null;
      return {
        invoice:
          now && latest?.billing_reason === "subscription_update"
            ? invoiceStateOf(latest, latest.id ?? "")
            : null,
        approveUrl: null,
      };
    },
    /** What an upgrade would charge now: Stripe's preview of the same update (`invoices.createPreview`). */
    async previewPlanChange(ref, plan) {
      const { item, product } = await itemOf(ref);
      if (!product) return null;
      const preview = await call("invoices.createPreview", () =>
        stripe.invoices.createPreview({
          subscription: ref,
          subscription_details: {
            items: [
              {
                id: item.id,
                price_data: {
                  currency: plan.currency.toLowerCase(),
                  product,
                  recurring: { interval: "month" },
                  unit_amount: plan.priceCents,
                },
              },
            ],
            proration_behavior: "always_invoice",
          },
        }),
      );
      return preview.amount_due;
    },
    /**
     * A charge with its refunds (`charge.refunded`, a refund made in Stripe's dashboard included),
     * and what it paid: a monthly period's invoice (through its invoice payment) or, for one payment,
     * the checkout session that created its payment intent.
     */
    async fetchCharge(ref): Promise<ChargeState> {
      const charge = await call("charges.retrieve", () =>
        stripe.charges.retrieve(ref, { expand: ["refunds"] }),
      );
      const intent = idOf(charge.payment_intent as string | { id: string } | null);
      const paidRefs: string[] = [];
      if (intent) {
        const invoices = await call("invoicePayments.list", () =>
          stripe.invoicePayments.list({
            payment: { type: "payment_intent", payment_intent: intent },
            limit: 10,
          }),
        );
        for (const p of invoices.data) {
          const invoice = idOf(p.invoice as string | { id: string } | null);
          if (invoice) paidRefs.push(invoice);
        }
        if (paidRefs.length === 0) {
          const sessions = await call("checkout.sessions.list", () =>
            stripe.checkout.sessions.list({ payment_intent: intent, limit: 1 }),
          );
          for (const s of sessions.data) paidRefs.push(s.id);
        }
      }
      const refunds = charge.refunds?.data ?? [];
      return {
        ref: charge.id,
        amountCents: charge.amount,
        refundedCents: charge.amount_refunded,
        currency: charge.currency.toUpperCase(),
        fullyRefunded: charge.refunded,
        refundedByBobine:
          refunds.length > 0 &&
          refunds.every((r) => r.metadata?.requestedBy === BOBINE_REFUND_METADATA.requestedBy),
        paidRefs,
      };
    },
    async setCancelAtPeriodEnd(ref, cancel) {
      return agreementOf(
        await call("subscriptions.update", () =>
          stripe.subscriptions.update(ref, { cancel_at_period_end: cancel }),
        ),
      );
    },
    async portalLink(ref, returnUrl) {
      const sub = await call("subscriptions.retrieve", () => stripe.subscriptions.retrieve(ref));
      const customer = idOf(sub.customer as string | { id: string });
      if (!customer) return null;
      const portal = await call("billingPortal.sessions.create", () =>
        stripe.billingPortal.sessions.create({ customer, return_url: returnUrl }),
      );
      return portal.url;
    },
    /**
     * A full refund of what the payment took: a lifetime checkout's payment intent, or the paid
     * invoice of a monthly period (a checkout's first invoice, or a renewal's, whose reference is the
     * invoice) through its invoice payment; a refunded subscription is cancelled at once, so that
     * Stripe bills it no more. The idempotency key makes a retry the same refund.
     */
    async refund(ref) {
      let intent: string | null = null;
      let invoice: string | null = null;
      let subscription: string | null = null;
      if (ref.startsWith("in_")) invoice = ref;
      else {
        const s = await call("checkout.sessions.retrieve", () => stripe.checkout.sessions.retrieve(ref));
        intent = idOf(s.payment_intent as string | { id: string } | null);
        invoice = idOf(s.invoice as string | { id: string } | null);
        subscription = idOf(s.subscription as string | { id: string } | null);
      }
      if (!intent && invoice) {
        const paidInvoice = invoice;
        const list = await call("invoicePayments.list", () =>
          stripe.invoicePayments.list({ invoice: paidInvoice, limit: 10 }),
        );
        const paid = list.data.find((p) => p.status === "paid" && p.payment.type === "payment_intent");
        intent = idOf((paid?.payment.payment_intent as string | { id: string } | undefined) ?? null);
        subscription ??= (await this.fetchInvoice(paidInvoice)).subscriptionRef;
      }
      if (!intent) throw new ProviderError("stripe refund: no payment intent");
      const paymentIntent = intent;
      await call("refunds.create", () =>
        stripe.refunds.create(
          { payment_intent: paymentIntent, metadata: { ...BOBINE_REFUND_METADATA } },
          { idempotencyKey: `refund-${paymentIntent}` },
        ),
      );
      if (subscription) await this.cancelAgreement?.(subscription);
    },
    async cancelAgreement(id) {
      const sub = await call("subscriptions.retrieve", () => stripe.subscriptions.retrieve(id));
      if (sub.status !== "canceled")
        await call("subscriptions.cancel", () => stripe.subscriptions.cancel(id));
    },
  };
}
