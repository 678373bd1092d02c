import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { Db } from "#db/client";
import { serverSecret } from "../shared/server-secrets.queries.ts";

/**
 * Device cookies (OWASP, "Slow Down Online Guessing Attacks with Device Cookies"): a browser that
 * signed in to an account holds `<user id>.<nonce>.<HMAC>` for it, httpOnly, so its wrong passwords
 * count against its own budget and an attacker's failures on the account never lock it out. One
 * cookie carries the entries of the last few accounts signed in on the browser; each sign-in gives
 * its account a new nonce.
 */

/** How long a browser stays known to an account after its last sign-in there. */
export const DEVICE_COOKIE_DAYS = 180;
/** Accounts remembered by one browser (a shared family computer), the latest first. */
const ACCOUNTS_PER_BROWSER = 5;
const SECRET_NAME = "login_device_hmac";
const ENTRY = /^([0-9a-f-]{36})\.([A-Za-z0-9_-]{16})\.([A-Za-z0-9_-]{43})$/;

const keys = new WeakMap<Db, Promise<Buffer>>();

/** The HMAC key, generated once and kept in the database (every process agrees on it). */
export function deviceKey(db: Db): Promise<Buffer> {
  let key = keys.get(db);
  if (!key) {
    key = serverSecret(db, SECRET_NAME, randomBytes(32).toString("base64url")).then((value) => {
      if (!value) throw new Error("device cookie secret missing after insert");
      return Buffer.from(value, "base64url");
    });
    // A failed read (database away) is tried again next time.
    key.catch(() => keys.delete(db));
    keys.set(db, key);
  }
  return key;
}

const mac = (key: Buffer, userId: string, nonce: string) =>
  createHmac("sha256", key).update(`device:${userId}:${nonce}`).digest("base64url");

function entriesOf(cookie: string | undefined) {
  return (cookie ?? "")
    .slice(0, 1000)
    .split("~")
    .map((entry) => ENTRY.exec(entry))
    .filter((m): m is RegExpExecArray => m !== null)
    .map(([, userId = "", nonce = "", sig = ""]) => ({ userId, nonce, sig }));
}

/** The nonce of the account's authentic entry in the browser's cookie, or undefined. */
export function trustedDevice(key: Buffer, cookie: string | undefined, userId: string): string | undefined {
  const entry = entriesOf(cookie).find((e) => e.userId === userId);
  if (!entry) return undefined;
  const expected = Buffer.from(mac(key, userId, entry.nonce));
  const given = Buffer.from(entry.sig);
  return expected.length === given.length && timingSafeEqual(expected, given) ? entry.nonce : undefined;
}

/** The browser's cookie after a sign-in to this account: a new entry first, the others kept. */
export function withDevice(key: Buffer, cookie: string | undefined, userId: string): string {
  const nonce = randomBytes(12).toString("base64url");
  const others = entriesOf(cookie)
    .filter((e) => e.userId !== userId)
    .map((e) => `${e.userId}.${e.nonce}.${e.sig}`);
  return [`${userId}.${nonce}.${mac(key, userId, nonce)}`, ...others]
    .slice(0, ACCOUNTS_PER_BROWSER)
    .join("~");
}
