import { createHmac, randomBytes } from "node:crypto";
import Fastify, { type FastifyInstance } from "fastify";

/**
 * A local fake of a BTCPay Server's Greenfield API (create and get an invoice, for one store) and
 * of its webhooks, signed `BTCPay-Sig: sha256=HMAC-SHA256(secret, body)`; a redelivery keeps its
 * original delivery's id in `originalDeliveryId`.
 */

export interface FakeInvoice {
  id: string;
  status: "New" | "Processing" | "Settled" | "Expired" | "Invalid";
  amount: string;
  currency: string;
  checkoutLink: string;
  metadata: Record<string, unknown>;
}

export class FakeBtcpay {
  readonly invoices = new Map<string, FakeInvoice>();
  url = "";
  private app: FastifyInstance | undefined;

  readonly storeId: string;
  readonly apiKey: string;
  readonly webhookSecret: string;
  constructor(
    storeId = "StoreFake1",
    apiKey = "btcpay-fake-api-key",
    webhookSecret = "btcpay-fake-webhook-secret",
  ) {
    this.storeId = storeId;
    this.apiKey = apiKey;
    this.webhookSecret = webhookSecret;
  }

  async start() {
    const app = Fastify();
    app.addHook("onRequest", async (req, reply) => {
      if (req.headers.authorization !== `token ${this.apiKey}`)
        return reply.code(401).send({ code: "unauthenticated" });
    });
    const base = `/api/v1/stores/${this.storeId}/invoices`;
    app.post(base, async (req) => {
      const b = req.body as { amount: string; currency: string; metadata: Record<string, unknown> };
      const id = randomBytes(11).toString("base64url");
      const invoice: FakeInvoice = {
        id,
        status: "New",
        amount: b.amount,
        currency: b.currency,
        checkoutLink: `${this.url}/i/${id}`,
        metadata: b.metadata,
      };
      this.invoices.set(id, invoice);
      return invoice;
    });
    app.get<{ Params: { id: string } }>(`${base}/:id`, async (req, reply) => {
      return this.invoices.get(req.params.id) ?? reply.code(404).send({ code: "invoice-not-found" });
    });
    this.url = await app.listen({ host: "127.0.0.1", port: 0 });
    this.app = app;
    return this;
  }

  async stop() {
    await this.app?.close();
  }

  /** A webhook body for an invoice (its type as BTCPay names it) and its signature. */
  delivery(invoiceId: string, type: string, redeliveryOf?: string) {
    const deliveryId = randomBytes(8).toString("hex");
    const body = JSON.stringify({
      deliveryId,
      webhookId: "wh1",
      originalDeliveryId: redeliveryOf ?? deliveryId,
      isRedelivery: redeliveryOf !== undefined,
      type,
      timestamp: Math.floor(Date.now() / 1000),
      storeId: this.storeId,
      invoiceId,
    });
    return { deliveryId, body, signature: this.sign(body) };
  }

  sign(body: string, secret = this.webhookSecret) {
    return `sha256=${createHmac("sha256", secret).update(body).digest("hex")}`;
  }
}
