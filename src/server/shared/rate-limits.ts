import type { Db } from "#db/client";
import { retryLater } from "./errors.ts";
import { countHit, countHitBelow, secondsLeftInWindow, uncountHit } from "./rate-limits.queries.ts";

/**
 * Every rate limit of the server, in one table (ARCHITECTURE rule 14; SECURITY-CHECKLIST 2–4).
 * Fixed-window counters in the database (`rate_limits`), so that every process shares them.
 */

/**
 * The part of a client address that identifies one client for rate limits: the whole IPv4 address,
 * but only the /64 prefix of an IPv6 one (a single subscriber usually holds a whole /64).
 */
export function clientKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1] as string;
  if (!ip.includes(":")) return ip;
  const [head = "", tail = ""] = ip.toLowerCase().split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const groups = ip.includes("::")
    ? [...left, ...Array(8 - left.length - right.length).fill("0"), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ""))
    .join(":")}::/64`;
}

export interface Limit {
  /** Bucket name, e.g. `login-ip:203.0.113.9`. */
  bucket: string;
  max: number;
  windowSeconds: number;
}

const MINUTE = 60;
const HOUR = 3600;

/** Security baseline (ARCHITECTURE): one e-mail code or reset link per 60 s and per address. */
export const CODE_RESEND_SECONDS = 60;
/** Wrong passwords per account and hour, from browsers it has not signed in on (SECURITY-CHECKLIST 3). */
export const LOGIN_FAILURES_PER_HOUR = 100;
/** Wrong passwords per hour from one browser holding the account's device cookie. */
export const LOGIN_DEVICE_FAILURES_PER_HOUR = 10;
/** Library writes (favourites, ratings and likes together) per member and minute: a person never reaches it, a script does. */
export const LIBRARY_WRITES_PER_MINUTE = 120;
/** Settings and profile saves per member and minute: each toggle is a save, a script has a ceiling. */
export const MEMBER_WRITES_PER_MINUTE = 120;
/** Password confirmations of an account deletion per member and hour (guessing stays slow). */
export const DELETE_ATTEMPTS_PER_HOUR = 10;
/**
 * Open notification streams per member and process (each holds a socket): a member with more tabs
 * than this is refused a new one. Counted in memory, since a stream lives in one process.
 */
export const NOTIFICATION_STREAMS_PER_MEMBER = 10;

export const limits = {
  loginIp: (ip: string) => ({ bucket: `login-ip:${clientKey(ip)}`, max: 30, windowSeconds: 5 * MINUTE }),
  /**
   * Sign-in failures, ≤ 100 an hour per account (SECURITY-CHECKLIST 3), no permanent lock-out: one
   * bucket per account whatever identifier was typed (username or e-mail).
   */
  loginAccountFailures: (userId: string) => ({
    bucket: `login-account:${userId}`,
    max: LOGIN_FAILURES_PER_HOUR,
    windowSeconds: HOUR,
  }),
  /**
   * The same budget for an identifier that names no account, counted all the same so that the 429
   * does not tell which accounts exist.
   */
  loginFailures: (identifier: string) => ({
    bucket: `login-fail:${identifier.trim().toLowerCase()}`,
    max: LOGIN_FAILURES_PER_HOUR,
    windowSeconds: HOUR,
  }),
  /**
   * A browser holding the account's device cookie (OWASP device cookies) fails against its own
   * budget, so an attacker's failures on the account never lock it out; past it, it counts as any
   * other browser.
   */
  loginDeviceFailures: (deviceNonce: string) => ({
    bucket: `login-device:${deviceNonce}`,
    max: LOGIN_DEVICE_FAILURES_PER_HOUR,
    windowSeconds: HOUR,
  }),
  signupIp: (ip: string) => ({ bucket: `signup-ip:${clientKey(ip)}`, max: 10, windowSeconds: HOUR }),
  /**
   * Sign-ups of one address from one browser (`<address>:<browser hash>`): another browser's
   * sign-ups of the address never spend this budget, so nobody can block its owner.
   */
  signupBrowser: (addressAndBrowser: string) => ({
    bucket: `signup-addr:${addressAndBrowser}`,
    max: 5,
    windowSeconds: HOUR,
  }),
  /** Codes to one address for one browser's sign-up (`<address>:<browser hash>`), the same way. */
  codeBrowser: (addressAndBrowser: string) => ({
    bucket: `code-addr:${addressAndBrowser}`,
    max: 1,
    windowSeconds: CODE_RESEND_SECONDS,
  }),
  /** "You already have an account" mails to one address, whichever browsers ask. */
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
  libraryWrite: (userId: string) => ({
    bucket: `library-write:${userId}`,
    max: LIBRARY_WRITES_PER_MINUTE,
    windowSeconds: MINUTE,
  }),
  memberWrite: (userId: string) => ({
    bucket: `member-write:${userId}`,
    max: MEMBER_WRITES_PER_MINUTE,
    windowSeconds: MINUTE,
  }),
  accountDelete: (userId: string) => ({
    bucket: `account-delete:${userId}`,
    max: DELETE_ATTEMPTS_PER_HOUR,
    windowSeconds: HOUR,
  }),
} satisfies Record<string, (key: string) => Limit>;

/** Counts a hit and returns the hits of the current window (one atomic upsert). */
export const hit = (db: Db, limit: Limit): Promise<number> => countHit(db, limit);

/** RATE_LIMITED ('Trop de requêtes'), with the seconds until the bucket's window frees (Retry-After). */
export const refusal = async (db: Db, limit: Limit) =>
  retryLater("RATE_LIMITED", await secondsLeftInWindow(db, limit));

/** Counts a hit and throws RATE_LIMITED past the limit. */
export async function consume(db: Db, limit: Limit): Promise<void> {
  if ((await countHit(db, limit)) > limit.max) throw await refusal(db, limit);
}

/**
 * Counts an attempt before the work it guards, and only while the window has room: true when
 * counted, false when full. Concurrent attempts cannot pass the limit together.
 */
export const reserve = async (db: Db, limit: Limit): Promise<boolean> =>
  (await countHitBelow(db, limit)) !== null;

/** Gives back an attempt counted by `reserve` that turned out not to count (a right password). */
export const release = (db: Db, limit: Limit): Promise<void> => uncountHit(db, limit.bucket);
