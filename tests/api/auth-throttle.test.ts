import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { scaled } from "#tests/support/time-scale";
import { browser, nextIp } from "../factories/accounts.ts";
import { createTestApp, type TestApp } from "../harness.ts";
import { MEMBER_PASSWORD, signedIn } from "../support/members.ts";

/**
 * The per-account sign-in throttle (SECURITY-CHECKLIST 3): ≤ 100 failures an hour per account,
 * whatever identifier is typed, counted before the password is checked, and never a lock-out for
 * a browser that signed in to the account before (its device cookie).
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const WRONG = "Pas-le-bon-mot-de-passe";
/** A member with a password, not signed in anywhere yet. */
const member = () => signedIn(t, { password: true });
/** A sign-in from a browser that never signed in (no cookies), each from its own address. */
const stranger = (identifier: string, password: string) =>
  t.app.inject({
    method: "POST",
    url: "/api/auth/login",
    payload: { identifier, password },
    remoteAddress: nextIp(),
  });
/** Records `hits` failures in a budget's current hour, as many wrong passwords would. */
const setHits = (bucket: string, hits: number) =>
  t.database.db.execute(
    sql`insert into rate_limits (bucket, window_start, hits) values (${bucket}, now(), ${hits})
        on conflict (bucket) do update set window_start = now(), hits = excluded.hits`,
  );
const failuresSoFar = (userId: string, hits: number) => setHits(`login-account:${userId}`, hits);
const failuresOf = async (userId: string) => {
  const res = await t.database.db.execute(
    sql`select hits from rate_limits where bucket = ${`login-account:${userId}`}`,
  );
  return (res as unknown as { rows: { hits: number }[] }).rows[0]?.hits ?? 0;
};

describe("the per-account sign-in throttle", () => {
  it("counts failures per account whatever identifier was typed: username and e-mail share one budget", async () => {
    const m = await member();
    await failuresSoFar(m.id, 98);
    expect((await stranger(m.email.toUpperCase(), WRONG)).statusCode).toBe(401);
    expect((await stranger(m.username, WRONG)).statusCode).toBe(401);
    // 100 failures now, by e-mail and by username together: both identifiers are throttled.
    expect((await stranger(m.username.toUpperCase(), MEMBER_PASSWORD)).statusCode).toBe(429);
    expect((await stranger(m.email, MEMBER_PASSWORD)).statusCode).toBe(429);
  });

  it("does not count a right password as a failure", async () => {
    const m = await member();
    await failuresSoFar(m.id, 99);
    expect((await stranger(m.username, MEMBER_PASSWORD)).statusCode).toBe(200);
    expect((await stranger(m.email, MEMBER_PASSWORD)).statusCode).toBe(200);
    expect(await failuresOf(m.id)).toBe(99);
  });

  it(
    "lets at most the remaining failures reach the password check when wrong attempts arrive at once",
    async () => {
      const m = await member();
      await failuresSoFar(m.id, 90);
      const results = await Promise.all(Array.from({ length: 30 }, () => stranger(m.username, WRONG)));
      const statuses = results.map((r) => r.statusCode);
      expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(10);
      expect(statuses.filter((s) => s !== 401).every((s) => s === 429)).toBe(true);
      expect(await failuresOf(m.id)).toBeLessThanOrEqual(100);
      expect((await stranger(m.username, MEMBER_PASSWORD)).statusCode).toBe(429);
    },
    scaled(90_000),
  );
});

describe("device cookies (OWASP): a browser the member signed in on", () => {
  it("is not locked out by an attacker's failures on the account", async () => {
    const m = await member();
    const home = browser(t.app);
    const first = await home.post("/api/auth/login", { identifier: m.username, password: MEMBER_PASSWORD });
    expect(first.statusCode).toBe(200);
    expect(String(first.headers["set-cookie"])).toMatch(/bobine_device=[^;]+;.*HttpOnly/);

    await failuresSoFar(m.id, 100);
    expect((await stranger(m.username, MEMBER_PASSWORD)).statusCode).toBe(429);
    // The member's own browser still signs in, by username or e-mail.
    expect(
      (await home.post("/api/auth/login", { identifier: m.username, password: MEMBER_PASSWORD })).statusCode,
    ).toBe(200);
    expect(
      (await home.post("/api/auth/login", { identifier: m.email, password: MEMBER_PASSWORD })).statusCode,
    ).toBe(200);
  });

  it("has its own failures limited separately, and a forged or another account's cookie earns nothing", async () => {
    const m = await member();
    const other = await member();
    const home = browser(t.app);
    expect(
      (await home.post("/api/auth/login", { identifier: m.username, password: MEMBER_PASSWORD })).statusCode,
    ).toBe(200);
    await failuresSoFar(m.id, 100);
    await failuresSoFar(other.id, 100);

    const cookie = home.cookieHeader();
    const device = /bobine_device=([^;]+)/.exec(cookie)?.[1] ?? "";
    const withDevice = (value: string, identifier: string) =>
      t.app.inject({
        method: "POST",
        url: "/api/auth/login",
        payload: { identifier, password: MEMBER_PASSWORD },
        headers: { cookie: `bobine_device=${value}` },
        remoteAddress: nextIp(),
      });
    // Tampered signature, and m's cookie shown for another account: counted as any browser.
    const forged = device.replace(/.$/, (c) => (c === "A" ? "B" : "A"));
    expect((await withDevice(forged, m.username)).statusCode).toBe(429);
    expect((await withDevice(device, other.username)).statusCode).toBe(429);
    expect((await withDevice(device, m.username)).statusCode).toBe(200);

    // The member's browser fails against its own budget (10 an hour): at 9, one more wrong password
    // is checked, the next is throttled like any browser (the account's budget being spent).
    await setHits(`login-device:${device.split(".")[1]}`, 9);
    expect((await home.post("/api/auth/login", { identifier: m.username, password: WRONG })).statusCode).toBe(
      401,
    );
    expect((await home.post("/api/auth/login", { identifier: m.username, password: WRONG })).statusCode).toBe(
      429,
    );
    expect(await failuresOf(m.id)).toBe(100);
  });
});
