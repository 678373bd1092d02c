import { type SQL, sql } from "drizzle-orm";
import type { Db } from "#db/client";

/** A transaction handle, usable wherever the database handle is. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
export type Conn = Db | Tx;

/** Both drivers (node-postgres and PGlite) answer raw SQL with `{ rows }`. */
export const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** `%`, `_` and `\` in a searched text are literal (SECURITY-CHECKLIST 31), escaped for LIKE. */
export const likeEscape = (text: SQL) =>
  sql`replace(replace(replace(${text}, '\\', '\\\\'), '%', '\\%'), '_', '\\_')`;
export const likeEscapeJs = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
