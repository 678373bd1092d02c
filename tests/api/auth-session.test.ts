import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { authMessages } from "#contract/auth";
import { endpoint } from "#contract/endpoint";
import { accounts, profiles, sessions, users } from "#db/schema/auth";
import { errorCatalogue } from "#server/shared/errors";
import { hashPassword } from "#server/shared/password";
import { route } from "#server/shared/route";
import { nextIp, registerMember, sessionCookie } from "../factories/accounts.ts";
import { createTestApp, type TestApp } from "../harness.ts";
import { codeIn, resetTokenIn, startSmtp } from "../smtp.ts";

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
beforeAll(async () => {
  smtp = await startSmtp();
  t = await createTestApp({
    env: { SMTP_URL: smtp.url },
    beforeReady(app, database) {
      // Probe endpoints declared for members and for administrators, as every route is.
      const probe = (path: string, access: "member" | "admin") =>
        endpoint({
          method: "GET",
          path,
          summary: "probe",
          tags: [],
          access,
          response: z.object({ id: z.uuid() }),
        });
      app.register(async (api) => {
        for (const [path, access] of [
          ["/api/__member", "member"],
          ["/api/__admin", "admin"],
        ] as const) {
          route(api, database, probe(path, access), async ({ user }) => ({ id: user.id }));
        }
      });
    },
  });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const post = (url: string, payload: object, headers: Record<string, string> = {}, remoteAddress = nextIp()) =>
  t.app.inject({ method: "POST", url, payload, headers, remoteAddress });
const sessionOf = async (cookie: string) =>
  (await t.app.inject({ method: "GET", url: "/api/auth/session", headers: { cookie } })).json().user;

describe("sign-in", () => {
  it("signs in with the username or the e-mail, in any case, with a new token each time", async () => {
    const m = await registerMember(t.app, smtp, codeIn);
    const byName = await post("/api/auth/login", {
      identifier: m.username.toUpperCase(),
      password: m.password,
    });
    expect(byName.statusCode).toBe(200);
    expect(byName.json().user.username).toBe(m.username);
    const byEmail = await post("/api/auth/login", {
      identifier: ` ${m.email.toUpperCase()} `,
      password: m.password,
    });
    expect(byEmail.statusCode).toBe(200);
    expect(sessionCookie(byEmail)).not.toBe(sessionCookie(byName));
  });

  it("answers a wrong password and an unknown account with the same status and body", async () => {
    const m = await registerMember(t.app, smtp, codeIn);
    const wrong = await post("/api/auth/login", { identifier: m.username, password: "mauvais-mot-de-passe" });
    const unknown = await post("/api/auth/login", {
      identifier: "personne-ici",
      password: "mauvais-mot-de-passe",
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    const strip = (b: { requestId?: string }) => ({ ...b, requestId: undefined });
    expect(strip(wrong.json())).toEqual(strip(unknown.json()));
    expect(wrong.json().message).toBe(authMessages.loginInvalid);
  });

  it("throttles an account after 100 failures in an hour, whatever the IP, without locking it for ever", async () => {
    const m = await registerMember(t.app, smtp, codeIn);
    await t.database.db.execute(
      sql`insert into rate_limits (bucket, window_start, hits) values (${`login-account:${m.userId}`}, now(), 100)`,
    );
    const blocked = await post(
      "/api/auth/login",
      { identifier: m.username, password: m.password },
      {},
      "192.0.2.1",
    );
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toBe(errorCatalogue.RATE_LIMITED.message);
    // An hour later the window has passed.
    await t.database.db.execute(
      sql`update rate_limits set window_start = now() - interval '61 minutes' where bucket = ${`login-account:${m.userId}`}`,
    );
    expect((await post("/api/auth/login", { identifier: m.username, password: m.password })).statusCode).toBe(
      200,
    );
  });

  it("counts failures for unknown names too, so the throttle does not reveal which accounts exist", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) {
      statuses.push(
        (await post("/api/auth/login", { identifier: "fantome-inconnu", password: "mauvais-1234" }))
          .statusCode,
      );
    }
    expect(statuses).toEqual([401, 401, 401]);
    const rows = await t.database.db.execute(
      sql`select hits from rate_limits where bucket = 'login-fail:fantome-inconnu'`,
    );
    expect((rows as unknown as { rows: { hits: number }[] }).rows[0]?.hits).toBe(3);
    await t.database.db.execute(
      sql`update rate_limits set hits = 100 where bucket = 'login-fail:fantome-inconnu'`,
    );
    expect(
      (await post("/api/auth/login", { identifier: "fantome-inconnu", password: "x-y-z-w-v" })).statusCode,
    ).toBe(429);
  });

  it("puts every address of one IPv6 /64 in the same per-IP bucket", async () => {
    await t.database.db.execute(
      sql`insert into rate_limits (bucket, window_start, hits) values ('login-ip:2001:db8:1:2::/64', now(), 30)`,
    );
    const res = await post(
      "/api/auth/login",
      { identifier: "quelquun", password: "x-y-z-w-v" },
      {},
      "2001:db8:1:2:abcd::9",
    );
    expect(res.statusCode).toBe(429);
    const other = await post(
      "/api/auth/login",
      { identifier: "quelquun", password: "x-y-z-w-v" },
      {},
      "2001:db8:1:3::9",
    );
    expect(other.statusCode).toBe(401);
  });

  it("keeps one per-IP bucket whatever X-Forwarded-For says when no proxy is trusted", async () => {
    await t.database.db.execute(
      sql`insert into rate_limits (bucket, window_start, hits) values ('login-ip:192.0.2.50', now(), 30)`,
    );
    const res = await post(
      "/api/auth/login",
      { identifier: "quelquun", password: "x-y-z-w-v" },
      { "x-forwarded-for": "203.0.113.1" },
      "192.0.2.50",
    );
    expect(res.statusCode).toBe(429);
  });

  it("creates the missing profile at first sign-in from the e-mail's local part (spec §4)", async () => {
    const [user] = await t.database.db
      .insert(users)
      .values({ email: "ancien.membre@free.fr", emailVerified: true })
      .returning();
    if (!user) throw new Error("no user");
    await t.database.db.insert(accounts).values({
      userId: user.id,
      providerId: "credential",
      accountId: user.id,
      password: await hashPassword("Une-bobine-de-film"),
    });
    const res = await post("/api/auth/login", {
      identifier: "ancien.membre@free.fr",
      password: "Une-bobine-de-film",
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ username: "ancien.membre", role: "membre" });
  });
});

describe("sessions", () => {
  it("ends on logout on the server: the replayed cookie is refused", async () => {
    const m = await registerMember(t.app, smtp, codeIn);
    expect(
      (await t.app.inject({ method: "GET", url: "/api/__member", headers: { cookie: m.cookie } })).statusCode,
    ).toBe(200);
    const out = await post("/api/auth/logout", {}, { cookie: m.cookie });
    expect(out.statusCode).toBe(200);
    expect(String(out.headers["set-cookie"])).toMatch(/bobine_session=;/);
    const replay = await t.app.inject({ method: "GET", url: "/api/__member", headers: { cookie: m.cookie } });
    expect(replay.statusCode).toBe(401);
    expect(replay.json().message).toBe(errorCatalogue.UNAUTHENTICATED.message);
    expect(await sessionOf(m.cookie)).toBeNull();
  });

  it("refuses a demoted administrator and a deleted member on their very next request", async () => {
    const admin = await registerMember(t.app, smtp, codeIn);
    await t.database.db.update(profiles).set({ role: "admin" }).where(eq(profiles.id, admin.userId));
    expect(
      (await t.app.inject({ method: "GET", url: "/api/__admin", headers: { cookie: admin.cookie } }))
        .statusCode,
    ).toBe(200);
    await t.database.db.update(profiles).set({ role: "membre" }).where(eq(profiles.id, admin.userId));
    const demoted = await t.app.inject({
      method: "GET",
      url: "/api/__admin",
      headers: { cookie: admin.cookie },
    });
    expect(demoted.statusCode).toBe(403);
    expect(demoted.json()).toMatchObject({
      code: "ACCESS_DENIED",
      message: errorCatalogue.ACCESS_DENIED.message,
    });
    await t.database.db.delete(users).where(eq(users.id, admin.userId));
    expect(
      (await t.app.inject({ method: "GET", url: "/api/__member", headers: { cookie: admin.cookie } }))
        .statusCode,
    ).toBe(401);
  });

  it("never lives more than 30 days, even when used every day", async () => {
    const m = await registerMember(t.app, smtp, codeIn);
    const [row] = await t.database.db.select().from(sessions).where(eq(sessions.userId, m.userId));
    if (!row) throw new Error("no session");
    expect(row.absoluteExpiresAt.getTime() - row.createdAt.getTime()).toBeLessThanOrEqual(
      30 * 24 * 3600 * 1000 + 1000,
    );
    // Simulate a session near its absolute end, last renewed two hours ago: renewal cannot extend it.
    await t.database.db
      .update(sessions)
      .set({
        absoluteExpiresAt: sql`now() + interval '1 minute'`,
        updatedAt: sql`now() - interval '2 hours'`,
      })
      .where(eq(sessions.id, row.id));
    expect(await sessionOf(m.cookie)).not.toBeNull();
    const [renewed] = await t.database.db.select().from(sessions).where(eq(sessions.id, row.id));
    expect(renewed?.expiresAt.getTime()).toBeLessThanOrEqual(renewed?.absoluteExpiresAt.getTime() ?? 0);
    await t.database.db
      .update(sessions)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(sessions.id, row.id));
    expect(await sessionOf(m.cookie)).toBeNull();
  });

  it("marks the cookie Secure with the __Host- prefix when served over https", async () => {
    const secure = await createTestApp({
      env: { SMTP_URL: smtp.url, PUBLIC_URL: "https://bobine.example.org" },
    });
    try {
      const m = await registerMember(secure.app, smtp, codeIn);
      expect(m.cookie.startsWith("__Host-bobine_session=")).toBe(true);
      const res = await secure.app.inject({
        method: "POST",
        url: "/api/auth/login",
        payload: { identifier: m.username, password: m.password },
        remoteAddress: nextIp(),
      });
      expect(String(res.headers["set-cookie"])).toMatch(/Secure/);
    } finally {
      await secure.close();
    }
  });
});

describe("password reset", () => {
  it("mails a single-use link, revokes every session on reset, and the new password works", async () => {
    const m = await registerMember(t.app, smtp, codeIn);
    const other = sessionCookie(
      await post("/api/auth/login", { identifier: m.username, password: m.password }),
    );
    const before = smtp.countTo(m.email);
    const forgot = await post("/api/auth/password/forgot", { email: m.email });
    expect(forgot.statusCode).toBe(200);
    expect(forgot.headers["referrer-policy"]).toBe("no-referrer");
    const token = resetTokenIn(await smtp.lastTo(m.email, before));
    expect(token.length).toBeGreaterThan(20);

    const newPassword = "Nouvelle-pellicule-2026";
    const reset = await post("/api/auth/password/reset", {
      token,
      password: newPassword,
      confirmPassword: newPassword,
    });
    expect(reset.statusCode).toBe(200);
    expect(await sessionOf(m.cookie)).toBeNull();
    expect(await sessionOf(other)).toBeNull();
    expect((await post("/api/auth/login", { identifier: m.username, password: m.password })).statusCode).toBe(
      401,
    );
    expect(
      (await post("/api/auth/login", { identifier: m.username, password: newPassword })).statusCode,
    ).toBe(200);

    const reuse = await post("/api/auth/password/reset", {
      token,
      password: "Encore-une-autre-9",
      confirmPassword: "Encore-une-autre-9",
    });
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json().message).toBe(authMessages.resetInvalid);
  });

  it("gives exactly one success when the same link is submitted twice at once", async () => {
    const m = await registerMember(t.app, smtp, codeIn);
    const before = smtp.countTo(m.email);
    await post("/api/auth/password/forgot", { email: m.email });
    const token = resetTokenIn(await smtp.lastTo(m.email, before));
    const results = await Promise.all(
      ["Premier-essai-2026", "Second-essai-2026"].map((p) =>
        post("/api/auth/password/reset", { token, password: p, confirmPassword: p }),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400]);
  });

  it("refuses an expired link", async () => {
    const m = await registerMember(t.app, smtp, codeIn);
    const before = smtp.countTo(m.email);
    await post("/api/auth/password/forgot", { email: m.email });
    const token = resetTokenIn(await smtp.lastTo(m.email, before));
    await t.database.db.execute(sql`update verifications set expires_at = now() - interval '1 second'`);
    const res = await post("/api/auth/password/reset", {
      token,
      password: "Trop-tard-2026!",
      confirmPassword: "Trop-tard-2026!",
    });
    expect(res.json().message).toBe(authMessages.resetInvalid);
  });

  it("answers a known and an unknown address the same way, and mails only the known one", async () => {
    const m = await registerMember(t.app, smtp, codeIn);
    const before = smtp.countTo(m.email);
    const known = await post("/api/auth/password/forgot", { email: m.email });
    const unknown = await post("/api/auth/password/forgot", { email: "inconnu.total@orange.fr" });
    expect(known.statusCode).toBe(unknown.statusCode);
    expect({ ...known.json(), requestId: 0 }).toEqual({ ...unknown.json(), requestId: 0 });
    await smtp.lastTo(m.email, before);
    expect(smtp.countTo("inconnu.total@orange.fr")).toBe(0);
  });

  it("refuses a forged reset token before doing any costly work, and limits submissions per IP", async () => {
    const forged = await post("/api/auth/password/reset", {
      token: "x".repeat(43),
      password: "Nouvelle-pellicule-2026",
      confirmPassword: "Nouvelle-pellicule-2026",
    });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().message).toBe(authMessages.resetInvalid);
    await t.database.db.execute(
      sql`insert into rate_limits (bucket, window_start, hits) values ('reset-submit-ip:192.0.2.60', now(), 20)`,
    );
    const limited = await post(
      "/api/auth/password/reset",
      {
        token: "y".repeat(43),
        password: "Nouvelle-pellicule-2026",
        confirmPassword: "Nouvelle-pellicule-2026",
      },
      {},
      "192.0.2.60",
    );
    expect(limited.statusCode).toBe(429);
  });

  for (const [route, bucket, payload] of [
    ["/api/auth/email-code", "code-ip", { email: "limite@orange.fr" }],
    ["/api/auth/verify-email-code", "verify-ip", { email: "limite@orange.fr", code: "123456" }],
    ["/api/auth/password/forgot", "reset-ip", { email: "limite@orange.fr" }],
  ] as const) {
    it(`answers 429 on ${route} once its per-IP budget is spent, saying when it frees`, async () => {
      const ip = `192.0.2.${70 + route.length}`;
      // A 10-minute window opened 4 minutes ago.
      await t.database.db.execute(
        sql`insert into rate_limits (bucket, window_start, hits) values (${`${bucket}:${ip}`}, now() - interval '4 minutes', 1000)`,
      );
      const res = await post(route, payload, {}, ip);
      expect(res.statusCode).toBe(429);
      expect(res.json().message).toBe(errorCatalogue.RATE_LIMITED.message);
      const retryAfter = Number(res.headers["retry-after"]);
      expect(retryAfter).toBeGreaterThan(340);
      expect(retryAfter).toBeLessThanOrEqual(360);
    });
  }

  it("serves the reset page with Referrer-Policy: no-referrer so the token never leaks", async () => {
    const res = await t.app.inject({ method: "GET", url: "/reset-password?token=abc" });
    expect(res.headers["referrer-policy"]).toBe("no-referrer");
  });

  it("validates the forgot form's e-mail with the spec's messages", async () => {
    const empty = await post("/api/auth/password/forgot", { email: "" });
    expect(empty.json().fields.email).toBe(authMessages.forgotEmailRequired);
    const bad = await post("/api/auth/password/forgot", { email: "pas-un-mail" });
    expect(bad.json().fields.email).toBe(authMessages.forgotEmailInvalid);
  });
});
