import { randomBytes } from "node:crypto";
import Fastify, { type FastifyInstance } from "fastify";

/**
 * A local fake of paysafecard's REST API (the calls Bobine makes: create, retrieve, capture) and of
 * its customer panel, which takes the 16-digit PIN with the spec's rules and texts (§5: digits only,
 * 16 of them, 'Code PIN invalide' / 'Veuillez entrer un code PIN Paysafecard valide (16 chiffres)').
 * Its notifications are unsigned, as paysafecard's are.
 */

export interface PscPayment {
  id: string;
  status: string;
  amount: number;
  currency: string;
  customer: { id: string };
  redirect: { success_url: string; failure_url: string; auth_url: string };
  notification_url: string;
}

export const PIN_INVALID_TITLE = "Code PIN invalide";
export const PIN_INVALID_TEXT = "Veuillez entrer un code PIN Paysafecard valide (16 chiffres)";

export class FakePaysafecard {
  readonly payments = new Map<string, PscPayment>();
  readonly captures: string[] = [];
  url = "";
  private app: FastifyInstance | undefined;

  readonly apiKey: string;
  constructor(apiKey = "psc_fake_local_key") {
    this.apiKey = apiKey;
  }

  async start() {
    const app = Fastify();
    app.addContentTypeParser("application/x-www-form-urlencoded", { parseAs: "string" }, (_r, body, done) =>
      done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );
    const authorised = (header: string | undefined) =>
      header === `Basic ${Buffer.from(this.apiKey).toString("base64")}`;
    app.addHook("onRequest", async (req, reply) => {
      if (req.url.startsWith("/v1/") && !authorised(req.headers.authorization)) {
        return reply.code(401).send({ code: "invalid_api_key" });
      }
    });
    app.post("/v1/payments", async (req) => {
      const b = req.body as Omit<PscPayment, "id" | "status" | "amount"> & { amount: string };
      const id = `pay_${randomBytes(12).toString("hex")}`;
      const payment: PscPayment = {
        id,
        status: "INITIATED",
        amount: Number(b.amount),
        currency: b.currency,
        customer: b.customer,
        notification_url: b.notification_url.replace("{payment_id}", id),
        redirect: {
          success_url: b.redirect.success_url.replace("{payment_id}", id),
          failure_url: b.redirect.failure_url.replace("{payment_id}", id),
          auth_url: `${this.url}/panel/${id}`,
        },
      };
      this.payments.set(id, payment);
      return payment;
    });
    app.get<{ Params: { id: string } }>("/v1/payments/:id", async (req, reply) => {
      return this.payments.get(req.params.id) ?? reply.code(404).send({ code: "invalid_payment_id" });
    });
    app.post<{ Params: { id: string } }>("/v1/payments/:id/capture", async (req, reply) => {
      const p = this.payments.get(req.params.id);
      if (!p) return reply.code(404).send({ code: "invalid_payment_id" });
      if (p.status === "AUTHORIZED") {
        p.status = "SUCCESS";
        this.captures.push(p.id);
      }
      return p;
    });
    // The customer panel: the PIN is typed here, never on Bobine's pages (decision 044).
    const panel = (p: PscPayment, error: boolean) =>
      `<!doctype html><html lang="fr"><head><title>paysafecard</title></head><body><h1>paysafecard</h1><p>${p.amount.toFixed(2)} ${p.currency}</p>${
        error ? `<p role="alert"><strong>${PIN_INVALID_TITLE}</strong> ${PIN_INVALID_TEXT}</p>` : ""
      }<form method="post"><label>Code PIN <input name="pin" inputmode="numeric" maxlength="16" pattern="[0-9]{16}"></label><button>Payer</button></form></body></html>`;
    app.get<{ Params: { id: string } }>("/panel/:id", async (req, reply) => {
      const p = this.payments.get(req.params.id);
      if (!p) return reply.code(404).send("unknown payment");
      return reply.type("text/html; charset=utf-8").send(panel(p, false));
    });
    app.post<{ Params: { id: string } }>("/panel/:id", async (req, reply) => {
      const p = this.payments.get(req.params.id);
      if (!p) return reply.code(404).send("unknown payment");
      const pin = String((req.body as { pin?: string } | undefined)?.pin ?? "");
      if (!/^\d{16}$/.test(pin)) return reply.code(400).type("text/html; charset=utf-8").send(panel(p, true));
      this.authorize(p.id);
      await this.notify(p.id);
      return reply.redirect(p.redirect.success_url);
    });
    this.url = await app.listen({ host: "127.0.0.1", port: 0 });
    this.app = app;
    return this;
  }

  async stop() {
    await this.app?.close();
  }

  authorize(id: string) {
    const p = this.payments.get(id);
    if (p && (p.status === "INITIATED" || p.status === "REDIRECTED")) p.status = "AUTHORIZED";
  }

  expire(id: string) {
    const p = this.payments.get(id);
    if (p) p.status = "EXPIRED";
  }

  /** The notification paysafecard posts (unsigned), to the URL Bobine gave. */
  async notify(id: string) {
    const p = this.payments.get(id);
    if (!p) return;
    await fetch(p.notification_url, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ mtid: id, eventType: "PAYMENT_CAPABLE" }),
    }).catch(() => undefined);
  }
}
