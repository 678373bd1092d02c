import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Endpoint } from "#contract/endpoint";
import { createTestApp, type TestApp } from "../harness.ts";
import { endpoints, fieldsOf, fillPath, isFrench, validParam } from "../support/contract.ts";
import { type SignedIn, signedInPerAccess } from "../support/members.ts";

/**
 * The property-based tier (architecture decision 009, next to PeerTube-style check-params): for
 * every endpoint of the contract, fast-check builds bodies and query strings from the endpoint's own
 * field names plus prototype keys, and fills them with hostile values — controls, RTL and zero-width
 * marks, emoji, 10,000 characters, negative, huge and fractional numbers, nulls, arrays, nested
 * objects. Whatever it sends, Bobine never answers a 5xx, and every refusal is Bobine's
 * `{ code, message }` in French. Random by design: a failure prints the seed and the smallest
 * request that breaks it.
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

const hostileText = fc.oneof(
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.constantFrom(
    "\u202Eédoc\u202C",
    "a\u200Fb\u200B",
    "🎬🍿👩🏽‍💻",
    "\u0000",
    "\u0007\u001B[31m",
    "a\u0085b",
    "\uFEFF",
    "é".repeat(10_000),
    "' or 1=1 --",
    "%_\\",
    "<img src=x onerror=alert(1)>",
    "javascript:alert(1)",
    "http://127.0.0.1/",
    "  ",
    "",
  ),
);
const hostileNumber = fc.oneof(
  fc.integer(),
  fc.constantFrom(-1, 0, 1e21, -1e21, Number.MAX_SAFE_INTEGER + 2, 0.5, -0.000001),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);
const hostileValue: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: "small" },
    hostileText,
    hostileNumber,
    fc.boolean(),
    fc.constant(null),
    fc.array(tie("value"), { maxLength: 3 }),
    fc.dictionary(fc.constantFrom("__proto__", "constructor", "a", "id"), tie("value"), { maxKeys: 2 }),
  ),
})).value;

const PROTOTYPE_KEYS = ["__proto__", "constructor", "prototype", "userId", "role"];

/** A record over the endpoint's field names and a few keys nobody declared, with hostile values. */
function hostileRecord(e: Endpoint, part: "body" | "query") {
  const names = [...fieldsOf(e[part]).map((f) => f.name), ...PROTOTYPE_KEYS];
  return fc.dictionary(fc.constantFrom(...names), hostileValue, { maxKeys: names.length });
}

const queryValue = (value: unknown) => (typeof value === "string" ? value : JSON.stringify(value));

// An event stream never ends; every other endpoint answers. Signing out would leave the members
// of the following endpoints without a session (their handlers then never run).
const testable = endpoints.filter(
  ({ name, e }) => e.produces !== "text/event-stream" && name !== "auth.logout",
);

describe("every endpoint under hostile values", () => {
  it.each(testable.map(({ name, e }) => [name, e] as const))(
    "%s never answers a 5xx and refuses in French",
    async (_name, e) => {
      const cookie = as[e.access].cookie;
      await fc.assert(
        fc.asyncProperty(
          e.body ? hostileRecord(e, "body") : fc.constant(undefined),
          e.query ? hostileRecord(e, "query") : fc.constant({}),
          async (body, query) => {
            const search = new URLSearchParams(
              Object.entries(query).map(([k, v]) => [k, queryValue(v)] as [string, string]),
            ).toString();
            const headers: Record<string, string> = cookie ? { cookie } : {};
            if (body !== undefined) headers["content-type"] = "application/json";
            const res = await t.app.inject({
              method: e.method,
              url: `${fillPath(e.path, validParam)}${search ? `?${search}` : ""}`,
              headers,
              ...(body !== undefined ? { payload: JSON.stringify(body) } : {}),
            });
            expect(res.statusCode, res.body.slice(0, 300)).toBeLessThan(500);
            if (res.statusCode >= 400) {
              const refusal = res.json() as { code?: unknown; message?: unknown };
              expect(typeof refusal.code, res.body.slice(0, 300)).toBe("string");
              expect(isFrench(String(refusal.message)), res.body.slice(0, 300)).toBe(true);
            }
          },
        ),
        { numRuns: 12 },
      );
    },
    60_000,
  );
});
