import { authMessages, DEFAULT_USERNAME } from "#contract/auth";
import type { Db } from "#db/client";
import { AppError } from "../shared/errors.ts";
import { hashPassword, verifyPassword } from "../shared/password.ts";
import { consume, limits, refusal, release, reserve } from "../shared/rate-limits.ts";
import { credentialsOf, emailOf, hasProfile, insertProfileIfFree, linkSubscriber } from "./auth.queries.ts";
import { deviceKey, trustedDevice, withDevice } from "./device-cookie.ts";

/** A scrypt hash of nothing in particular, so an unknown account costs the same time as a known one. */
let dummyHash: Promise<string> | undefined;

/**
 * The failure budget this attempt is counted on, counted before the password is hashed (so that
 * concurrent attempts cannot pass the limit, SECURITY-CHECKLIST 3): the browser's own when it holds
 * the account's device cookie and has room left, else the account's (the typed identifier's when it
 * names no account). RATE_LIMITED when full.
 */
async function reserveAttempt(db: Db, identifier: string, userId: string | undefined, device?: string) {
  if (device) {
    const own = limits.loginDeviceFailures(device);
    if (await reserve(db, own)) return own;
  }
  const shared = userId ? limits.loginAccountFailures(userId) : limits.loginFailures(identifier);
  if (!(await reserve(db, shared))) throw await refusal(db, shared);
  return shared;
}

/**
 * spec §2 Login: username or e-mail. Per-IP budget, and per-account failures (≤ 100 an hour),
 * whatever identifier was typed; a browser that signed in to the account before (its device cookie)
 * has its own budget. Unknown accounts cost one scrypt too, so timing does not tell them apart.
 */
export async function login(
  db: Db,
  identifier: string,
  password: string,
  ip: string,
  deviceCookie: string | undefined,
): Promise<string> {
  await consume(db, limits.loginIp(ip));
  const id = identifier.trim();
  const [row, key] = await Promise.all([credentialsOf(db, id), deviceKey(db)]);
  const device = row ? trustedDevice(key, deviceCookie, row.userId) : undefined;
  const attempt = await reserveAttempt(db, id, row?.userId, device);
  if (!row?.hash) {
    dummyHash ??= hashPassword("bobine-timing-equaliser");
    await verifyPassword(password, await dummyHash);
    throw new AppError("UNAUTHENTICATED", authMessages.loginInvalid);
  }
  if (!(await verifyPassword(password, row.hash))) {
    throw new AppError("UNAUTHENTICATED", authMessages.loginInvalid);
  }
  // The attempt was counted as a failure before the hash: a right password gives it back.
  await release(db, attempt);
  return row.userId;
}

/** The device cookie after a sign-in to this account (a new nonce for it, see device-cookie.ts). */
export const rememberDevice = async (db: Db, cookie: string | undefined, userId: string) =>
  withDevice(await deviceKey(db), cookie, userId);

/**
 * spec §4 Session: a signed-in member without a profile gets one (username from the e-mail's local
 * part, else 'utilisateur', made unique), and a subscriber row found by e-mail is linked.
 */
export async function afterSignIn(db: Db, userId: string) {
  const email = await emailOf(db, userId);
  if (!email) return;
  if (!(await hasProfile(db, userId))) {
    const base =
      (email.split("@")[0] ?? "").replace(/[^\p{L}\p{N}._-]/gu, "").slice(0, 24) || DEFAULT_USERNAME;
    for (let n = 0; n < 20; n++) {
      if (await insertProfileIfFree(db, userId, n === 0 ? base : `${base}-${n + 1}`)) break;
    }
  }
  await linkSubscriber(db, userId, email);
}
