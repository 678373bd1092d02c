import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { TICKET_MAX_LENGTH } from "#contract/stream";
import type { Db } from "#db/client";
import { serverSecret } from "../shared/server-secrets.queries.ts";

/**
 * Stream tickets (docs/decisions/006-stream.md): `base64url(JSON).base64url(HMAC-SHA256)`. Bound
 * to the member, the video, the episode, the plan and the device's lease; it carries the media
 * file it opens (signed, so the proxy needs no database read within its lifetime) and never the
 * session token.
 */
export interface TicketClaims {
  /** member */
  u: string;
  /** video (the series for an episode) */
  v: string;
  /** episode or null */
  e: string | null;
  /** plan code and its simultaneous streams */
  p: string;
  m: number;
  /** lease id and device id */
  l: string;
  d: string;
  /** media path relative to the media folder, e.g. videos/film.mp4, or `hls:<target>` for a ladder */
  f: string;
  /** the tallest rung the plan allows (decision 025; absent in tickets of a single file) */
  q?: number;
  /** issued at, soft expiry (seconds since epoch) */
  i: number;
  x: number;
  /** nonce: one per video load (views are counted once per nonce and lease) */
  n: string;
}

const SECRET_NAME = "stream_ticket_hmac";

/**
 * The HMAC key: STREAM_SECRET when configured, else one generated once and stored in the
 * database, so it survives restarts and every process sharing the database agrees on it.
 */
export async function loadTicketSecret(db: Db, configured: string | undefined): Promise<Buffer> {
  if (configured) return Buffer.from(configured, "utf8");
  const value = await serverSecret(db, SECRET_NAME, randomBytes(32).toString("base64url"));
  if (!value) throw new Error("stream secret missing after insert");
  return Buffer.from(value, "base64url");
}

const mac = (key: Buffer, body: string) => createHmac("sha256", key).update(body).digest();

export function signTicket(key: Buffer, claims: TicketClaims): string {
  const body = Buffer.from(JSON.stringify(claims)).toString("base64url");
  return `${body}.${mac(key, body).toString("base64url")}`;
}

export const newNonce = () => randomBytes(12).toString("base64url");

const isUuidLike = (v: unknown): v is string => typeof v === "string" && /^[0-9a-f-]{36}$/i.test(v);

/** The claims of an authentic ticket (expired or not: the caller decides), or null when forged. */
export function readTicket(key: Buffer, token: string): TicketClaims | null {
  if (token.length > TICKET_MAX_LENGTH) return null;
  const dot = token.indexOf(".");
  if (dot <= 0 || dot !== token.lastIndexOf(".")) return null;
  const body = token.slice(0, dot);
  const given = Buffer.from(token.slice(dot + 1), "base64url");
  const expected = mac(key, body);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  let c: Partial<TicketClaims>;
  try {
    c = JSON.parse(Buffer.from(body, "base64url").toString("utf8"));
  } catch {
    return null;
  }
  if (
    !c ||
    !isUuidLike(c.u) ||
    !isUuidLike(c.v) ||
    !(c.e === null || isUuidLike(c.e)) ||
    !isUuidLike(c.l) ||
    typeof c.p !== "string" ||
    typeof c.m !== "number" ||
    typeof c.d !== "string" ||
    typeof c.f !== "string" ||
    typeof c.i !== "number" ||
    typeof c.x !== "number" ||
    typeof c.n !== "string" ||
    (c.q !== undefined && typeof c.q !== "number")
  ) {
    return null;
  }
  return c as TicketClaims;
}
