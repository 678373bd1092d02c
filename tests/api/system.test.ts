import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { requestMessages as messages } from "#contract/errors";
import { errorCatalogue } from "#server/shared/errors";
import { createTestApp, type TestApp } from "../harness.ts";
import { signedIn, signedInAdmin } from "../support/members.ts";
import { okResponse, probeRoute } from "../support/probe.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    env: { TRUSTED_PROXIES: "127.0.0.1" },
    beforeReady(app, database) {
      // Probe endpoints, declared like every route, to exercise the shared error model and body parsing.
      probeRoute(
        app,
        database,
        {
          method: "POST",
          path: "/api/__probe",
          body: z.object({ title: z.string().min(1) }),
          response: okResponse,
        },
        async () => ({ ok: true }),
      );
      probeRoute(app, database, { method: "GET", path: "/api/__boom", response: okResponse }, async () => {
        throw new Error('relation "secret_table" does not exist at /srv/app.ts:12');
      });
    },
  });
});
afterAll(async () => {
  await t.close();
});

describe("health", () => {
  it("tells anyone that the server and its database answer, and nothing about the software", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/health" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: "ok", databaseOk: true });
    const member = await signedIn(t);
    expect((await member.call("GET", "/api/health")).json()).toEqual({ status: "ok", databaseOk: true });
  });

  it("tells an administrator the database kind and the version", async () => {
    const admin = await signedInAdmin(t);
    const res = await admin.call("GET", "/api/health");
    expect(res.json()).toEqual({
      status: "ok",
      databaseOk: true,
      database: t.database.kind,
      version: t.config.version,
    });
  });
});

describe("error model", () => {
  it("answers an unknown API route with 404 'Route non implémentée'", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/nope" });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: "NOT_FOUND", message: messages.routeNotImplemented });
  });

  it("answers a missing image, and a path that climbs out of the images or names a dotfile, with the same French 404", async () => {
    for (const url of [
      "/media/images/nexiste-pas.webp",
      "/media/images/..%2f..%2fbobine.lock",
      "/media/images/%2e%2e/%2e%2e/bobine.lock",
      "/media/images/.secret",
    ]) {
      const res = await t.app.inject({ method: "GET", url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toMatchObject({ code: "NOT_FOUND", message: messages.fileNotFound });
    }
  });

  it("answers malformed JSON with a French 400 and a request id", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/__probe",
      headers: { "content-type": "application/json" },
      payload: '{"title": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: "VALIDATION_ERROR", message: messages.invalidJson });
    expect(res.json().requestId).toEqual(expect.any(String));
  });

  it("refuses a text/plain body on a JSON route with 415", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/__probe",
      headers: { "content-type": "text/plain" },
      payload: "title=x",
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().code).toBe("UNSUPPORTED_MEDIA_TYPE");
  });

  it("refuses a body in an unknown Content-Encoding with a French 415", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/__probe",
      headers: { "content-type": "application/json", "content-encoding": "x-inconnu" },
      payload: JSON.stringify({ title: "x" }),
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({
      code: "UNSUPPORTED_MEDIA_TYPE",
      message: messages.unsupportedEncoding,
    });
  });

  it("refuses an oversized body with 413", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/__probe",
      headers: { "content-type": "application/json" },
      payload: JSON.stringify({ title: "x".repeat(2 * 1024 * 1024) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().code).toBe("PAYLOAD_TOO_LARGE");
  });

  it("validates bodies with French field messages", async () => {
    const res = await t.app.inject({ method: "POST", url: "/api/__probe", payload: { title: "" } });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.title).toMatch(/trop petit|caractère/i);
  });

  it("never leaks a stack trace or SQL in a 500", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/__boom" });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toMatchObject({
      code: "INTERNAL_ERROR",
      message: errorCatalogue.INTERNAL_ERROR.message,
    });
    expect(res.body).not.toMatch(/secret_table|app\.ts|relation/);
  });

  it("refuses a state-changing request from a foreign origin with 403", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/__probe",
      headers: { origin: "https://evil.example" },
      payload: { title: "x" },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe("ACCESS_DENIED");
    const same = await t.app.inject({
      method: "POST",
      url: "/api/__probe",
      headers: { origin: "http://localhost:3000" },
      payload: { title: "x" },
    });
    expect(same.statusCode).toBe(200);
  });

  it("accepts the other loopback spellings of a loopback PUBLIC_URL, same scheme and port", async () => {
    for (const origin of ["http://127.0.0.1:3000", "http://[::1]:3000"]) {
      const res = await t.app.inject({
        method: "POST",
        url: "/api/__probe",
        headers: { origin },
        payload: { title: "x" },
      });
      expect(res.statusCode, origin).toBe(200);
    }
  });

  it("allows state changes from PUBLIC_URL's origin only, whatever Host or forwarded headers say", async () => {
    const attempts = [
      { host: "evil.example", origin: "http://evil.example" },
      { host: "localhost:3000", origin: "http://127.0.0.1:3001" },
      { host: "localhost:3000", origin: "https://localhost:3000" },
      { host: "evil.example", origin: "http://evil.example", "x-forwarded-host": "evil.example" },
    ];
    for (const headers of attempts) {
      // Also from a trusted proxy: its forwarded host does not make an origin allowed.
      const res = await t.app.inject({
        method: "POST",
        url: "/api/__probe",
        headers,
        remoteAddress: "127.0.0.1",
        payload: { title: "x" },
      });
      expect(res.statusCode, JSON.stringify(headers)).toBe(403);
      expect(res.json()).toMatchObject({ code: "ACCESS_DENIED", message: messages.foreignOrigin });
    }
  });
});

describe("security headers", () => {
  it("sends CSP, nosniff and a refusal of every frame on every response", async () => {
    for (const url of ["/api/health", "/api/nope"]) {
      const res = await t.app.inject({ method: "GET", url });
      const csp = String(res.headers["content-security-policy"]);
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("base-uri 'none'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(res.headers["x-content-type-options"]).toBe("nosniff");
      // The older header says the same as frame-ancestors: no framing at all.
      expect(res.headers["x-frame-options"]).toBe("DENY");
    }
  });

  it("gives the API's answers a policy that allows nothing, and the API reference page the page's policy", async () => {
    const api = await t.app.inject({ method: "GET", url: "/api/categories" });
    expect(api.headers["content-security-policy"]).toMatch(/^default-src 'none';/);
    expect(api.headers["cross-origin-resource-policy"]).toBe("same-origin");
    // Document-only headers are not spent on JSON.
    expect(api.headers["cross-origin-opener-policy"]).toBeUndefined();
    const docs = await t.app.inject({ method: "GET", url: "/api/docs/json" });
    expect(String(docs.headers["content-security-policy"])).toContain("default-src 'self'");
    expect(docs.headers["cross-origin-opener-policy"]).toBe("same-origin");
  });

  it("sends HSTS only when the request came over https through a trusted proxy", async () => {
    const plain = await t.app.inject({ method: "GET", url: "/api/health" });
    expect(plain.headers["strict-transport-security"]).toBeUndefined();
    const proxied = await t.app.inject({
      method: "GET",
      url: "/api/health",
      headers: { "x-forwarded-proto": "https" },
      remoteAddress: "127.0.0.1",
    });
    expect(proxied.headers["strict-transport-security"]).toContain("max-age=");
    const spoofed = await t.app.inject({
      method: "GET",
      url: "/api/health",
      headers: { "x-forwarded-proto": "https" },
      remoteAddress: "203.0.113.9",
    });
    expect(spoofed.headers["strict-transport-security"]).toBeUndefined();
  });
});

describe("API reference", () => {
  it("serves an OpenAPI document generated from the contract and a reference page", async () => {
    const doc = await t.app.inject({ method: "GET", url: "/api/docs/json" });
    expect(doc.statusCode).toBe(200);
    const spec = doc.json();
    expect(spec.openapi).toMatch(/^3\./);
    expect(spec.paths["/api/videos"].get.parameters.map((p: { name: string }) => p.name)).toContain("limit");
    const page = await t.app.inject({ method: "GET", url: "/api/docs" });
    expect([200, 302]).toContain(page.statusCode);
  });
});

describe("error log", () => {
  it("keeps a failed query's SQL but none of its values", async () => {
    const lines: string[] = [];
    const logged = await createTestApp({
      env: { LOG_LEVEL: "info" },
      logStream: { write: (line: string) => void lines.push(line) },
      beforeReady(app, database) {
        probeRoute(
          app,
          database,
          { method: "GET", path: "/api/__failing-query", response: z.object({}) },
          async () => {
            // Two rows with one key: a unique violation whose message and detail carry the value.
            await database.db.execute(
              sql`insert into rate_limits (bucket, hits) values (${"victime@exemple.fr"}, 1), (${"victime@exemple.fr"}, 1)`,
            );
            return {};
          },
        );
        probeRoute(
          app,
          database,
          { method: "GET", path: "/api/__bad-value", response: z.object({}) },
          async () => {
            // A data exception, whose message quotes the value it could not read.
            await database.db.execute(sql`select ${"victime@exemple.fr"}::int`);
            return {};
          },
        );
      },
    });
    try {
      const res = await logged.app.inject({ method: "GET", url: "/api/__failing-query" });
      expect(res.statusCode).toBe(500);
      const errorLine = lines.map((l) => JSON.parse(l)).find((l) => l.level >= 50 && l.err);
      expect(errorLine?.reqId).toBe(res.json().requestId);
      expect(errorLine?.err.message).toContain("insert into rate_limits");
      const bad = await logged.app.inject({ method: "GET", url: "/api/__bad-value" });
      expect(bad.statusCode).toBe(500);
      expect(lines.join("\n")).toContain("invalid input syntax");
      expect(lines.join("\n")).not.toContain("victime");
    } finally {
      await logged.close();
    }
  });
});
