import { createHmac, randomBytes } from "node:crypto";
import Fastify, { type FastifyInstance } from "fastify";

/**
 * A local fake of the Stripe API (decision 041: no test talks to a real outside service): exactly the
 * calls Bobine makes through the `stripe` package — Checkout Sessions, Subscriptions, Invoices, the
 * billing portal, charges and refunds, prices and plan changes (a subscription's item moved to
 * another price, prorated and invoiced at once or not, and its preview) — plus a hosted payment page that approves or declines, a
 * refund made in the dashboard, and webhooks signed like Stripe's
 * (`Stripe-Signature: t=…,v1=HMAC-SHA256(secret, "t.body")`).
 */

type Obj = Record<string, unknown>;

const rand = (prefix: string) => `${prefix}_test_${randomBytes(10).toString("hex")}`;
const now = () => Math.floor(Date.now() / 1000);
const MONTH = 30 * 86_400;

/** `a[b][0][c]=v` form fields (how stripe-node encodes) into nested objects and arrays. */
export function parseForm(body: string): Obj {
  const root: Obj = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const parts = key.split(/[[\]]+/).filter((p) => p !== "");
    let node: Obj = root;
    parts.forEach((part, i) => {
      const last = i === parts.length - 1;
      if (last) node[part] = value;
      else {
        const nextIsIndex = /^\d+$/.test(parts[i + 1] as string);
        node[part] ??= nextIsIndex ? [] : {};
        node = node[part] as Obj;
      }
    });
  }
  return root;
}

export interface StripeEvent {
  id: string;
  object: "event";
  type: string;
  created: number;
  api_version: string;
  livemode: false;
  pending_webhooks: number;
  request: { id: null; idempotency_key: null };
  data: { object: Obj };
}

export class FakeStripe {
  readonly sessions = new Map<string, Obj>();
  readonly subscriptions = new Map<string, Obj>();
  readonly invoices = new Map<string, Obj>();
  /** A paid invoice's payment (its payment intent), by invoice id. */
  readonly invoicePayments = new Map<string, Obj>();
  /** The charge of each payment intent that took money, by charge id (its refunds inside). */
  readonly charges = new Map<string, Obj>();
  readonly calls: { method: string; path: string; body: Obj }[] = [];
  /** Refunds by their Idempotency-Key: a retry gets the same refund, as from Stripe. */
  private readonly refundsByKey = new Map<string, Obj>();
  /** Answers of other POSTs by their Idempotency-Key (prices, subscription updates). */
  private readonly answersByKey = new Map<string, Obj>();
  readonly prices = new Map<string, Obj>();
  /** The next update that must charge at once is refused by the bank (a 402, nothing changes). */
  declineNextCharge = false;
  /** The next N updates of a subscription answer 500 (Stripe down for a while): a caller must try again. */
  failSubscriptionUpdates = 0;
  url = "";
  /** Where the hosted page delivers its webhooks (set by a test that uses the page). */
  webhookUrl: string | undefined;
  private app: FastifyInstance | undefined;

  readonly webhookSecret: string;
  constructor(webhookSecret = "whsec_fake_local_secret") {
    this.webhookSecret = webhookSecret;
  }

  async start() {
    const app = Fastify();
    app.addContentTypeParser("application/x-www-form-urlencoded", { parseAs: "string" }, (_r, body, done) =>
      done(null, parseForm(body as string)),
    );
    const record = (method: string, path: string, body: unknown) =>
      this.calls.push({ method, path, body: (body ?? {}) as Obj });
    const notFound = (what: string) => ({
      error: { type: "invalid_request_error", code: "resource_missing", message: `No such ${what}` },
    });

    app.post("/v1/checkout/sessions", async (req) => {
      const b = req.body as Obj;
      record("POST", "/v1/checkout/sessions", b);
      const item = (b.line_items as Obj[])[0] as Obj;
      const price = item.price_data as Obj;
      const id = rand("cs");
      const session: Obj = {
        id,
        object: "checkout.session",
        mode: b.mode,
        status: "open",
        payment_status: "unpaid",
        amount_total: Number(price.unit_amount) * Number(item.quantity ?? 1),
        currency: price.currency,
        customer_email: b.customer_email,
        client_reference_id: b.client_reference_id,
        metadata: b.metadata ?? {},
        success_url: b.success_url,
        cancel_url: b.cancel_url,
        url: `${this.url}/pay/${id}`,
        recurring: price.recurring !== undefined,
        subscription: null,
        invoice: null,
        payment_intent: null,
        customer: null,
      };
      this.sessions.set(id, session);
      return session;
    });
    app.get("/v1/checkout/sessions", async (req) => {
      record("GET", req.url, {});
      const q = parseForm(req.url.split("?")[1] ?? "");
      const data = [...this.sessions.values()].filter(
        (s) => q.payment_intent === undefined || s.payment_intent === q.payment_intent,
      );
      return { object: "list", url: "/v1/checkout/sessions", has_more: false, data };
    });
    app.get<{ Params: { id: string } }>("/v1/checkout/sessions/:id", async (req, reply) => {
      record("GET", req.url, {});
      const s = this.sessions.get(req.params.id);
      if (!s) return reply.code(404).send(notFound("checkout.session"));
      const expand = req.url.includes("subscription");
      return expand && s.subscription
        ? { ...s, subscription: this.subscriptions.get(s.subscription as string) }
        : s;
    });
    app.get<{ Params: { id: string } }>("/v1/subscriptions/:id", async (req, reply) => {
      record("GET", req.url, {});
      return this.subscriptions.get(req.params.id) ?? reply.code(404).send(notFound("subscription"));
    });
    app.post<{ Params: { id: string } }>("/v1/subscriptions/:id", async (req, reply) => {
      const b = req.body as Obj;
      record("POST", req.url, { ...b, idempotencyKey: req.headers["idempotency-key"] });
      if (this.failSubscriptionUpdates > 0) {
        this.failSubscriptionUpdates -= 1;
        return reply.code(500).send({ error: { type: "api_error", message: "Something went wrong." } });
      }
      const key = req.headers["idempotency-key"];
      const known = typeof key === "string" ? this.answersByKey.get(key) : undefined;
      if (known) return known;
      const sub = this.subscriptions.get(req.params.id);
      if (!sub) return reply.code(404).send(notFound("subscription"));
      const wanted = (b.items as Obj[] | undefined)?.[0];
      const item = (sub.items as { data: Obj[] }).data[0] as Obj;
      const price = wanted ? this.prices.get(String(wanted.price)) : undefined;
      if (wanted && (wanted.id !== item.id || !price)) return reply.code(400).send(notFound("price"));
      const prorate = price !== undefined && b.proration_behavior === "always_invoice";
      const amount = prorate ? this.proration(item, Number(price.unit_amount)) : 0;
      if (amount > 0 && this.declineNextCharge && b.payment_behavior === "error_if_incomplete") {
        // error_if_incomplete: the bank refused what the update had to charge, nothing changes.
        this.declineNextCharge = false;
        return reply.code(402).send({
          error: { type: "card_error", code: "card_declined", message: "Your card was declined." },
        });
      }
      if (b.metadata !== undefined)
        sub.metadata = { ...((sub.metadata ?? {}) as Obj), ...(b.metadata as Obj) };
      // Without proration the period stays paid and the next invoice bills the new price.
      if (price) item.price = price;
      if (prorate) {
        const invoice = this.invoice(sub, amount, "subscription_update", {
          start: now(),
          end: Number(item.current_period_end),
        });
        sub.latest_invoice = invoice.id;
      }
      if (b.cancel_at_period_end !== undefined) sub.cancel_at_period_end = b.cancel_at_period_end === "true";
      const expanded = JSON.stringify(b.expand ?? []).includes("latest_invoice");
      const answer = structuredClone(
        expanded && sub.latest_invoice
          ? { ...sub, latest_invoice: this.invoices.get(String(sub.latest_invoice)) }
          : sub,
      );
      if (typeof key === "string" && wanted) this.answersByKey.set(key, answer);
      return answer;
    });
    app.post("/v1/prices", async (req) => {
      const b = req.body as Obj;
      record("POST", "/v1/prices", { ...b, idempotencyKey: req.headers["idempotency-key"] });
      const key = req.headers["idempotency-key"];
      const known = typeof key === "string" ? this.answersByKey.get(key) : undefined;
      if (known) return known;
      const price: Obj = {
        id: rand("price"),
        object: "price",
        unit_amount: Number(b.unit_amount),
        currency: b.currency,
        recurring: b.recurring,
        product: rand("prod"),
        product_name: (b.product_data as Obj | undefined)?.name,
        metadata: b.metadata ?? {},
      };
      this.prices.set(price.id as string, price);
      if (typeof key === "string") this.answersByKey.set(key, price);
      return price;
    });
    app.post("/v1/invoices/create_preview", async (req, reply) => {
      const b = req.body as Obj;
      record("POST", "/v1/invoices/create_preview", b);
      const sub = this.subscriptions.get(String(b.subscription));
      if (!sub) return reply.code(404).send(notFound("subscription"));
      const details = b.subscription_details as { items: Obj[]; proration_behavior?: string };
      const wanted = details.items[0] as Obj;
      const item = (sub.items as { data: Obj[] }).data[0] as Obj;
      const priceData = wanted.price_data as Obj;
      if (wanted.id !== item.id || priceData.product !== (item.price as Obj).product)
        return reply.code(400).send(notFound("subscription_item"));
      const amount =
        details.proration_behavior === "always_invoice"
          ? this.proration(item, Number(priceData.unit_amount))
          : 0;
      return { object: "invoice", id: null, amount_due: amount, currency: priceData.currency };
    });
    app.get<{ Params: { id: string } }>("/v1/invoices/:id", async (req, reply) => {
      record("GET", req.url, {});
      return this.invoices.get(req.params.id) ?? reply.code(404).send(notFound("invoice"));
    });
    app.get("/v1/invoice_payments", async (req) => {
      record("GET", req.url, {});
      const q = parseForm(req.url.split("?")[1] ?? "");
      const intent = (q.payment as Obj | undefined)?.payment_intent;
      const data = [...this.invoicePayments.values()].filter(
        (p) =>
          (q.invoice === undefined || p.invoice === q.invoice) &&
          (intent === undefined || (p.payment as Obj).payment_intent === intent),
      );
      return { object: "list", url: "/v1/invoice_payments", has_more: false, data };
    });
    app.get<{ Params: { id: string } }>("/v1/charges/:id", async (req, reply) => {
      record("GET", req.url, {});
      const charge = this.charges.get(req.params.id);
      if (!charge) return reply.code(404).send(notFound("charge"));
      // Since 2022-11-15 a charge's refunds come only when expanded.
      const { refunds, ...rest } = charge;
      return req.url.includes("refunds") ? charge : rest;
    });
    app.delete<{ Params: { id: string } }>("/v1/subscriptions/:id", async (req, reply) => {
      record("DELETE", req.url, {});
      const sub = this.subscriptions.get(req.params.id);
      if (!sub) return reply.code(404).send(notFound("subscription"));
      sub.status = "canceled";
      return sub;
    });
    app.post("/v1/billing_portal/sessions", async (req) => {
      record("POST", "/v1/billing_portal/sessions", req.body);
      return { id: rand("bps"), object: "billing_portal.session", url: `${this.url}/portal` };
    });
    app.post("/v1/refunds", async (req, reply) => {
      const b = req.body as Obj;
      record("POST", "/v1/refunds", { ...b, idempotencyKey: req.headers["idempotency-key"] });
      const key = req.headers["idempotency-key"];
      const done = typeof key === "string" ? this.refundsByKey.get(key) : undefined;
      if (done) return done;
      const charge = this.chargeOf(String(b.payment_intent));
      if (!charge) return reply.code(404).send(notFound("payment_intent"));
      const amount = b.amount === undefined ? undefined : Number(b.amount);
      const refund = this.refundCharge(charge, amount, (b.metadata ?? {}) as Obj);
      if (typeof key === "string") this.refundsByKey.set(key, refund);
      return refund;
    });
    // The hosted page: approve or decline, then the webhook, then back to Bobine (as Stripe does).
    app.get<{ Params: { id: string } }>("/pay/:id", async (req, reply) => {
      const s = this.sessions.get(req.params.id);
      if (!s) return reply.code(404).send("unknown session");
      const amount = (Number(s.amount_total) / 100).toFixed(2);
      return reply
        .type("text/html; charset=utf-8")
        .send(
          `<!doctype html><html lang="fr"><head><title>Fake Stripe Checkout</title></head><body><h1>Fake Stripe Checkout</h1><p>${amount} ${String(s.currency).toUpperCase()}</p><form method="post" action="/pay/${s.id}/approve"><button>Payer</button></form><form method="post" action="/pay/${s.id}/decline"><button>Refuser</button></form></body></html>`,
        );
    });
    app.post<{ Params: { id: string; outcome: string } }>("/pay/:id/:outcome", async (req, reply) => {
      const s = this.sessions.get(req.params.id);
      if (!s) return reply.code(404).send("unknown session");
      const events = this.complete(s.id as string, req.params.outcome === "approve" ? "paid" : "expired");
      if (this.webhookUrl) for (const e of events) await this.post(e);
      if (req.params.outcome !== "approve") return reply.redirect(String(s.cancel_url));
      return reply.redirect(String(s.success_url).replace("{CHECKOUT_SESSION_ID}", String(s.id)));
    });
    const address = await app.listen({ host: "127.0.0.1", port: 0 });
    this.url = address;
    this.app = app;
    return this;
  }

  async stop() {
    await this.app?.close();
  }

  event(type: string, object: Obj): StripeEvent {
    return {
      id: rand("evt"),
      object: "event",
      type,
      created: now(),
      api_version: "2026-10-28.endive",
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      data: { object: structuredClone(object) },
    };
  }

  /** The member paid (or the session expired): the objects Stripe would hold, and the events it sends. */
  complete(sessionId: string, outcome: "paid" | "expired" = "paid"): StripeEvent[] {
    const s = this.sessions.get(sessionId);
    if (!s) throw new Error(`unknown session ${sessionId}`);
    if (outcome === "expired") {
      s.status = "expired";
      return [this.event("checkout.session.expired", s)];
    }
    s.status = "complete";
    s.payment_status = "paid";
    s.customer = rand("cus");
    if (s.mode === "subscription") {
      const start = now();
      const sub: Obj = {
        id: rand("sub"),
        object: "subscription",
        status: "active",
        customer: s.customer,
        cancel_at_period_end: false,
        metadata: structuredClone(s.metadata ?? {}),
        items: {
          object: "list",
          data: [
            {
              id: rand("si"),
              object: "subscription_item",
              current_period_start: start,
              current_period_end: start + MONTH,
              price: {
                id: rand("price"),
                object: "price",
                product: rand("prod"),
                unit_amount: s.amount_total,
                currency: s.currency,
              },
            },
          ],
        },
      };
      this.subscriptions.set(sub.id as string, sub);
      const invoice = this.invoice(sub, Number(s.amount_total), "subscription_create");
      s.subscription = sub.id;
      s.invoice = invoice.id;
      return [this.event("checkout.session.completed", s), this.event("invoice.paid", invoice)];
    }
    s.payment_intent = rand("pi");
    this.charge(String(s.payment_intent), Number(s.amount_total), String(s.currency));
    return [this.event("checkout.session.completed", s)];
  }

  /** The charge a payment intent made. */
  private charge(paymentIntent: string, amount: number, currency: string) {
    const charge: Obj = {
      id: rand("ch"),
      object: "charge",
      amount,
      amount_refunded: 0,
      refunded: false,
      currency,
      payment_intent: paymentIntent,
      status: "succeeded",
      refunds: { object: "list", has_more: false, data: [] },
    };
    this.charges.set(charge.id as string, charge);
    return charge;
  }

  /** The charge of a payment intent (a checkout's, or a paid invoice's). */
  chargeOf(paymentIntent: string): Obj | undefined {
    return [...this.charges.values()].find((c) => c.payment_intent === paymentIntent);
  }

  /** A refund of a charge (all that is left of it by default), with the charge brought up to date. */
  private refundCharge(charge: Obj, amount: number | undefined, metadata: Obj): Obj {
    const left = Number(charge.amount) - Number(charge.amount_refunded);
    const refund: Obj = {
      id: rand("re"),
      object: "refund",
      amount: amount ?? left,
      charge: charge.id,
      payment_intent: charge.payment_intent,
      currency: charge.currency,
      metadata,
      status: "succeeded",
    };
    charge.amount_refunded = Number(charge.amount_refunded) + Number(refund.amount);
    charge.refunded = charge.amount_refunded === charge.amount;
    ((charge.refunds as { data: Obj[] }).data as Obj[]).unshift(refund);
    return refund;
  }

  /**
   * A refund made in Stripe's dashboard (of `amount` cents, all of it by default): no metadata of
   * Bobine's. Returns the `charge.refunded` event Stripe sends.
   */
  refundInDashboard(paymentIntent: string, amount?: number): StripeEvent {
    const charge = this.chargeOf(paymentIntent);
    if (!charge) throw new Error(`no charge for ${paymentIntent}`);
    this.refundCharge(charge, amount, {});
    return this.chargeRefunded(paymentIntent);
  }

  /** The `charge.refunded` event of a payment intent's charge as it stands (after Bobine's own refund, say). */
  chargeRefunded(paymentIntent: string): StripeEvent {
    const charge = this.chargeOf(paymentIntent);
    if (!charge) throw new Error(`no charge for ${paymentIntent}`);
    const { refunds, ...body } = charge;
    return this.event("charge.refunded", body);
  }

  /** What moving an item to another price now costs: the difference for what is left of its period. */
  private proration(item: Obj, newAmount: number): number {
    const start = Number(item.current_period_start);
    const end = Number(item.current_period_end);
    const left = Math.max(0, end - now()) / (end - start);
    return Math.max(0, Math.round((newAmount - Number((item.price as Obj).unit_amount)) * left));
  }

  private invoice(sub: Obj, amount: number, reason: string, period?: { start: number; end: number }): Obj {
    const item = (sub.items as { data: Obj[] }).data[0] as Obj;
    const invoice: Obj = {
      id: rand("in"),
      object: "invoice",
      status: "paid",
      billing_reason: reason,
      amount_paid: amount,
      currency: (item.price as Obj).currency,
      customer: sub.customer,
      parent: {
        type: "subscription_details",
        subscription_details: { subscription: sub.id, metadata: structuredClone(sub.metadata ?? {}) },
      },
      lines: {
        object: "list",
        data: [{ period: period ?? { start: item.current_period_start, end: item.current_period_end } }],
      },
    };
    this.invoices.set(invoice.id as string, invoice);
    const intent = rand("pi");
    this.invoicePayments.set(invoice.id as string, {
      id: rand("inpay"),
      object: "invoice_payment",
      invoice: invoice.id,
      status: "paid",
      payment: { type: "payment_intent", payment_intent: intent },
    });
    if (amount > 0) this.charge(intent, amount, String(invoice.currency));
    return invoice;
  }

  /** A subscription's plan change, as `invoice.paid` of its proration invoice (the latest). */
  changeInvoicePaid(subscriptionId: string): StripeEvent {
    const sub = this.subscriptions.get(subscriptionId) as Obj;
    return this.event("invoice.paid", this.invoices.get(String(sub.latest_invoice)) ?? {});
  }

  /** A renewal: the next period starts, its invoice is paid (for `amount`, the plan's by default). */
  renew(subscriptionId: string, amount?: number): StripeEvent {
    const sub = this.subscriptions.get(subscriptionId) as Obj;
    const item = (sub.items as { data: Obj[] }).data[0] as Obj;
    item.current_period_start = item.current_period_end;
    item.current_period_end = Number(item.current_period_end) + MONTH;
    return this.event(
      "invoice.paid",
      this.invoice(sub, amount ?? Number((item.price as Obj).unit_amount), "subscription_cycle"),
    );
  }

  /** A renewal the bank refuses: the invoice stays open after its attempt. */
  failRenewal(subscriptionId: string): StripeEvent {
    const sub = this.subscriptions.get(subscriptionId) as Obj;
    const item = (sub.items as { data: Obj[] }).data[0] as Obj;
    const invoice = this.invoice(sub, 0, "subscription_cycle");
    invoice.status = "open";
    (this.invoicePayments.get(invoice.id as string) as Obj).status = "open";
    invoice.attempted = true;
    invoice.amount_due = (item.price as Obj).unit_amount;
    sub.status = "past_due";
    return this.event("invoice.payment_failed", invoice);
  }

  /** A session Bobine never created (another site on the same account, a member since erased). */
  foreignSession(metadata: Obj): string {
    const id = rand("cs");
    this.sessions.set(id, {
      id,
      object: "checkout.session",
      mode: "payment",
      status: "complete",
      payment_status: "paid",
      amount_total: 999,
      currency: "eur",
      metadata,
      subscription: null,
      invoice: null,
      payment_intent: rand("pi"),
    });
    return id;
  }

  /** The Stripe-Signature header of a body, as Stripe computes it (another secret or time on demand). */
  sign(body: string, opts: { secret?: string; timestamp?: number } = {}): string {
    const t = opts.timestamp ?? now();
    const v1 = createHmac("sha256", opts.secret ?? this.webhookSecret)
      .update(`${t}.${body}`)
      .digest("hex");
    return `t=${t},v1=${v1}`;
  }

  private async post(event: StripeEvent) {
    const body = JSON.stringify(event);
    await fetch(this.webhookUrl as string, {
      method: "POST",
      headers: { "content-type": "application/json", "stripe-signature": this.sign(body) },
      body,
    });
  }
}
