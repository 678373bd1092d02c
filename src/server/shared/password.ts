import { randomBytes, scrypt, timingSafeEqual } from "node:crypto";

/**
 * scrypt at N=2^17, r=8, p=1 (ARCHITECTURE security baseline: scrypt at ≥ N=2^17).
 * Stored as `scrypt$N$r$p$salt$hash` (base64url) so parameters can rise later.
 *
 * Inside the test runner only (Vitest sets VITEST in its workers), BOBINE_TEST_SCRYPT_N lowers the
 * cost of new hashes, as Django's test settings swap in a fast hasher: a few thousand sign-ups and
 * sign-ins at 128 MiB and a quarter-second each were a third of the unit tier. Verification reads N
 * from the stored hash, so both costs are checked the same way; no running server reads the setting.
 */
const testCost = process.env.VITEST ? Number(process.env.BOBINE_TEST_SCRYPT_N) : Number.NaN;
const N = Number.isInteger(testCost) && testCost >= 2 ** 10 ? testCost : 2 ** 17;
const R = 8;
const P = 1;
const KEY_LEN = 32;
const MAXMEM = 256 * 1024 * 1024;

function derive(password: string, salt: Buffer, n: number, r: number, p: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize("NFC"), salt, KEY_LEN, { N: n, r, p, maxmem: MAXMEM }, (err, key) =>
      err ? reject(err) : resolve(key),
    );
  });
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, N, R, P);
  return `scrypt$${N}$${R}$${P}$${salt.toString("base64url")}$${key.toString("base64url")}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split("$");
  if (scheme !== "scrypt" || !n || !r || !p || !salt || !hash) return false;
  const expected = Buffer.from(hash, "base64url");
  const key = await derive(password, Buffer.from(salt, "base64url"), Number(n), Number(r), Number(p));
  return key.length === expected.length && timingSafeEqual(key, expected);
}
