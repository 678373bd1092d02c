import { type SQL, sql } from "drizzle-orm";

/**
 * Keyset paging (docs/decisions/031-keyset-paging.md): an order is a list of keys, unique as a
 * whole (the last one is an id) and never NULL (wrap a nullable column in coalesce). A page after
 * a cursor is `WHERE (keys) > (the cursor's keys)` in that order, which an index on the same keys
 * answers by starting its walk there: the 10,000th page reads what the first does.
 */
export interface SortKey {
  /** The key's expression, as the order uses it. */
  expr: SQL;
  dir: "asc" | "desc";
  /** The SQL type its text form is read back as (the cursor stores `expr::text`). */
  type: "timestamptz" | "text" | "float8" | "int8" | "int4" | "uuid";
}

export const key = (expr: SQL, dir: SortKey["dir"], type: SortKey["type"]): SortKey => ({ expr, dir, type });

/** ORDER BY terms of the keys. */
export const orderOf = (keys: readonly SortKey[]): SQL[] =>
  keys.map((k) => (k.dir === "asc" ? sql`${k.expr} asc` : sql`${k.expr} desc`));

/** The keys of a row as text, for the cursor of the page that follows it. */
export const keysText = (keys: readonly SortKey[]): SQL<string[]> =>
  sql<string[]>`array[${sql.join(
    keys.map((k) => sql`(${k.expr})::text`),
    sql`, `,
  )}]`;

/**
 * Rows after `values` in the order of `keys`. Keys all in one direction give a row comparison
 * (`(a, b) < ($1, $2)`), which PostgreSQL matches to an index on (a, b); mixed directions give the
 * lexicographic OR chain. undefined (no condition) when the cursor does not fit the keys.
 */
export function afterKeys(keys: readonly SortKey[], values: readonly string[]): SQL | undefined {
  if (values.length !== keys.length || keys.length === 0) return undefined;
  const value = (i: number) => {
    const k = keys[i] as SortKey;
    return sql`${values[i]}::${sql.raw(k.type)}`;
  };
  const dir = keys[0]?.dir;
  if (keys.every((k) => k.dir === dir)) {
    const op = dir === "asc" ? sql`>` : sql`<`;
    return sql`(${sql.join(
      keys.map((k) => k.expr),
      sql`, `,
    )}) ${op} (${sql.join(
      keys.map((_, i) => value(i)),
      sql`, `,
    )})`;
  }
  const branches = keys.map((k, i) => {
    const equal = keys.slice(0, i).map((prev, j) => sql`${prev.expr} = ${value(j)}`);
    const past = k.dir === "asc" ? sql`${k.expr} > ${value(i)}` : sql`${k.expr} < ${value(i)}`;
    return sql`(${sql.join([...equal, past], sql` and `)})`;
  });
  return sql`(${sql.join(branches, sql` or `)})`;
}
