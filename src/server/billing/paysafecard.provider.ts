import type { Config } from "../shared/config.ts";
import {
  type CheckoutState,
  type PaymentProvider,
  ProviderError,
  type WebhookEvent,
  WebhookSignatureError,
} from "./provider.ts";

type Settings = NonNullable<Config["billing"]["paysafecard"]>;

interface PscPayment {
  id: string;
  status: string;
  amount: number;
  currency: string;
  redirect?: { auth_url?: string };
  customer?: { id?: string };
}

/** paysafecard amounts are decimals (13.99); Bobine's are integer cents. */
const toDecimal = (cents: number) => (cents / 100).toFixed(2);
const toCents = (amount: number) => Math.round(amount * 100);

/**
 * paysafecard's REST API (docs/decisions/044-paysafecard-pin-on-the-provider.md), a thin `fetch`
 * client: the server creates the payment, the member types the 16-digit PIN on paysafecard's own
 * panel (`auth_url`), paysafecard notifies (unsigned) and Bobine re-reads the payment, captures it
 * once AUTHORIZED, and grants one prepaid period once it is SUCCESS.
 */
export function paysafecardProvider(settings: Settings, publicUrl: string): PaymentProvider {
  const auth = `Basic ${Buffer.from(settings.apiKey).toString("base64")}`;
  async function call<T>(method: "GET" | "POST", path: string, body?: object): Promise<T> {
    let res: Response;
    try {
      res = await fetch(`${settings.apiUrl}/v1${path}`, {
        method,
        headers: { authorization: auth, "content-type": "application/json", accept: "application/json" },
        ...(body ? { body: JSON.stringify(body) } : {}),
        signal: AbortSignal.timeout(15_000),
      });
    } catch (err) {
      throw new ProviderError(`paysafecard ${method} ${path}: ${(err as Error).message}`);
    }
    if (!res.ok) throw new ProviderError(`paysafecard ${method} ${path}: HTTP ${res.status}`);
    return (await res.json()) as T;
  }

  return {
    id: "paysafecard",
    async createCheckout(req) {
      const back = (extra: string) =>
        `${publicUrl}/payment/paysafecard?payment_id={payment_id}&amount=${req.plan.priceCents}&currency=${req.plan.currency}&plan=${encodeURIComponent(req.plan.name)}${extra}`;
      const created = await call<PscPayment>("POST", "/payments", {
        type: "PAYSAFECARD",
        amount: toDecimal(req.plan.priceCents),
        currency: req.plan.currency,
        customer: { id: req.member.id },
        redirect: { success_url: back(""), failure_url: back("&failed=1") },
        notification_url: `${publicUrl}/api/payments/webhooks/paysafecard?payment_id={payment_id}`,
      });
      // The panel's address is never put in Bobine's page address (a crafted link could name another
      // site): the page asks the server, which reads it from paysafecard.
      if (!created.redirect?.auth_url) throw new ProviderError("paysafecard payment without auth_url");
      const page = new URLSearchParams({
        payment_id: created.id,
        amount: String(req.plan.priceCents),
        currency: req.plan.currency,
        plan: req.plan.name,
      });
      return { ref: created.id, url: `/payment/paysafecard?${page.toString()}` };
    },
    async parseWebhook(raw, _headers, query): Promise<WebhookEvent> {
      // Unsigned by design: the notification only names a payment, which is then re-read.
      let ref = query.payment_id ?? "";
      if (!ref && raw.length > 0) {
        try {
          const body = JSON.parse(raw.toString("utf8")) as { mtid?: unknown; id?: unknown };
          ref = typeof body.mtid === "string" ? body.mtid : typeof body.id === "string" ? body.id : "";
        } catch {
          ref = "";
        }
      }
      if (!/^[A-Za-z0-9_-]{4,100}$/.test(ref)) throw new WebhookSignatureError("no payment named");
      return this.readEvent({ ref });
    },
    readEvent(payload): WebhookEvent {
      const ref = String((payload as { ref?: unknown } | null)?.ref ?? "");
      return {
        id: ref,
        type: "payment.notification",
        object: { kind: "checkout", ref },
        payload: { ref },
        keyedByState: true,
      };
    },
    async fetchCheckout(ref): Promise<CheckoutState> {
      let p = await call<PscPayment>("GET", `/payments/${encodeURIComponent(ref)}`);
      // Captured by the server once the member's PIN authorised it (paysafecard's two steps).
      if (p.status === "AUTHORIZED")
        p = await call<PscPayment>("POST", `/payments/${encodeURIComponent(ref)}/capture`, { id: ref });
      const status =
        p.status === "SUCCESS"
          ? "paid"
          : p.status === "EXPIRED" || p.status.startsWith("CANCELED")
            ? "failed"
            : "pending";
      return {
        ref: p.id,
        status,
        amountCents: toCents(Number(p.amount)),
        currency: p.currency.toUpperCase(),
        periodRef: p.id,
        subscriptionRef: null,
        periodEnd: null,
        payUrl: status === "pending" ? p.redirect?.auth_url : undefined,
        metadata: { userId: p.customer?.id },
      };
    },
    async fetchAgreement(ref) {
      throw new ProviderError(`paysafecard has no recurring agreements (${ref})`);
    },
    async fetchInvoice(ref) {
      throw new ProviderError(`paysafecard has no invoices (${ref})`);
    },
    async setCancelAtPeriodEnd(ref) {
      throw new ProviderError(`paysafecard has no recurring agreements (${ref})`);
    },
    async portalLink() {
      return null;
    },
    // Refunds go to the customer's paysafecard account, made from the merchant panel (decision 044).
    refundsByHand: true,
    async refund(ref) {
      throw new ProviderError(`paysafecard refunds are made from the merchant panel (${ref})`);
    },
  };
}
