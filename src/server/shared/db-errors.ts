/**
 * What a database error means, whichever driver raised it (node-postgres or PGlite) and however
 * Drizzle wrapped it: the one place that reads SQLSTATEs.
 */

type ErrorLike = { code?: unknown; cause?: unknown; message?: unknown; constraint?: unknown };

/** The error and its causes: Drizzle wraps the driver's error (node-postgres or PGlite) in its own. */
function* causes(err: unknown): Generator<ErrorLike> {
  let e = err as ErrorLike | undefined;
  for (let depth = 0; e && typeof e === "object" && depth < 5; depth++) {
    yield e;
    e = e.cause as ErrorLike | undefined;
  }
}

/** The SQLSTATE of a database error, looked for along the `cause` chain. */
export function sqlState(err: unknown): string | undefined {
  for (const e of causes(err)) {
    if (typeof e.code === "string" && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
  }
  return undefined;
}

/** The constraint a 23xxx error names (both drivers carry it), or "". */
export function violatedConstraint(err: unknown): string {
  for (const e of causes(err)) if (typeof e.constraint === "string") return e.constraint;
  return "";
}

/** 23503 foreign_key_violation: the row points at a row that does not exist (or was just deleted). */
export const isForeignKeyViolation = (err: unknown) => sqlState(err) === "23503";
/** 23505 unique_violation: a concurrent writer took the value first. */
export const isUniqueViolation = (err: unknown) => sqlState(err) === "23505";

/**
 * SQLSTATE classes 08 (connection), 57P (shutdown), 3D000 (database gone), 53 (insufficient
 * resources: 53100 disk full, 53200 out of memory, 53300 too many connections), 57014 (statement
 * timeout: the request's bound, DATABASE_TIMEOUT_SECONDS), a refused socket, or a full disk.
 */
const UNAVAILABLE = /^(08|57P|3D000|53|57014$)|ECONNREFUSED|ECONNRESET|ETIMEDOUT|ENOSPC|EDQUOT/;
/** node-postgres' own words when a connection is lost, cannot be made, or a query outlived its bound. */
const CONNECTION_LOST =
  /Connection terminated|connection error|not queryable|pool after calling end|not currently accepting connections|database system is (starting up|shutting down)|timeout exceeded when trying to connect|Query read timeout|No space left on device/i;

/** A database that went away: the client may retry (503), nothing is wrong with the request. */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (const e of causes(err)) {
    if (typeof e.code === "string" && UNAVAILABLE.test(e.code)) return true;
    if (typeof e.message === "string" && CONNECTION_LOST.test(e.message)) return true;
  }
  return false;
}

/**
 * The error as the log may keep it: without the values of the query (SECURITY-CHECKLIST: logs
 * carry no e-mail address, token or password). Drizzle writes the parameters into its message
 * (`Failed query: … params: …`) and keeps them in `params`; the driver's `detail` quotes the
 * offending value (`Key (email)=(…) already exists.`), and so does the message of a data exception
 * (SQLSTATE class 22). The SQL text itself has only placeholders.
 * Errors without such values are returned as they are.
 */
export function withoutQueryValues<E>(err: E): E {
  const chain = [...causes(err)] as (ErrorLike & { params?: unknown; detail?: unknown })[];
  const hasValues = (e: (typeof chain)[number]) =>
    "params" in e || typeof e.detail === "string" || (typeof e.code === "string" && e.code.startsWith("22"));
  if (!(err instanceof Error) || !chain.some(hasValues)) return err;
  return scrubbed(err) as E;
}

function scrubbed(err: unknown, depth = 0): unknown {
  if (!(err instanceof Error) || depth > 5) return err;
  const copy = Object.create(Object.getPrototypeOf(err)) as Error & Record<string, unknown>;
  Object.defineProperties(copy, Object.getOwnPropertyDescriptors(err));
  const setMessage = (message: string) => {
    // The stack starts with the message: the same text, replaced there too.
    copy.stack = (err.stack ?? "").split(err.message).join(message);
    copy.message = message;
  };
  const { query, code } = err as { query?: unknown; code?: unknown };
  if ("params" in err) {
    delete copy.params;
    setMessage(`Failed query: ${typeof query === "string" ? query : "?"}\nparams: [redacted]`);
  }
  if (typeof copy.detail === "string") copy.detail = "[redacted]";
  // Class 22 (data exception) quotes the value it could not read: `invalid input syntax … "…"`.
  if (typeof code === "string" && code.startsWith("22"))
    setMessage(err.message.replace(/"[^"]*"/g, '"[redacted]"'));
  if (err.cause !== undefined) copy.cause = scrubbed(err.cause, depth + 1);
  return copy;
}
