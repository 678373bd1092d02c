import { type SQL, sql } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import type { Db } from "#db/client";

/** A transaction handle, usable wherever the database handle is. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
export type Conn = Db | Tx;

/** Both drivers (node-postgres and PGlite) answer raw SQL with `{ rows }`. */
export const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

const dialect = new PgDialect();

/**
 * Runs raw SQL as a named prepared statement: PostgreSQL parses and plans it once per connection
 * instead of on every call (issue 14: the plan of a signed-in request's queries cost more than
 * their execution). Only for a text that never varies between calls, its values as parameters;
 * one name per text.
 */
export async function executePrepared<T>(db: Conn, name: string, query: SQL): Promise<T[]> {
  const prepared = db._.session.prepareQuery(dialect.sqlToQuery(query), undefined, name, false);
  return rowsOf<T>(await prepared.execute());
}

/** `%`, `_` and `\` in a searched text are literal (SECURITY-CHECKLIST 31), escaped for LIKE. */
export const likeEscape = (text: SQL) =>
  sql`replace(replace(replace(${text}, '\\', '\\\\'), '%', '\\%'), '_', '\\_')`;
export const likeEscapeJs = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
