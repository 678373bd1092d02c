import { createHmac, timingSafeEqual } from "node:crypto";
import type { Config } from "../shared/config.ts";
import {
  type CheckoutState,
  type PaymentProvider,
  ProviderError,
  type WebhookEvent,
  WebhookSignatureError,
} from "./provider.ts";

type Settings = NonNullable<Config["billing"]["btcpay"]>;

interface Invoice {
  id: string;
  status: string;
  amount: string;
  currency: string;
  checkoutLink?: string;
  metadata?: { orderId?: string; buyerId?: string };
}

const toCents = (amount: string) => Math.round(Number(amount) * 100);

/**
 * A BTCPay Server through its Greenfield API (a thin `fetch` client): an invoice for the plan's
 * fiat amount, its checkout link, webhooks signed `BTCPay-Sig: sha256=HMAC(secret, body)` whose
 * redeliveries share their original delivery id; a settled invoice buys one prepaid period.
 */
export function btcpayProvider(settings: Settings, publicUrl: string): PaymentProvider {
  const store = `${settings.url}/api/v1/stores/${encodeURIComponent(settings.storeId)}`;
  async function call<T>(method: "GET" | "POST", path: string, body?: object): Promise<T> {
    const res = await fetch(`${store}${path}`, {
      method,
      headers: { authorization: `token ${settings.apiKey}`, "content-type": "application/json" },
      ...(body ? { body: JSON.stringify(body) } : {}),
      signal: AbortSignal.timeout(15_000),
    }).catch((err: Error) => {
      throw new ProviderError(`btcpay ${method} ${path}: ${err.message}`);
    });
    if (!res.ok) throw new ProviderError(`btcpay ${method} ${path}: HTTP ${res.status}`);
    return (await res.json()) as T;
  }
  const unsupported = (what: string) => new ProviderError(`btcpay has no ${what}`);

  return {
    id: "btcpay",
    async createCheckout(req) {
      const invoice = await call<Invoice>("POST", "/invoices", {
        amount: (req.plan.priceCents / 100).toFixed(2),
        currency: req.plan.currency,
        metadata: { orderId: req.paymentId, buyerId: req.member.id, itemDesc: req.plan.name },
        checkout: {
          redirectURL: `${publicUrl}/subscription/success?session_id={InvoiceId}`,
          redirectAutomatically: true,
          defaultLanguage: "fr-FR",
        },
      });
      if (!invoice.checkoutLink) throw new ProviderError("btcpay invoice without checkoutLink");
      return { ref: invoice.id, url: invoice.checkoutLink };
    },
    async parseWebhook(raw, headers): Promise<WebhookEvent> {
      const given = headers["btcpay-sig"];
      if (typeof given !== "string" || !given.startsWith("sha256="))
        throw new WebhookSignatureError("missing");
      const expected = `sha256=${createHmac("sha256", settings.webhookSecret).update(raw).digest("hex")}`;
      const a = Buffer.from(given);
      const b = Buffer.from(expected);
      if (a.length !== b.length || !timingSafeEqual(a, b)) throw new WebhookSignatureError("mismatch");
      return this.readEvent(JSON.parse(raw.toString("utf8")));
    },
    readEvent(payload): WebhookEvent {
      const event = (payload ?? {}) as {
        deliveryId?: string;
        originalDeliveryId?: string;
        type?: string;
        invoiceId?: string;
      };
      const ref = event.invoiceId ?? "";
      return {
        // A redelivery carries its original delivery's id: the same event, once.
        id: String(event.originalDeliveryId ?? event.deliveryId ?? ""),
        type: String(event.type ?? ""),
        object: { kind: ref ? "checkout" : "other", ref },
        payload: event,
      };
    },
    async fetchCheckout(ref): Promise<CheckoutState> {
      const inv = await call<Invoice>("GET", `/invoices/${encodeURIComponent(ref)}`);
      return {
        ref: inv.id,
        status:
          inv.status === "Settled"
            ? "paid"
            : inv.status === "Expired" || inv.status === "Invalid"
              ? "failed"
              : "pending",
        amountCents: toCents(inv.amount),
        currency: inv.currency.toUpperCase(),
        periodRef: inv.id,
        subscriptionRef: null,
        periodEnd: null,
        payUrl: inv.status === "New" ? inv.checkoutLink : undefined,
        metadata: { paymentId: inv.metadata?.orderId, userId: inv.metadata?.buyerId },
      };
    },
    async fetchAgreement() {
      throw unsupported("recurring agreements");
    },
    async fetchInvoice() {
      throw unsupported("renewals");
    },
    async setCancelAtPeriodEnd() {
      throw unsupported("recurring agreements");
    },
    async portalLink() {
      return null;
    },
    // BTCPay refunds are pull payments the store's owner creates for the customer (decision 051).
    refundsByHand: true,
    async refund() {
      throw unsupported("refunds through Bobine");
    },
  };
}
