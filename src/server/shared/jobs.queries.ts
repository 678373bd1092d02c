import { sql } from "drizzle-orm";
import { type DrizzleSqlTagLike, type DrizzleTransactionLike, fromDrizzle } from "pg-boss";
import type { Db } from "#db/client";

/** pg-boss's view of a Drizzle transaction, so that a job is created inside the caller's transaction. */
export const jobsInTransaction = (tx: Db) =>
  fromDrizzle(tx as unknown as DrizzleTransactionLike, sql as unknown as DrizzleSqlTagLike);
