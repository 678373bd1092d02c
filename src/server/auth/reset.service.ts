import { authMessages } from "#contract/auth";
import type { AppContext } from "../shared/context.ts";
import { AppError, fieldError } from "../shared/errors.ts";
import { hashPassword } from "../shared/password.ts";
import { consume, hit, limits } from "../shared/rate-limits.ts";
import { randomToken, sha256 } from "../shared/tokens.ts";
import { passwordResetMail } from "./auth.mails.ts";
import { consumeResetLink, insertResetLink, resetLinkIsLive, userIdByEmail } from "./auth.queries.ts";
import { normaliseEmail, passwordViolation } from "./policies.ts";

/** Security baseline (ARCHITECTURE): reset links are single use and live one hour. */
export const RESET_TTL_MS = 3600 * 1000;

type Deps = Pick<AppContext, "db" | "config" | "mailer">;

/**
/**
 * spec §4 Forgot password: the same answer, after the same work, whether or not the address exists
 * (SECURITY-CHECKLIST 5). A mail that cannot leave (outbox full or not writable) is said before
 * anything is decided, for every address alike: a 503 that reveals nothing about accounts, instead
 * of a 200 that promises a mail never written (decision 014). Only the budgets are spent before
 * answering; what depends on the address (looking it up, writing the link, mailing it) is returned
 * for the caller to run once the answer has left, or null when there is nothing to do.
 */
export async function forgotPassword(
  { db, config, mailer }: Deps,
  rawEmail: string,
  ip: string,
): Promise<(() => Promise<void>) | null> {
  const email = normaliseEmail(rawEmail);
  if (!(await mailer.ready())) throw new AppError("SERVICE_UNAVAILABLE", authMessages.mailUnavailable);
  await consume(db, limits.resetIp(ip));
  // A second request within the minute is silently absorbed, so the answer stays the same.
  if ((await hit(db, limits.resetAddress(email))) > 1) return null;
  return async () => {
    const userId = await userIdByEmail(db, email);
    if (!userId) return;
    const token = randomToken();
    await insertResetLink(db, userId, sha256(token), new Date(Date.now() + RESET_TTL_MS));
    mailer.sendLater(passwordResetMail(config, email, token));
  };
}

/**
 * Reset from the mailed link: single use (the link is consumed atomically, so two submissions at
 * once give exactly one success), then every session of the member ends.
 */
export async function resetPassword({ db, config }: Deps, token: string, password: string, ip: string) {
  await consume(db, limits.resetSubmitIp(ip));
  // Look the link up before the costly hash, so forged tokens cost the server nothing.
  if (!(await resetLinkIsLive(db, sha256(token)))) throw fieldError("token", authMessages.resetInvalid);
  const problem = passwordViolation(password, config.passwordMinLength);
  if (problem) throw fieldError("password", problem);
  const hash = await hashPassword(password);
  if (!(await consumeResetLink(db, sha256(token), hash)))
    throw fieldError("token", authMessages.resetInvalid);
}
