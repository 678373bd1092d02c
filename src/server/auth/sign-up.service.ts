import { authMessages } from "#contract/auth";
import { usernameClash } from "../shared/accounts.queries.ts";
import type { AppContext } from "../shared/context.ts";
import { isUniqueViolation, violatedConstraint } from "../shared/db-errors.ts";
import { AppError, fieldError } from "../shared/errors.ts";
import { hashPassword } from "../shared/password.ts";
import { consume, hit, limits } from "../shared/rate-limits.ts";
import { sha256 } from "../shared/tokens.ts";
import { alreadyRegisteredMail, verificationCodeMail } from "./auth.mails.ts";
import {
  accountFromSignup,
  countWrongCode,
  liveSignupOfBrowser,
  purgeExpiredSignups,
  saveSignup,
  setSignupCode,
  signupOfBrowser,
  userIdByEmail,
} from "./auth.queries.ts";
import { codeMatches, hashCode, newCode } from "./codes.ts";
import { emailViolation, normaliseEmail, passwordViolation } from "./policies.ts";

/**
 * Sign-up in two steps (spec §4 Registration; docs/decisions/004-accounts-without-better-auth.md):
 * the request waits in `signup_requests`, one per address and browser, until the six-digit code
 * mailed to the address for that browser is verified in it; only then does the account exist, with
 * that browser's password. The code proves the address: whoever can read the mailbox wins, and a
 * sign-up of the address in another browser never stops its owner from getting and using a code.
 */

/** Security baseline (ARCHITECTURE): codes live 10 minutes, the third wrong try voids one. */
export const CODE_TTL_MS = 10 * 60 * 1000;
export const CODE_MAX_ATTEMPTS = 3;
/** An unverified sign-up is forgotten after a day. */
export const SIGNUP_TTL_HOURS = 24;

type Deps = Pick<AppContext, "db" | "config" | "mailer">;

/**
 * spec §4 Registration, step 1. Stores (or replaces) this browser's sign-up of the address, never
 * another browser's; nothing says whether the address already has an account (same work and same
 * answer either way, SECURITY-CHECKLIST 5: the code step then mails its owner instead of a code).
 */
export async function register(
  { db, config }: Deps,
  input: { username: string; email: string; password: string },
  ip: string,
  browserToken: string,
) {
  const email = normaliseEmail(input.email);
  const emailProblem = emailViolation(email);
  if (emailProblem) throw fieldError("email", emailProblem);
  const passwordProblem = passwordViolation(input.password, config.passwordMinLength);
  if (passwordProblem) throw fieldError("password", passwordProblem);
  const browserHash = sha256(browserToken);
  await consume(db, limits.signupIp(ip));
  await consume(db, limits.signupBrowser(`${email}:${browserHash}`));
  const clash = await usernameClash(db, input.username);
  if (clash) {
    throw fieldError(
      "username",
      clash === "taken" ? authMessages.usernameTaken : authMessages.usernameLookAlike,
    );
  }
  const passwordHash = await hashPassword(input.password);
  await purgeExpiredSignups(db, SIGNUP_TTL_HOURS);
  await saveSignup(db, { email, username: input.username, passwordHash, browserHash });
}

/**
 * spec §7 send-email {type verification}. Always answers the same. Only a browser with a sign-up
 * of the address pending gets a code for it, once a minute (and a per-IP budget); any other request
 * sends nothing and spends nothing, so nobody can hold an address's codes. When the address already
 * has an account, its owner is mailed so instead, once a minute whoever asks.
 */
export async function sendEmailCode(
  { db, config, mailer }: Deps,
  rawEmail: string,
  ip: string,
  browserToken: string | undefined,
) {
  const email = normaliseEmail(rawEmail);
  // As for forgot-password: a code that cannot leave is said, whoever asks (reset.service.ts).
  if (!(await mailer.ready())) throw new AppError("SERVICE_UNAVAILABLE", authMessages.mailUnavailable);
  await consume(db, limits.codeIp(ip));
  const browserHash = sha256(browserToken ?? "");
  const pending = await liveSignupOfBrowser(db, email, browserHash, SIGNUP_TTL_HOURS);
  if (!pending) return;
  await consume(db, limits.codeBrowser(`${email}:${browserHash}`));
  if (await userIdByEmail(db, email)) {
    if ((await hit(db, limits.codeAddress(email))) === 1)
      mailer.sendLater(alreadyRegisteredMail(config, email));
    return;
  }
  const code = newCode();
  await setSignupCode(db, pending.id, hashCode(code), new Date(Date.now() + CODE_TTL_MS));
  mailer.sendLater(verificationCodeMail(config, email, code));
}

/**
 * spec §7 verify-email-code: a right code creates the account (users, credentials, profile,
 * settings) in one transaction and returns its id; a wrong one counts a try, the third voids it.
 */
export async function verifyEmailCode(
  { db }: Deps,
  rawEmail: string,
  code: string,
  ip: string,
  browserToken: string | undefined,
): Promise<string> {
  const email = normaliseEmail(rawEmail);
  await consume(db, limits.verifyIp(ip));
  // Only the browser that signed up may verify (its cookie); another one's tries count for nothing.
  const pending = await signupOfBrowser(db, email, sha256(browserToken ?? ""));
  const usable =
    pending?.codeHash &&
    pending.codeExpiresAt &&
    pending.codeExpiresAt.getTime() > Date.now() &&
    pending.attempts < CODE_MAX_ATTEMPTS;
  if (!pending || !usable || !codeMatches(code, pending.codeHash as string)) {
    if (pending?.codeHash) await countWrongCode(db, pending.id, CODE_MAX_ATTEMPTS);
    throw fieldError("code", authMessages.codeInvalid);
  }
  let userId: string | null;
  try {
    userId = await accountFromSignup(db, {
      id: pending.id,
      codeHash: pending.codeHash as string,
      email,
      username: pending.username,
      passwordHash: pending.passwordHash,
    });
  } catch (err) {
    // Someone took the username (or the address) while this sign-up waited.
    if (isUniqueViolation(err)) {
      const constraint = violatedConstraint(err);
      if (constraint.includes("skeleton")) throw fieldError("username", authMessages.usernameLookAlike);
      if (constraint.includes("username")) throw fieldError("username", authMessages.usernameTaken);
      throw fieldError("code", authMessages.codeInvalid);
    }
    throw err;
  }
  if (!userId) throw fieldError("code", authMessages.codeInvalid);
  return userId;
}
