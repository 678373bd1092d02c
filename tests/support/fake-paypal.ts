import { randomBytes } from "node:crypto";
import Fastify, { type FastifyInstance } from "fastify";

/**
 * A local fake of PayPal's REST API: the calls Bobine makes (OAuth token, Orders v2 create / get /
 * capture, Subscriptions v1 create / get / cancel / transactions / revise, Payments v1 sale get,
 * Payments v2 capture refund, verify-webhook-signature) and approval pages (a checkout's, a revision's).
 * Webhooks carry PayPal's transmission headers; the fake's verify call says SUCCESS only for the
 * signatures it issued itself, for the webhook id it was given.
 */

type Obj = Record<string, unknown>;

/** The fake's default credentials (what Bobine is configured with to talk to it). */
export const FAKE_PAYPAL = {
  clientId: "fake-paypal-client",
  secret: "fake-paypal-secret",
  webhookId: "WH1FAKE",
} as const;

/** The PayPal plan of Premium in the e2e run (scripts/e2e.mjs, playwright.config.ts): the demo's price. */
export const E2E_PAYPAL_PLAN = {
  id: "P-E2E-PREMIUM",
  price: { value: "13.99", currency_code: "EUR" },
} as const;
const rand = (n = 8) => randomBytes(n).toString("hex").toUpperCase();

export class FakePaypal {
  readonly orders = new Map<string, Obj>();
  readonly subscriptions = new Map<string, Obj>();
  /** PayPal plan id → its price. */
  readonly plans = new Map<string, { value: string; currency_code: string }>();
  readonly captures: string[] = [];
  /** The subscriptions' payments (Payments v1 sales), by id. */
  readonly sales = new Map<string, Obj>();
  /** Where the approval page sends the payer back, by order or subscription id. */
  private readonly returns = new Map<string, { back: string; cancel: string }>();
  /** A subscription's revision waiting for the subscriber's consent, by subscription id. */
  readonly revisions = new Map<
    string,
    { planId: string; back: string; cancel: string; requestId: string | undefined }
  >();
  /** Capture (or subscription payment) id → its refund, once refunded. */
  readonly refunds = new Map<string, { id: string; requestId: string | undefined }>();
  private readonly signatures = new Map<string, string>();
  url = "";
  private app: FastifyInstance | undefined;

  readonly clientId: string;
  readonly secret: string;
  readonly webhookId: string;
  constructor(
    clientId = FAKE_PAYPAL.clientId,
    secret = FAKE_PAYPAL.secret,
    webhookId = FAKE_PAYPAL.webhookId,
  ) {
    this.clientId = clientId;
    this.secret = secret;
    this.webhookId = webhookId;
  }

  async start() {
    const app = Fastify();
    app.addContentTypeParser("application/x-www-form-urlencoded", { parseAs: "string" }, (_r, b, done) =>
      done(null, b),
    );
    const token = `A21AA${rand(12)}`;
    app.post("/v1/oauth2/token", async (req, reply) => {
      const basic = `Basic ${Buffer.from(`${this.clientId}:${this.secret}`).toString("base64")}`;
      if (req.headers.authorization !== basic) return reply.code(401).send({ error: "invalid_client" });
      return { access_token: token, token_type: "Bearer", expires_in: 32400 };
    });
    app.addHook("onRequest", async (req, reply) => {
      if (req.url.startsWith("/v1/oauth2") || req.url.startsWith("/approve")) return;
      if (req.headers.authorization !== `Bearer ${token}`)
        return reply.code(401).send({ name: "AUTHENTICATION_FAILURE" });
    });
    app.post("/v2/checkout/orders", async (req) => {
      const b = req.body as { purchase_units: Obj[] };
      const id = rand(8);
      const order: Obj = {
        id,
        status: "PAYER_ACTION_REQUIRED",
        purchase_units: b.purchase_units.map((u) => ({ ...u })),
        links: [{ rel: "payer-action", href: `${this.url}/approve/${id}` }],
      };
      const context = (b as { payment_source?: { paypal?: { experience_context?: Obj } } }).payment_source
        ?.paypal?.experience_context;
      this.returns.set(id, {
        back: String(context?.return_url ?? ""),
        cancel: String(context?.cancel_url ?? ""),
      });
      this.orders.set(id, order);
      return order;
    });
    app.get<{ Params: { id: string } }>("/v2/checkout/orders/:id", async (req, reply) => {
      return this.orders.get(req.params.id) ?? reply.code(404).send({ name: "RESOURCE_NOT_FOUND" });
    });
    app.post<{ Params: { id: string } }>("/v2/checkout/orders/:id/capture", async (req, reply) => {
      const o = this.orders.get(req.params.id);
      if (!o) return reply.code(404).send({ name: "RESOURCE_NOT_FOUND" });
      if (o.status === "APPROVED") {
        const unit = (o.purchase_units as Obj[])[0] as Obj;
        unit.payments = { captures: [{ id: `CAP${rand(6)}`, status: "COMPLETED", amount: unit.amount }] };
        o.status = "COMPLETED";
        this.captures.push(o.id as string);
      } else if (o.status === "COMPLETED") {
        return reply
          .code(422)
          .send({ name: "UNPROCESSABLE_ENTITY", details: [{ issue: "ORDER_ALREADY_CAPTURED" }] });
      }
      return o;
    });
    app.post("/v1/billing/subscriptions", async (req, reply) => {
      const b = req.body as { plan_id: string; custom_id: string; application_context?: Obj };
      if (!this.plans.has(b.plan_id)) return reply.code(422).send({ name: "UNPROCESSABLE_ENTITY" });
      const id = `I-${rand(6)}`;
      this.returns.set(id, {
        back: String(b.application_context?.return_url ?? ""),
        cancel: String(b.application_context?.cancel_url ?? ""),
      });
      const sub: Obj = {
        id,
        plan_id: b.plan_id,
        custom_id: b.custom_id,
        status: "APPROVAL_PENDING",
        create_time: new Date().toISOString(),
        links: [{ rel: "approve", href: `${this.url}/approve/${id}` }],
      };
      this.subscriptions.set(id, sub);
      return reply.code(201).send(sub);
    });
    app.get<{ Params: { id: string } }>("/v1/billing/subscriptions/:id", async (req, reply) => {
      return this.subscriptions.get(req.params.id) ?? reply.code(404).send({ name: "RESOURCE_NOT_FOUND" });
    });
    app.post<{ Params: { id: string } }>("/v1/billing/subscriptions/:id/cancel", async (req, reply) => {
      const s = this.subscriptions.get(req.params.id);
      if (!s) return reply.code(404).send({ name: "RESOURCE_NOT_FOUND" });
      s.status = "CANCELLED";
      const info = s.billing_info as Obj | undefined;
      if (info) delete info.next_billing_time;
      return reply.code(204).send();
    });
    // A revision (another plan): PayPal asks the subscriber's consent, then bills the new plan from
    // the next billing on, without proration.
    app.post<{ Params: { id: string } }>("/v1/billing/subscriptions/:id/revise", async (req, reply) => {
      const s = this.subscriptions.get(req.params.id);
      if (!s) return reply.code(404).send({ name: "RESOURCE_NOT_FOUND" });
      const b = req.body as { plan_id?: string; application_context?: Obj };
      if (!b.plan_id || !this.plans.has(b.plan_id))
        return reply.code(422).send({ name: "UNPROCESSABLE_ENTITY" });
      if (s.status !== "ACTIVE") return reply.code(422).send({ name: "UNPROCESSABLE_ENTITY" });
      this.revisions.set(req.params.id, {
        planId: b.plan_id,
        back: String(b.application_context?.return_url ?? ""),
        cancel: String(b.application_context?.cancel_url ?? ""),
        requestId: req.headers["paypal-request-id"] as string | undefined,
      });
      return {
        plan_id: b.plan_id,
        plan_overridden: false,
        links: [
          { rel: "approve", href: `${this.url}/approve-revision/${req.params.id}`, method: "GET" },
          { rel: "self", href: `${this.url}/v1/billing/subscriptions/${req.params.id}`, method: "GET" },
        ],
      };
    });
    app.get<{ Params: { id: string } }>("/approve-revision/:id", async (req, reply) => {
      const r = this.revisions.get(req.params.id);
      if (!r) return reply.code(404).send("unknown revision");
      return reply
        .type("text/html; charset=utf-8")
        .send(
          `<!doctype html><html lang="fr"><head><title>Fake PayPal</title></head><body><h1>Fake PayPal — changement de formule</h1><p>${r.planId}</p><form method="post" action="/approve-revision/${req.params.id}/yes"><button>Accepter</button></form><form method="post" action="/approve-revision/${req.params.id}/no"><button>Annuler</button></form></body></html>`,
        );
    });
    app.post<{ Params: { id: string; answer: string } }>(
      "/approve-revision/:id/:answer",
      async (req, reply) => {
        const r = this.revisions.get(req.params.id);
        if (!r) return reply.code(404).send("unknown revision");
        if (req.params.answer !== "yes") return reply.redirect(r.cancel, 303);
        this.approveRevision(req.params.id);
        return reply.redirect(r.back, 303);
      },
    );
    app.get<{ Params: { id: string }; Querystring: { start_time?: string; end_time?: string } }>(
      "/v1/billing/subscriptions/:id/transactions",
      async (req, reply) => {
        const s = this.subscriptions.get(req.params.id);
        if (!s) return reply.code(404).send({ name: "RESOURCE_NOT_FOUND" });
        if (!req.query.start_time || !req.query.end_time)
          return reply.code(400).send({ name: "INVALID_REQUEST" });
        return { transactions: (s.transactions as Obj[] | undefined) ?? [] };
      },
    );
    app.get<{ Params: { id: string } }>("/v1/payments/sale/:id", async (req, reply) => {
      return this.sales.get(req.params.id) ?? reply.code(404).send({ name: "RESOURCE_NOT_FOUND" });
    });
    app.post<{ Params: { id: string } }>("/v2/payments/captures/:id/refund", async (req, reply) => {
      const id = req.params.id;
      const known =
        [...this.orders.values()].some((o) =>
          ((o.purchase_units as Obj[])[0]?.payments as { captures?: Obj[] } | undefined)?.captures?.some(
            (c) => c.id === id,
          ),
        ) ||
        [...this.subscriptions.values()].some((s) =>
          ((s.transactions as Obj[] | undefined) ?? []).some((t) => t.id === id),
        );
      if (!known) return reply.code(404).send({ name: "RESOURCE_NOT_FOUND" });
      const requestId = req.headers["paypal-request-id"] as string | undefined;
      const done = this.refunds.get(id);
      if (done && done.requestId === requestId)
        return reply.code(201).send({ id: done.id, status: "COMPLETED" });
      if (done)
        return reply
          .code(422)
          .send({ name: "UNPROCESSABLE_ENTITY", details: [{ issue: "CAPTURE_FULLY_REFUNDED" }] });
      const refund = { id: `RF${rand(6)}`, requestId };
      this.refunds.set(id, refund);
      return reply.code(201).send({ id: refund.id, status: "COMPLETED" });
    });
    // The approval page: approve or cancel, then back to the merchant as PayPal sends the payer back
    // (`subscription_id` and `ba_token` for a subscription, `token` and `PayerID` for an order).
    app.get<{ Params: { id: string } }>("/approve/:id", async (req, reply) => {
      const id = req.params.id;
      const back = this.returns.get(id);
      if (!back) return reply.code(404).send("unknown order or subscription");
      return reply
        .type("text/html; charset=utf-8")
        .send(
          `<!doctype html><html lang="fr"><head><title>Fake PayPal</title></head><body><h1>Fake PayPal</h1><p>${id}</p><form method="post" action="/approve/${id}/yes"><button>Approuver</button></form><form method="post" action="/approve/${id}/no"><button>Annuler</button></form></body></html>`,
        );
    });
    app.post<{ Params: { id: string; answer: string } }>("/approve/:id/:answer", async (req, reply) => {
      const id = req.params.id;
      const back = this.returns.get(id);
      if (!back) return reply.code(404).send("unknown order or subscription");
      if (req.params.answer !== "yes") return reply.redirect(back.cancel, 303);
      this.approve(id);
      const url = new URL(back.back);
      if (this.subscriptions.has(id)) {
        url.searchParams.set("subscription_id", id);
        url.searchParams.set("ba_token", `BA-${rand(6)}`);
      } else {
        url.searchParams.set("token", id);
        url.searchParams.set("PayerID", rand(6));
      }
      return reply.redirect(url.toString(), 303);
    });
    app.post("/v1/notifications/verify-webhook-signature", async (req) => {
      const b = req.body as {
        transmission_id: string;
        transmission_sig: string;
        webhook_id: string;
        webhook_event: Obj;
      };
      const ok =
        b.webhook_id === this.webhookId &&
        this.signatures.get(b.transmission_id) === `${b.transmission_sig}|${JSON.stringify(b.webhook_event)}`;
      return { verification_status: ok ? "SUCCESS" : "FAILURE" };
    });
    this.url = await app.listen({ host: "127.0.0.1", port: 0 });
    this.app = app;
    return this;
  }

  async stop() {
    await this.app?.close();
  }

  /** The member approved on PayPal: an order is APPROVED; a subscription ACTIVE with its first payment. */
  approve(id: string) {
    const o = this.orders.get(id);
    if (o) {
      o.status = "APPROVED";
      return;
    }
    const s = this.subscriptions.get(id);
    if (!s) throw new Error(`unknown ${id}`);
    s.status = "ACTIVE";
    this.bill(s, Date.now());
  }

  /**
   * The subscriber agreed to a revision on PayPal: the subscription is of the new plan, billed from
   * the next billing on. Returns the subscription (the resource of BILLING.SUBSCRIPTION.UPDATED).
   */
  approveRevision(id: string): Obj {
    const s = this.subscriptions.get(id);
    const r = this.revisions.get(id);
    if (!s || !r) throw new Error(`no revision of ${id}`);
    s.plan_id = r.planId;
    this.revisions.delete(id);
    return structuredClone(s);
  }

  /**
   * PayPal took the subscription's next payment: a completed sale, the next billing time one period
   * later. Returns the sale (the resource of PAYMENT.SALE.COMPLETED).
   */
  renew(id: string): Obj {
    const s = this.subscriptions.get(id);
    if (!s) throw new Error(`unknown ${id}`);
    const next = Date.parse((s.billing_info as { next_billing_time: string }).next_billing_time);
    return this.bill(s, next);
  }

  /** PayPal could not take the next payment (BILLING.SUBSCRIPTION.PAYMENT.FAILED's resource is the subscription). */
  failRenewal(id: string): Obj {
    const s = this.subscriptions.get(id);
    if (!s) throw new Error(`unknown ${id}`);
    const info = s.billing_info as Obj;
    info.failed_payments_count = Number(info.failed_payments_count ?? 0) + 1;
    info.last_failed_payment = {
      amount: this.plans.get(s.plan_id as string),
      time: new Date().toISOString(),
    };
    return structuredClone(s);
  }

  /** One payment of a subscription, billing the period that starts at `from`. */
  private bill(s: Obj, from: number): Obj {
    const price = this.plans.get(s.plan_id as string) as { value: string; currency_code: string };
    const now = new Date().toISOString();
    const sale: Obj = {
      id: `TX${rand(6)}`,
      state: "completed",
      amount: { total: price.value, currency: price.currency_code },
      billing_agreement_id: s.id,
      create_time: now,
    };
    this.sales.set(sale.id as string, sale);
    s.transactions = [
      ...((s.transactions as Obj[] | undefined) ?? []),
      { id: sale.id, status: "COMPLETED", amount_with_breakdown: { gross_amount: price }, time: now },
    ];
    s.billing_info = {
      next_billing_time: new Date(from + 30 * 86_400_000).toISOString(),
      last_payment: { amount: price, time: now },
    };
    return structuredClone(sale);
  }

  event(type: string, resource: Obj): Obj {
    return {
      id: `WH-${rand(8)}`,
      event_type: type,
      resource_type: "checkout-order",
      resource: structuredClone(resource),
    };
  }

  /** PayPal's transmission headers for an event (registered so that the verify call says SUCCESS). */
  headers(event: Obj): Record<string, string> {
    const id = `${rand(4)}-${rand(2)}`;
    const sig = rand(16);
    this.signatures.set(id, `${sig}|${JSON.stringify(event)}`);
    return {
      "paypal-auth-algo": "SHA256withRSA",
      "paypal-cert-url": `${this.url}/certs/CERT-360caa42-fca2a594-1d93a270`,
      "paypal-transmission-id": id,
      "paypal-transmission-sig": sig,
      "paypal-transmission-time": new Date().toISOString(),
    };
  }
}
