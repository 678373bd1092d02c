import type { Response as InjectResponse } from "light-my-request";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Endpoint } from "#contract/endpoint";
import { errorMessages } from "#contract/errors";
import { createTestApp, type TestApp } from "../harness.ts";
import {
  endpoints,
  type FieldKind,
  fieldsOf,
  fillPath,
  isFrench,
  pathParams,
  validParam,
} from "../support/contract.ts";
import { type SignedIn, signedInPerAccess } from "../support/members.ts";

/**
 * Malformed parameters, for every endpoint of the contract, once access is granted (the idea of
 * PeerTube's check-params suite): a bad id, a value of the wrong type, a NUL byte, a lone surrogate,
 * a C1 control or 10,000 characters in any field answer 400 VALIDATION_ERROR with French messages —
 * never a 5xx (PostgreSQL refuses NUL deep inside a query), never a library's English.
 * Generated from the contract's schemas: a field is covered the day it is declared.
 */

let t: TestApp;
let as: Record<Endpoint["access"], SignedIn>;
beforeAll(async () => {
  t = await createTestApp();
  as = await signedInPerAccess(t);
});
afterAll(async () => {
  await t.close();
});

const validPath = (e: Endpoint) => fillPath(e.path, validParam);

function send(e: Endpoint, opts: { path?: string; query?: Record<string, string>; body?: object }) {
  const query = new URLSearchParams(opts.query ?? {}).toString();
  const cookie = as[e.access].cookie;
  return t.app.inject({
    method: e.method,
    url: `${opts.path ?? validPath(e)}${query ? `?${query}` : ""}`,
    headers: cookie ? { cookie } : {},
    ...(opts.body ? { payload: opts.body } : {}),
  });
}

/** A French 400 naming the field. */
function expectFrench400(res: InjectResponse, field: string, what: string) {
  expect(res.statusCode, `${what}: ${res.body}`).toBe(400);
  const body = res.json() as { code: string; message: string; fields?: Record<string, string> };
  expect(body.code, what).toBe("VALIDATION_ERROR");
  expect(body.message, what).toBe(errorMessages.VALIDATION_ERROR);
  const message = body.fields?.[field];
  expect(message, `${what}: no message for ${field} in ${res.body}`).toBeDefined();
  expect(isFrench(message ?? ""), `${what}: « ${message} » is not French`).toBe(true);
}

/** Hostile strings every text field refuses. */
const HOSTILE = {
  nul: "a\u0000b",
  c1: "a\u0085b",
  "lone surrogate": "a\ud800b",
  "10,000 characters": "é".repeat(10_000),
};

/**
 * Passwords are kept exactly as typed (src/contract/text.ts `secretText`): any character but NUL and
 * a lone surrogate is theirs to choose, so a C1 control is not refused there.
 */
const VERBATIM = new Set(["password", "confirmPassword"]);

/** A value of another type than every kind the field accepts. */
function wrongType(kinds: FieldKind[]): unknown {
  if (!kinds.includes("number")) return 12345;
  if (!kinds.includes("boolean")) return true;
  return { inattendu: 1 };
}

const withParams = endpoints.filter(({ e }) => pathParams(e.path).length > 0);
const withQuery = endpoints.filter(({ e }) => fieldsOf(e.query).length > 0);
const withBody = endpoints.filter(({ e }) => fieldsOf(e.body).length > 0);

describe("path parameters", () => {
  it.each(withParams.map(({ name, e }) => [name, e] as const))(
    "%s answers a French 400 to an id that is not a UUID, or holds a NUL byte",
    async (name, e) => {
      for (const param of pathParams(e.path)) {
        for (const bad of ["pas-un-uuid", "\u0000", "1 or 1=1"]) {
          const path = fillPath(e.path, (p) => (p === param ? bad : validParam(p)));
          expectFrench400(await send(e, { path }), param, `${name} ${param}=${JSON.stringify(bad)}`);
        }
      }
    },
  );
});

describe("query parameters", () => {
  it.each(withQuery.map(({ name, e }) => [name, e] as const))(
    "%s answers a French 400 to hostile or mistyped values in each field",
    async (name, e) => {
      for (const { name: field, kinds } of fieldsOf(e.query)) {
        for (const [label, value] of Object.entries(HOSTILE)) {
          // A URL cannot carry a lone surrogate (UTF-8 has no encoding for it): it arrives as U+FFFD.
          if (label === "lone surrogate") continue;
          expectFrench400(await send(e, { query: { [field]: value } }), field, `${name} ${field} ${label}`);
        }
        if (!kinds.includes("string")) {
          expectFrench400(await send(e, { query: { [field]: "douze" } }), field, `${name} ${field} mistyped`);
        }
      }
    },
  );
});

describe("body fields", () => {
  it.each(withBody.map(({ name, e }) => [name, e] as const))(
    "%s answers a French 400 to hostile or mistyped values in each field",
    async (name, e) => {
      for (const { name: field, kinds } of fieldsOf(e.body)) {
        if (kinds.includes("string")) {
          for (const [label, value] of Object.entries(HOSTILE)) {
            if (label === "c1" && VERBATIM.has(field)) continue;
            expectFrench400(await send(e, { body: { [field]: value } }), field, `${name} ${field} ${label}`);
          }
        }
        const mistyped = { [field]: wrongType(kinds) };
        expectFrench400(await send(e, { body: mistyped }), field, `${name} ${field} mistyped`);
      }
    },
  );
});

describe("the places where a NUL byte reached PostgreSQL", () => {
  // Search, suggestions, category filter, history search, login identifier, the e-mail of the
  // code, reset and verification steps, a notification's title and message: each is now a 400.
  const cases: [string, string, string, object?][] = [
    ["GET", "/api/videos?q=a%00b", "q"],
    ["GET", "/api/search/suggestions?q=a%00b", "q"],
    ["GET", "/api/videos?categories=a%00b", "categories"],
    ["GET", "/api/history?q=a%00b", "q"],
    ["POST", "/api/auth/login", "identifier", { identifier: "a\u0000b", password: "x" }],
    ["POST", "/api/auth/email-code", "email", { email: "a\u0000b@orange.fr" }],
    ["POST", "/api/auth/password/forgot", "email", { email: "a\u0000b@orange.fr" }],
    ["POST", "/api/auth/verify-email-code", "email", { email: "a\u0000b@orange.fr", code: "123456" }],
    ["POST", "/api/admin/notifications", "title", { title: "a\u0000b", message: "m", sendToAll: true }],
    ["POST", "/api/admin/notifications", "message", { title: "t", message: "a\u0000b", sendToAll: true }],
  ];
  it.each(cases)("%s %s: a French 400 on %s", async (method, url, field, payload) => {
    const cookie = url.startsWith("/api/admin") ? as.admin?.cookie : as.member?.cookie;
    const res = await t.app.inject({
      method: method as "GET" | "POST",
      url,
      headers: cookie ? { cookie } : {},
      ...(payload ? { payload } : {}),
    });
    expectFrench400(res, field, `${method} ${url}`);
  });

  it("keeps the newlines of a notification's message, the one multi-line text", async () => {
    const res = await as.admin?.call("POST", "/api/admin/notifications", {
      title: "  Nouveautés  ",
      message: "Ligne 1\nLigne 2\tfin",
      userId: as.member?.id,
    });
    expect(res?.statusCode, res?.body).toBe(201);
    const list = await as.member?.call("GET", "/api/notifications");
    expect(list?.json().items[0]).toMatchObject({ title: "Nouveautés", message: "Ligne 1\nLigne 2\tfin" });
  });
});
