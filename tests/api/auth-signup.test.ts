import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { authMessages } from "#contract/auth";
import { signupRequests } from "#db/schema/auth";
import { errorCatalogue } from "#server/shared/errors";
import { scaled } from "#tests/support/time-scale";
import { browser, newSignup, registerMember, sessionCookie } from "../factories/accounts.ts";
import { createTestApp, type TestApp } from "../harness.ts";
import { codeIn, startSmtp } from "../smtp.ts";

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
beforeAll(async () => {
  smtp = await startSmtp();
  t = await createTestApp({ env: { SMTP_URL: smtp.url } });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

// Each test is one browser (its own address and cookies) unless it makes another.
let b: ReturnType<typeof browser>;
beforeEach(() => {
  b = browser(t.app);
});
const post = (url: string, payload: object) => b.post(url, payload);

describe("sign-up with an e-mail code", () => {
  it("creates the account only once the code read from the real SMTP server is verified, and signs the member in", async () => {
    const signup = newSignup({ username: "Zoé-Lumière" });
    expect((await post("/api/auth/register", signup)).statusCode).toBe(200);
    // Not an account yet: it cannot sign in.
    const early = await post("/api/auth/login", { identifier: signup.email, password: signup.password });
    expect(early.statusCode).toBe(401);

    expect((await post("/api/auth/email-code", { email: signup.email })).statusCode).toBe(200);
    const mail = await smtp.lastTo(signup.email);
    const code = codeIn(mail);
    expect(code).toMatch(/^\d{6}$/);
    const verify = await post("/api/auth/verify-email-code", { email: signup.email, code });
    expect(verify.statusCode).toBe(200);
    expect(verify.json().user).toMatchObject({
      username: "Zoé-Lumière",
      email: signup.email,
      role: "membre",
    });

    const setCookie = String(verify.headers["set-cookie"]);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    expect(verify.body).not.toContain(sessionCookie(verify).split("=")[1]);
    const session = await t.app.inject({
      method: "GET",
      url: "/api/auth/session",
      headers: { cookie: sessionCookie(verify) },
    });
    expect(session.json().user.username).toBe("Zoé-Lumière");
    // The code is stored hashed, never in clear.
    const stored = await t.database.db.execute(
      sql`select count(*)::int as n from signup_requests where code_hash like ${`%${code}%`}`,
    );
    expect((stored as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(0);
  });

  it("refuses a code used twice", async () => {
    const signup = newSignup();
    await post("/api/auth/register", signup);
    await post("/api/auth/email-code", { email: signup.email });
    const code = codeIn(await smtp.lastTo(signup.email));
    expect((await post("/api/auth/verify-email-code", { email: signup.email, code })).statusCode).toBe(200);
    const again = await post("/api/auth/verify-email-code", { email: signup.email, code });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(authMessages.codeInvalid);
  });

  it("voids the code after three wrong tries: the fourth, even right, is refused", async () => {
    const signup = newSignup();
    await post("/api/auth/register", signup);
    await post("/api/auth/email-code", { email: signup.email });
    const code = codeIn(await smtp.lastTo(signup.email));
    const wrong = code === "000000" ? "111111" : "000000";
    for (let i = 0; i < 3; i++) {
      const res = await post("/api/auth/verify-email-code", { email: signup.email, code: wrong });
      expect(res.json().message).toBe(authMessages.codeInvalid);
    }
    const right = await post("/api/auth/verify-email-code", { email: signup.email, code });
    expect(right.statusCode).toBe(400);
    expect(right.json().message).toBe(authMessages.codeInvalid);
  });

  it("refuses a code older than ten minutes", async () => {
    const signup = newSignup();
    await post("/api/auth/register", signup);
    await post("/api/auth/email-code", { email: signup.email });
    const code = codeIn(await smtp.lastTo(signup.email));
    await t.database.db
      .update(signupRequests)
      .set({ codeExpiresAt: sql`now() - interval '1 second'` })
      .where(eq(signupRequests.email, signup.email));
    const res = await post("/api/auth/verify-email-code", { email: signup.email, code });
    expect(res.json().message).toBe(authMessages.codeInvalid);
  });

  it("does not let another browser take over a sign-up being verified: the account keeps the first password", async () => {
    const victim = newSignup();
    await post("/api/auth/register", victim);
    await post("/api/auth/email-code", { email: victim.email });
    const code = codeIn(await smtp.lastTo(victim.email));

    const attacker = browser(t.app);
    const takeover = await attacker.post("/api/auth/register", {
      ...victim,
      username: `${victim.username}-pirate`,
      password: "Mot-de-passe-du-pirate-1",
      confirmPassword: "Mot-de-passe-du-pirate-1",
    });
    expect(takeover.statusCode).toBe(200);
    // Without the first browser's cookie, no code can be verified nor re-sent.
    expect(
      (await attacker.post("/api/auth/verify-email-code", { email: victim.email, code })).statusCode,
    ).toBe(400);

    expect((await post("/api/auth/verify-email-code", { email: victim.email, code })).statusCode).toBe(200);
    expect(
      (await browser(t.app).post("/api/auth/login", { identifier: victim.email, password: victim.password }))
        .statusCode,
    ).toBe(200);
    expect(
      (
        await browser(t.app).post("/api/auth/login", {
          identifier: victim.email,
          password: "Mot-de-passe-du-pirate-1",
        })
      ).statusCode,
    ).toBe(401);
  });

  it("binds the sign-up to an httpOnly cookie of the browser that made it", async () => {
    const res = await post("/api/auth/register", newSignup());
    expect(String(res.headers["set-cookie"])).toMatch(/bobine_signup=[A-Za-z0-9_-]{43};.*HttpOnly/);
  });

  it("refuses a burst of sign-ups from one address with 429, whatever X-Forwarded-For says", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const res = await t.app.inject({
        method: "POST",
        url: "/api/auth/register",
        payload: newSignup(),
        remoteAddress: "203.0.113.77",
        headers: { "x-forwarded-for": `10.0.0.${i}` },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true);
    expect(statuses[10]).toBe(429);
  });

  it("sends at most one code a minute per address, with a French 429", async () => {
    const signup = newSignup();
    await post("/api/auth/register", signup);
    expect((await post("/api/auth/email-code", { email: signup.email })).statusCode).toBe(200);
    const second = await post("/api/auth/email-code", { email: signup.email });
    expect(second.statusCode).toBe(429);
    expect(second.json()).toMatchObject({
      code: "RATE_LIMITED",
      message: errorCatalogue.RATE_LIMITED.message,
    });
  });

  it("restarts the verification when the same address signs up again: the old code no longer works", async () => {
    const signup = newSignup();
    await post("/api/auth/register", signup);
    await post("/api/auth/email-code", { email: signup.email });
    const oldCode = codeIn(await smtp.lastTo(signup.email));
    expect(
      (await post("/api/auth/register", { ...signup, username: `${signup.username}-bis` })).statusCode,
    ).toBe(200);
    const res = await post("/api/auth/verify-email-code", { email: signup.email, code: oldCode });
    expect(res.json().message).toBe(authMessages.codeInvalid);
  });

  it("answers the same to an address that already has an account, and mails its owner instead of a code", async () => {
    const member = await registerMember(t.app, smtp, codeIn);
    const before = smtp.countTo(member.email);
    const again = await post("/api/auth/register", newSignup({ email: member.email }));
    expect(again.statusCode).toBe(200);
    // Wait out the per-address minute by clearing its counter (time is not what is tested here).
    await t.database.db.execute(sql`delete from rate_limits where bucket like 'code-addr:%'`);
    expect((await post("/api/auth/email-code", { email: member.email })).statusCode).toBe(200);
    const mail = await smtp.lastTo(member.email, before);
    expect(smtp.countTo(member.email)).toBe(before + 1);
    expect(mail.text).toContain("déjà un compte");
    expect(codeIn(mail)).toBe("");
  });

  it("refuses a username already taken, whatever its case", async () => {
    const member = await registerMember(t.app, smtp, codeIn);
    const res = await post("/api/auth/register", newSignup({ username: member.username.toUpperCase() }));
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.username).toBe(authMessages.usernameTaken);
  });

  it("purges sign-ups left unverified for 24 hours, freeing their username", async () => {
    const stale = newSignup();
    await post("/api/auth/register", stale);
    await t.database.db
      .update(signupRequests)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(eq(signupRequests.email, stale.email));
    await post("/api/auth/register", newSignup());
    const rows = await t.database.db
      .select()
      .from(signupRequests)
      .where(eq(signupRequests.email, stale.email));
    expect(rows).toEqual([]);
  });
});

describe("nobody can block an address's sign-up", () => {
  it("spends nothing on a code request that sends nothing: the owner still gets a code at once", async () => {
    const owner = newSignup();
    // Another browser, with no sign-up of the address, asks for codes again and again.
    const stranger = browser(t.app);
    for (let i = 0; i < 3; i++) {
      expect((await stranger.post("/api/auth/email-code", { email: owner.email })).statusCode).toBe(200);
    }
    expect(smtp.countTo(owner.email)).toBe(0);
    expect((await post("/api/auth/register", owner)).statusCode).toBe(200);
    expect((await post("/api/auth/email-code", { email: owner.email })).statusCode).toBe(200);
    const code = codeIn(await smtp.lastTo(owner.email));
    expect((await post("/api/auth/verify-email-code", { email: owner.email, code })).statusCode).toBe(200);
  });

  it(
    "never lets sign-ups of the address in other browsers stop its owner: the owner's code creates the owner's account",
    async () => {
      const owner = newSignup();
      const pirate = {
        ...owner,
        username: `${owner.username}-pirate`,
        password: "Mot-de-passe-du-pirate-1",
        confirmPassword: "Mot-de-passe-du-pirate-1",
      };
      // Sign-ups of the owner's address in six other browsers, each asking for its code.
      const others = Array.from({ length: 6 }, () => browser(t.app));
      for (const other of others) {
        expect((await other.post("/api/auth/register", pirate)).statusCode).toBe(200);
        expect((await other.post("/api/auth/email-code", { email: owner.email })).statusCode).toBe(200);
      }
      // Their six codes reached the owner's mailbox (and are no use to them).
      await smtp.lastTo(owner.email, 5);
      const before = smtp.countTo(owner.email);
      expect(before).toBe(6);
      // The owner's own sign-up is stored, not ignored, and its code request is answered.
      expect((await post("/api/auth/register", owner)).statusCode).toBe(200);
      expect((await post("/api/auth/email-code", { email: owner.email })).statusCode).toBe(200);
      const code = codeIn(await smtp.lastTo(owner.email, before));
      // The code is this browser's: typed in another one, it opens nothing.
      const elsewhere = await others[0]?.post("/api/auth/verify-email-code", { email: owner.email, code });
      expect(elsewhere?.statusCode).toBe(400);
      const verify = await post("/api/auth/verify-email-code", { email: owner.email, code });
      expect(verify.statusCode).toBe(200);
      expect(verify.json().user.username).toBe(owner.username);
      const login = (password: string) =>
        browser(t.app).post("/api/auth/login", { identifier: owner.email, password });
      expect((await login(owner.password)).statusCode).toBe(200);
      expect((await login(pirate.password)).statusCode).toBe(401);
      // The other browsers' sign-ups of the address went with the verification.
      const left = await t.database.db
        .select()
        .from(signupRequests)
        .where(eq(signupRequests.email, owner.email));
      expect(left).toEqual([]);
    },
    scaled(90_000),
  );
});

describe("the register rules of spec §5, sent straight to the API", () => {
  const cases: [string, Parameters<typeof newSignup>[0], string, string][] = [
    ["a temporary-mail domain", { email: "film.fan@yopmail.com" }, "email", authMessages.emailTemporary],
    ["a test domain", { email: "film.fan@example.com" }, "email", authMessages.emailTestDomain],
    ["localhost", { email: "film.fan@localhost" }, "email", authMessages.emailTestDomain],
    ["googlemail", { email: "film.fan@googlemail.com" }, "email", authMessages.emailGooglemail],
    ["a Gmail '+' alias", { email: "film+bobine@gmail.com" }, "email", authMessages.emailGmailAlias],
    ["too many Gmail dots", { email: "f.i.l.m.f@gmail.com" }, "email", authMessages.emailGmailSuspicious],
    ["a bad e-mail format", { email: "pas-un-email" }, "email", authMessages.emailInvalid],
    [
      "a short password",
      { password: "court", confirmPassword: "court" },
      "password",
      authMessages.passwordTooShort(8),
    ],
    [
      "a common password",
      { password: "azerty123", confirmPassword: "azerty123" },
      "password",
      authMessages.passwordTooCommon,
    ],
    [
      "mismatched passwords",
      { confirmPassword: "autre-chose-123" },
      "confirmPassword",
      authMessages.passwordsDontMatch,
    ],
    ["an empty username", { username: "" }, "username", authMessages.allFieldsRequired],
  ];
  for (const [what, over, field, message] of cases) {
    it(`refuses ${what} with '${message}'`, async () => {
      const res = await post("/api/auth/register", newSignup(over));
      expect(res.statusCode).toBe(400);
      expect(res.json().fields[field]).toBe(message);
    });
  }

  it("counts password length in characters: 100 emoji (200 UTF-16 units) are accepted, 129 characters are not", async () => {
    const emoji = "🎬".repeat(100);
    expect(
      (await post("/api/auth/register", newSignup({ password: emoji, confirmPassword: emoji }))).statusCode,
    ).toBe(200);
    const tooLong = "🎬".repeat(129);
    const refused = await post(
      "/api/auth/register",
      newSignup({ password: tooLong, confirmPassword: tooLong }),
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields.password).toBe(authMessages.passwordTooLong);
  });

  it("refuses a password over 128 characters and accepts 64 characters with emoji, untruncated", async () => {
    const long = "é".repeat(129);
    const res = await post("/api/auth/register", newSignup({ password: long, confirmPassword: long }));
    expect(res.statusCode).toBe(400);
    const emoji = `🎬🍿${"Cinéma-".repeat(8)}`.padEnd(64, "x");
    const member = await registerMember(t.app, smtp, codeIn, { password: emoji, confirmPassword: emoji });
    const login = await post("/api/auth/login", { identifier: member.username, password: emoji });
    expect(login.statusCode).toBe(200);
    const truncated = await post("/api/auth/login", {
      identifier: member.username,
      password: emoji.slice(0, 60),
    });
    expect(truncated.statusCode).toBe(401);
  });

  it("refuses a sign-up that tries to set its role, id or verified flag", async () => {
    for (const extra of [
      { role: "admin" },
      { id: "00000000-0000-0000-0000-000000000000" },
      { emailVerified: true },
    ]) {
      const res = await post("/api/auth/register", { ...newSignup(), ...extra });
      expect(res.statusCode).toBe(400);
    }
  });

  it("refuses an address with CR/LF or several recipients with 400", async () => {
    for (const email of ["a@orange.fr\r\nBcc: b@orange.fr", "a@orange.fr,b@orange.fr"]) {
      expect((await post("/api/auth/email-code", { email })).statusCode).toBe(400);
    }
  });

  it("refuses a verification code that is not six digits", async () => {
    const res = await post("/api/auth/verify-email-code", { email: "x@orange.fr", code: "12a456" });
    expect(res.json().fields.code).toBe(authMessages.codeFormat);
  });
});
