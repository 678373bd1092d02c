import { randomBytes, randomInt, timingSafeEqual } from "node:crypto";
import { sha256 } from "../shared/tokens.ts";

/** A six-digit code, uniformly drawn. */
export const newCode = () => String(randomInt(0, 1_000_000)).padStart(6, "0");

/** Codes are stored salted and hashed (`salt$hash`), never in clear. */
export function hashCode(code: string): string {
  const salt = randomBytes(12).toString("base64url");
  return `${salt}$${sha256(`${salt}:${code}`)}`;
}

export function codeMatches(code: string, stored: string): boolean {
  const [salt, hash] = stored.split("$");
  if (!salt || !hash) return false;
  const a = Buffer.from(sha256(`${salt}:${code}`));
  const b = Buffer.from(hash);
  return a.length === b.length && timingSafeEqual(a, b);
}
