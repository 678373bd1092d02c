import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { errorCatalogue, messages } from "#server/errors";
import { createTestApp, type TestApp } from "../harness.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    env: { TRUSTED_PROXIES: "127.0.0.1" },
    beforeReady(app) {
      // Probe routes to exercise the shared error model and body parsing.
      app.post("/api/__probe", { schema: { body: z.object({ title: z.string().min(1) }) } }, async () => ({
        ok: true,
      }));
      app.get("/api/__boom", async () => {
        throw new Error('relation "secret_table" does not exist at /srv/app.ts:12');
      });
    },
  });
});
afterAll(async () => {
  await t.close();
});

describe("health", () => {
  it("reports the database kind and that it answers", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/health" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: "ok", databaseOk: true, database: expect.any(String) });
  });
});

describe("error model", () => {
  it("answers an unknown API route with 404 'Route non implémentée'", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/nope" });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: "NOT_FOUND", message: messages.routeNotImplemented });
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
});

describe("security headers", () => {
  it("sends CSP, nosniff and frame-ancestors on every response", async () => {
    for (const url of ["/api/health", "/api/nope"]) {
      const res = await t.app.inject({ method: "GET", url });
      const csp = String(res.headers["content-security-policy"]);
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("base-uri 'none'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(res.headers["x-content-type-options"]).toBe("nosniff");
    }
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
