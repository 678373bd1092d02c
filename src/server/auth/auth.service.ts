import { and, eq, gt, isNull, sql } from "drizzle-orm";
import { authMessages } from "#contract/auth";
import type { Db } from "#db/client";
import { userSettings } from "#db/schema/activity";
import { accounts, profiles, signupRequests, users, verifications } from "#db/schema/auth";
import { billingSettings, subscribers } from "#db/schema/billing";
import type { Config } from "../config.ts";
import { AppError } from "../errors.ts";
import type { Mailer } from "../mail/mailer.ts";
import { alreadyRegisteredMail, passwordResetMail, verificationCodeMail } from "../mail/templates.ts";
import { hashPassword, verifyPassword } from "./password.ts";
import { emailViolation, normaliseEmail, passwordViolation } from "./policies.ts";
import { clientKey, consume, current, hit } from "./rate-limit.ts";
import { revokeAllSessions } from "./session.ts";
import { codeMatches, hashCode, newCode, randomToken, sha256 } from "./tokens.ts";

/** Security baseline (ARCHITECTURE): codes 10 min, 3 wrong tries, one send per 60 s; reset links 1 h. */
export const CODE_TTL_MS = 10 * 60 * 1000;
export const CODE_MAX_ATTEMPTS = 3;
export const CODE_RESEND_SECONDS = 60;
export const RESET_TTL_MS = 3600 * 1000;
export const SIGNUP_TTL_HOURS = 24;

const MINUTE = 60;
const HOUR = 3600;
export const limits = {
  loginIp: (ip: string) => ({ bucket: `login-ip:${clientKey(ip)}`, max: 30, windowSeconds: 5 * MINUTE }),
  /**
   * Failures only, ≤ 100 an hour per account (SECURITY-CHECKLIST 3), no permanent lock-out. Keyed on
   * the identifier as typed (normalised) and counted for unknown identifiers too, so the 429 does
   * not tell which accounts exist.
   */
  loginFailures: (identifier: string) => ({
    bucket: `login-fail:${identifier.trim().toLowerCase()}`,
    max: 100,
    windowSeconds: HOUR,
  }),
  signupIp: (ip: string) => ({ bucket: `signup-ip:${clientKey(ip)}`, max: 10, windowSeconds: HOUR }),
  signupAddress: (email: string) => ({ bucket: `signup-addr:${email}`, max: 5, windowSeconds: HOUR }),
  codeAddress: (email: string) => ({
    bucket: `code-addr:${email}`,
    max: 1,
    windowSeconds: CODE_RESEND_SECONDS,
  }),
  codeIp: (ip: string) => ({ bucket: `code-ip:${clientKey(ip)}`, max: 10, windowSeconds: 10 * MINUTE }),
  verifyIp: (ip: string) => ({ bucket: `verify-ip:${clientKey(ip)}`, max: 30, windowSeconds: 10 * MINUTE }),
  resetAddress: (email: string) => ({
    bucket: `reset-addr:${email}`,
    max: 1,
    windowSeconds: CODE_RESEND_SECONDS,
  }),
  resetIp: (ip: string) => ({ bucket: `reset-ip:${clientKey(ip)}`, max: 10, windowSeconds: 10 * MINUTE }),
  resetSubmitIp: (ip: string) => ({
    bucket: `reset-submit-ip:${clientKey(ip)}`,
    max: 20,
    windowSeconds: 10 * MINUTE,
  }),
};

/** A scrypt hash of nothing in particular, so an unknown account costs the same time as a known one. */
let dummyHash: Promise<string> | undefined;

export interface AuthDeps {
  db: Db;
  config: Config;
  mailer: Mailer;
}

function validationError(field: string, message: string): AppError {
  return new AppError("VALIDATION_ERROR", message, { [field]: message });
}

/** Unwraps Drizzle's error to the driver's SQLSTATE. */
function sqlState(err: unknown): string | undefined {
  const e = err as { code?: string; cause?: { code?: string } };
  return e.cause?.code ?? e.code;
}

async function usernameTaken(db: Db, username: string) {
  const rows = await db
    .select({ id: profiles.id })
    .from(profiles)
    .where(sql`lower(${profiles.username}) = lower(${username})`)
    .limit(1);
  return rows.length > 0;
}

async function userIdByEmail(db: Db, email: string) {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${email}`)
    .limit(1);
  return rows[0]?.id;
}

/**
 * spec §4 Registration, step 1. Stores (or replaces) the sign-up request; nothing says whether the
 * address already has an account (same answer either way, SECURITY-CHECKLIST 5).
 */
export async function register(
  { db, config }: AuthDeps,
  input: { username: string; email: string; password: string },
  ip: string,
  browserToken: string,
) {
  const email = normaliseEmail(input.email);
  const emailProblem = emailViolation(email);
  if (emailProblem) throw validationError("email", emailProblem);
  const passwordProblem = passwordViolation(input.password, config.passwordMinLength);
  if (passwordProblem) throw validationError("password", passwordProblem);
  await consume(db, limits.signupIp(ip));
  await consume(db, limits.signupAddress(email));
  if (await usernameTaken(db, input.username)) throw validationError("username", authMessages.usernameTaken);
  // Hash first, whatever the address: a known one must not answer faster (SECURITY-CHECKLIST 5).
  const passwordHash = await hashPassword(input.password);
  // An address that already has an account stores nothing: the code step mails its owner instead.
  if (await userIdByEmail(db, email)) return;
  const browserHash = sha256(browserToken);
  // A sign-up being verified in another browser (live code) is not taken over: that browser's
  // member would otherwise verify an account carrying someone else's password. Same answer.
  const [existing] = await db
    .select({ browserHash: signupRequests.browserHash, codeExpiresAt: signupRequests.codeExpiresAt })
    .from(signupRequests)
    .where(eq(signupRequests.email, email));
  if (
    existing &&
    existing.browserHash !== browserHash &&
    (existing.codeExpiresAt?.getTime() ?? 0) > Date.now()
  ) {
    return;
  }

  await db
    .delete(signupRequests)
    .where(sql`${signupRequests.createdAt} < now() - make_interval(hours => ${SIGNUP_TTL_HOURS})`);
  await db
    .insert(signupRequests)
    .values({ email, username: input.username, passwordHash, browserHash })
    .onConflictDoUpdate({
      target: signupRequests.email,
      set: {
        username: input.username,
        passwordHash,
        browserHash,
        codeHash: null,
        codeSentAt: null,
        codeExpiresAt: null,
        attempts: 0,
        createdAt: sql`now()`,
      },
    });
}

/**
 * spec §7 send-email {type verification}. Always answers the same; one send per 60 s per address
 * (whatever the address) and a per-IP budget.
 */
export async function sendEmailCode(
  { db, config, mailer }: AuthDeps,
  rawEmail: string,
  ip: string,
  browserToken: string | undefined,
) {
  const email = normaliseEmail(rawEmail);
  await consume(db, limits.codeIp(ip));
  await consume(db, limits.codeAddress(email));
  const [pending] = await db
    .select({ id: signupRequests.id })
    .from(signupRequests)
    .where(
      and(
        eq(signupRequests.email, email),
        // Only the browser that signed up gets (and resets) its code.
        eq(signupRequests.browserHash, sha256(browserToken ?? "")),
        sql`${signupRequests.createdAt} > now() - make_interval(hours => ${SIGNUP_TTL_HOURS})`,
      ),
    );
  if (pending) {
    const code = newCode();
    await db
      .update(signupRequests)
      .set({
        codeHash: hashCode(code),
        codeSentAt: new Date(),
        codeExpiresAt: new Date(Date.now() + CODE_TTL_MS),
        attempts: 0,
      })
      .where(eq(signupRequests.id, pending.id));
    mailer.sendLater(verificationCodeMail(config, email, code));
  } else if (await userIdByEmail(db, email)) {
    mailer.sendLater(alreadyRegisteredMail(config, email));
  }
}

/**
 * spec §7 verify-email-code: a right code creates the account (users, credentials, profile,
 * settings) in one transaction and returns its id; a wrong one counts a try, the third voids it.
 */
export async function verifyEmailCode(
  { db }: AuthDeps,
  rawEmail: string,
  code: string,
  ip: string,
  browserToken: string | undefined,
): Promise<string> {
  const email = normaliseEmail(rawEmail);
  await consume(db, limits.verifyIp(ip));
  // Only the browser that signed up may verify (its cookie); another one's tries count for nothing.
  const [pending] = await db
    .select()
    .from(signupRequests)
    .where(and(eq(signupRequests.email, email), eq(signupRequests.browserHash, sha256(browserToken ?? ""))));
  const usable =
    pending?.codeHash &&
    pending.codeExpiresAt &&
    pending.codeExpiresAt.getTime() > Date.now() &&
    pending.attempts < CODE_MAX_ATTEMPTS;
  if (!pending || !usable || !codeMatches(code, pending.codeHash as string)) {
    if (pending?.codeHash) {
      // Count the try atomically; the third wrong one voids the code.
      await db
        .update(signupRequests)
        .set({
          attempts: sql`${signupRequests.attempts} + 1`,
          codeHash: sql`case when ${signupRequests.attempts} + 1 >= ${CODE_MAX_ATTEMPTS} then null else ${signupRequests.codeHash} end`,
        })
        .where(eq(signupRequests.id, pending.id));
    }
    throw validationError("code", authMessages.codeInvalid);
  }
  try {
    return await db.transaction(async (tx) => {
      // Consume the request first: a concurrent verification of the same code finds nothing.
      const consumed = await tx
        .delete(signupRequests)
        .where(
          and(eq(signupRequests.id, pending.id), eq(signupRequests.codeHash, pending.codeHash as string)),
        )
        .returning({ id: signupRequests.id });
      if (consumed.length === 0) throw validationError("code", authMessages.codeInvalid);
      const [user] = await tx
        .insert(users)
        .values({ email, emailVerified: true })
        .returning({ id: users.id });
      if (!user) throw new AppError("INTERNAL_ERROR");
      await tx.insert(accounts).values({
        userId: user.id,
        providerId: "credential",
        accountId: user.id,
        password: pending.passwordHash,
      });
      await tx.insert(profiles).values({ id: user.id, username: pending.username, role: "membre" });
      await tx.insert(userSettings).values({ userId: user.id });
      await tx.insert(billingSettings).values({ userId: user.id });
      return user.id;
    });
  } catch (err) {
    if (sqlState(err) === "23505") {
      const message = String((err as { cause?: { constraint?: string } }).cause?.constraint ?? "");
      if (message.includes("username")) throw validationError("username", authMessages.usernameTaken);
      throw validationError("code", authMessages.codeInvalid);
    }
    throw err;
  }
}

/**
 * spec §2 Login: username or e-mail. Per-IP budget, and per-account failures (≤ 100 an hour).
 * Unknown accounts cost one scrypt too, so timing does not tell them apart.
 */
export async function login(
  { db }: AuthDeps,
  identifier: string,
  password: string,
  ip: string,
): Promise<string> {
  await consume(db, limits.loginIp(ip));
  const id = identifier.trim();
  const failures = limits.loginFailures(id);
  if ((await current(db, failures)) >= failures.max) throw new AppError("RATE_LIMITED");
  const [row] = await db
    .select({ userId: users.id, hash: accounts.password })
    .from(users)
    .innerJoin(accounts, and(eq(accounts.userId, users.id), eq(accounts.providerId, "credential")))
    .leftJoin(profiles, eq(profiles.id, users.id))
    .where(
      id.includes("@")
        ? sql`lower(${users.email}) = ${id.toLowerCase()}`
        : sql`lower(${profiles.username}) = lower(${id})`,
    )
    .limit(1);
  if (!row?.hash) {
    dummyHash ??= hashPassword("bobine-timing-equaliser");
    await verifyPassword(password, await dummyHash);
    await hit(db, failures);
    throw new AppError("UNAUTHENTICATED", authMessages.loginInvalid);
  }
  if (!(await verifyPassword(password, row.hash))) {
    await hit(db, failures);
    throw new AppError("UNAUTHENTICATED", authMessages.loginInvalid);
  }
  return row.userId;
}

/**
 * spec §4 Session: a signed-in member without a profile gets one (username from the e-mail's local
 * part, else 'utilisateur', made unique), and a subscriber row found by e-mail is linked.
 */
export async function afterSignIn(db: Db, userId: string) {
  const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  if (!user) return;
  const [profile] = await db.select({ id: profiles.id }).from(profiles).where(eq(profiles.id, userId));
  if (!profile) {
    const base =
      (user.email.split("@")[0] ?? "").replace(/[^\p{L}\p{N}._-]/gu, "").slice(0, 24) || "utilisateur";
    for (let n = 0; n < 20; n++) {
      const username = n === 0 ? base : `${base}-${n + 1}`;
      const inserted = await db
        .insert(profiles)
        .values({ id: userId, username, role: "membre" })
        .onConflictDoNothing()
        .returning({ id: profiles.id });
      if (inserted.length > 0) break;
    }
  }
  await db
    .update(subscribers)
    .set({ userId, updatedAt: new Date() })
    .where(and(isNull(subscribers.userId), sql`lower(${subscribers.email}) = lower(${user.email})`));
}

/** spec §4 Forgot password: the same answer whether or not the address exists. */
export async function forgotPassword({ db, config, mailer }: AuthDeps, rawEmail: string, ip: string) {
  const email = normaliseEmail(rawEmail);
  await consume(db, limits.resetIp(ip));
  // A second request within the minute is silently absorbed, so the answer stays the same.
  if ((await hit(db, limits.resetAddress(email))) > 1) return;
  const userId = await userIdByEmail(db, email);
  if (!userId) return;
  const token = randomToken();
  await db.insert(verifications).values({
    purpose: "password_reset",
    identifier: userId,
    valueHash: sha256(token),
    expiresAt: new Date(Date.now() + RESET_TTL_MS),
  });
  mailer.sendLater(passwordResetMail(config, email, token));
}

/** The reset link of this token, if it is unused and unexpired. */
const liveResetLink = (token: string) =>
  and(
    eq(verifications.purpose, "password_reset"),
    eq(verifications.valueHash, sha256(token)),
    isNull(verifications.consumedAt),
    gt(verifications.expiresAt, new Date()),
  );

/**
 * Reset from the mailed link: single use (the link is consumed atomically, so two submissions at
 * once give exactly one success), then every session of the member ends.
 */
export async function resetPassword({ db, config }: AuthDeps, token: string, password: string, ip: string) {
  await consume(db, limits.resetSubmitIp(ip));
  // Look the link up before the costly hash, so forged tokens cost the server nothing.
  const [live] = await db.select({ id: verifications.id }).from(verifications).where(liveResetLink(token));
  if (!live) throw validationError("token", authMessages.resetInvalid);
  const problem = passwordViolation(password, config.passwordMinLength);
  if (problem) throw validationError("password", problem);
  const hash = await hashPassword(password);
  await db.transaction(async (tx) => {
    const [link] = await tx
      .update(verifications)
      .set({ consumedAt: new Date() })
      .where(liveResetLink(token))
      .returning({ userId: verifications.identifier });
    if (!link) throw validationError("token", authMessages.resetInvalid);
    await tx
      .update(accounts)
      .set({ password: hash, updatedAt: new Date() })
      .where(and(eq(accounts.userId, link.userId), eq(accounts.providerId, "credential")));
    // Other reset links of this member die with this one.
    await tx
      .update(verifications)
      .set({ consumedAt: new Date() })
      .where(
        and(
          eq(verifications.purpose, "password_reset"),
          eq(verifications.identifier, link.userId),
          isNull(verifications.consumedAt),
        ),
      );
    await revokeAllSessions(tx as unknown as Db, link.userId);
  });
}
