import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ErrorCode, errorMessages } from "#contract/errors";
import { createTestApp, type TestApp } from "../harness.ts";
import { endpoints, fillPath } from "../support/contract.ts";
import { type SignedIn, signedIn } from "../support/members.ts";

/**
 * Access first, for every endpoint of the contract (spec §6; SECURITY-CHECKLIST 14, 36): a visitor
 * gets 401 where a member is needed, a member 403 where an administrator is, a member without
 * subscription 403 SUBSCRIPTION_REQUIRED where a subscriber is — before anything of the request is
 * read: the requests below carry a malformed path and query, and a body of the wrong shape, not
 * JSON, of another type or in an unknown encoding; the answer never lists a field. Generated from the contract: a route is covered the day it is declared.
 */

let t: TestApp;
let member: SignedIn;
beforeAll(async () => {
  t = await createTestApp();
  member = await signedIn(t);
});
afterAll(async () => {
  await t.close();
});

/**
 * Requests that every later step would refuse: a bad id, a bad query and, where a body is sent, a
 * body of the wrong shape, a body that is not JSON, a body of another type, a body in an unknown
 * encoding. The access answer comes first whatever the request carries.
 */
const malformations = [
  { name: "fields", body: { champInconnu: "\u0000", rating: "beaucoup", title: 42 } },
  { name: "not JSON", body: '{"title": ', headers: { "content-type": "application/json" } },
  { name: "another type", body: "title=x", headers: { "content-type": "text/plain" } },
  {
    name: "unknown encoding",
    body: '{"title":"x"}',
    headers: { "content-type": "application/json", "content-encoding": "x-inconnu" },
  },
] as const;

async function malformed(e: (typeof endpoints)[number]["e"], cookie?: string) {
  const url = `${fillPath(e.path, () => "pas-un-identifiant")}?limit=-1&q=%00&videoId=x`;
  const variants = e.method === "GET" ? malformations.slice(0, 1) : malformations;
  const answers = [];
  for (const m of variants) {
    const res = await t.app.inject({
      method: e.method,
      url,
      headers: { ...(cookie ? { cookie } : {}), ...("headers" in m ? m.headers : {}) },
      ...(e.method === "GET" ? {} : { payload: m.body }),
    });
    answers.push({ malformation: m.name, status: res.statusCode, body: res.json() });
  }
  return answers;
}

/** Every answer is `status` with `code` and its catalogue message, and never lists a field. */
function expectRefused(answers: Awaited<ReturnType<typeof malformed>>, status: number, code: ErrorCode) {
  for (const a of answers) {
    expect(a.status, a.malformation).toBe(status);
    expect(a.body, a.malformation).toMatchObject({ code, message: errorMessages[code] });
    expect(a.body.fields, a.malformation).toBeUndefined();
  }
}

const closed = endpoints.filter(({ e }) => e.access !== "public");

describe("a visitor", () => {
  it.each(closed.map(({ name, e }) => [name, e] as const))(
    "gets 401 'Authentification requise' from %s before the request is read",
    async (_name, e) => {
      expectRefused(await malformed(e), 401, "UNAUTHENTICATED");
    },
  );
});

describe("a member who is not an administrator", () => {
  const adminOnly = endpoints.filter(({ e }) => e.access === "admin");
  it("is refused somewhere (the contract has administrator endpoints)", () => {
    expect(adminOnly.length).toBeGreaterThan(0);
  });
  it.each(adminOnly.map(({ name, e }) => [name, e] as const))(
    "gets 403 'Accès refusé' from %s before the request is read",
    async (_name, e) => {
      expectRefused(await malformed(e, member.cookie), 403, "ACCESS_DENIED");
    },
  );
});

describe("a member without a subscription", () => {
  const forSubscribers = endpoints.filter(({ e }) => e.access === "subscriber");
  it("is refused somewhere (the contract has subscriber endpoints)", () => {
    expect(forSubscribers.length).toBeGreaterThan(0);
  });
  it.each(forSubscribers.map(({ name, e }) => [name, e] as const))(
    "gets 403 SUBSCRIPTION_REQUIRED from %s before the request is read",
    async (_name, e) => {
      expectRefused(await malformed(e, member.cookie), 403, "SUBSCRIPTION_REQUIRED");
    },
  );
});
