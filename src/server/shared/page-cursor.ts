import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { pagingMessages } from "#contract/paging";
import type { Db } from "#db/client";
import { fieldError } from "./errors.ts";
import { serverSecret } from "./server-secrets.queries.ts";

/**
 * Page cursors (docs/decisions/031-keyset-paging.md): `<payload>.<mac>`, both base64url. The
 * payload names the list (kind and scope: sort, filters, search text), how many rows came before
 * the next page, and the sort keys of the last row read, as PostgreSQL printed them (`::text`,
 * exact for timestamps and floats). The HMAC, keyed by a secret every process shares (the
 * database's `server_secrets`), makes any change to a cursor a French 400, so that the keys a
 * query receives are always ones the server wrote.
 */

export interface CursorState {
  /** Rows before the page this cursor starts. */
  position: number;
  /** Sort keys of the last row of the previous page, in the order's order. */
  after: string[];
}

const SECRET_NAME = "page_cursor_hmac";
const MAC_BYTES = 16;
const keys = new WeakMap<Db, Promise<Buffer>>();

function cursorKey(db: Db): Promise<Buffer> {
  let key = keys.get(db);
  if (!key) {
    key = serverSecret(db, SECRET_NAME, randomBytes(32).toString("base64url")).then((value) => {
      if (!value) throw new Error("page cursor secret missing after insert");
      return Buffer.from(value, "base64url");
    });
    // A failed read (database away) is tried again next time.
    key.catch(() => keys.delete(db));
    keys.set(db, key);
  }
  return key;
}

/**
 * What a cursor is valid for: the list's kind and everything that shapes its order and rows
 * (sort, filters, search text), hashed short. A cursor of another list or sort is refused.
 */
export function cursorScope(kind: string, parts: object): string {
  return `${kind}:${createHash("sha256").update(JSON.stringify(parts)).digest("base64url").slice(0, 16)}`;
}

const mac = (key: Buffer, payload: string) =>
  createHmac("sha256", key).update(payload).digest().subarray(0, MAC_BYTES);

export async function makeCursor(db: Db, scope: string, state: CursorState): Promise<string> {
  const payload = Buffer.from(JSON.stringify([scope, state.position, state.after])).toString("base64url");
  return `${payload}.${mac(await cursorKey(db), payload).toString("base64url")}`;
}

const invalid = () => fieldError("cursor", pagingMessages.invalidCursor);

/** The state of a cursor the server made for this scope; a French 400 for anything else. */
export async function readCursor(db: Db, token: string, scope: string): Promise<CursorState> {
  const dot = token.indexOf(".");
  if (dot <= 0) throw invalid();
  const payload = token.slice(0, dot);
  const given = Buffer.from(token.slice(dot + 1), "base64url");
  const expected = mac(await cursorKey(db), payload);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw invalid();
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(payload, "base64url").toString("utf8"));
  } catch {
    throw invalid();
  }
  if (!Array.isArray(parsed) || parsed.length !== 3) throw invalid();
  const [cursorScopeText, position, after] = parsed as unknown[];
  if (cursorScopeText !== scope) throw invalid();
  if (typeof position !== "number" || !Number.isSafeInteger(position) || position < 0) throw invalid();
  if (!Array.isArray(after) || !after.every((v) => typeof v === "string")) throw invalid();
  return { position, after: after as string[] };
}
