/**
 * The SQLSTATE of a database error, looked for along the `cause` chain: Drizzle wraps the driver's
 * error (node-postgres or PGlite, both carry `code`) in its own.
 */
export function sqlState(err: unknown): string | undefined {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 5; depth++) {
    if (typeof e.code === "string" && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
    e = e.cause as typeof e;
  }
  return undefined;
}

/** 23503 foreign_key_violation: the row points at a video that does not exist (or was just deleted). */
export const isForeignKeyViolation = (err: unknown) => sqlState(err) === "23503";
