import { and, eq, ne, sql } from "drizzle-orm";
import type { Db } from "#db/client";
import { profiles, signupRequests, users, verifications } from "#db/schema/auth";
import { subscribers } from "#db/schema/billing";
import type { Tx } from "./sql.queries.ts";

/** How many administrators there are (the last one cannot leave, SECURITY-CHECKLIST 17). */
export async function administratorCount(db: Db): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(profiles)
    .where(eq(profiles.role, "admin"));
  return row?.n ?? 0;
}

/**
 * Whether a username is free: "taken" when another member holds it (whatever its case),
 * "look-alike" when another's name only looks the same (same confusable skeleton, migration 0014:
 * `demо-admin` with a Cyrillic о beside `demo-admin`), null when free.
 */
export async function usernameClash(
  db: Db,
  username: string,
  exceptUserId?: string,
): Promise<"taken" | "look-alike" | null> {
  const [row] = await db
    .select({ same: sql<boolean>`lower(${profiles.username}) = lower(${username})` })
    .from(profiles)
    .where(
      and(
        sql`(lower(${profiles.username}) = lower(${username}) or ${profiles.usernameSkeleton} = username_skeleton(${username}))`,
        exceptUserId ? ne(profiles.id, exceptUserId) : undefined,
      ),
    )
    .orderBy(sql`1 desc`)
    .limit(1);
  if (!row) return null;
  return row.same ? "taken" : "look-alike";
}

/**
 * Deletes an account and every row of it inside the caller's transaction: the user row (foreign
 * keys cascade to the profile, sessions, library, history, notifications, settings, subscriptions,
 * entitlements, payments; ratings' aggregates follow through their trigger) and what is keyed
 * otherwise (reset links by the member's id; pending codes, sign-up requests and a subscriber row
 * by the address, `email` lower-cased). An administrator's account goes only if another
 * administrator stays: every administrator's row is locked first, so two administrators leaving at
 * once are decided one after the other (SECURITY-CHECKLIST 17). False when it was the last one.
 * Used by the member's own account deletion and by the administration.
 */
export async function removeAccount(tx: Tx, userId: string, email: string): Promise<boolean> {
  const administrators = await tx
    .select({ id: profiles.id })
    .from(profiles)
    .where(eq(profiles.role, "admin"))
    .for("update");
  if (administrators.some((a) => a.id === userId) && administrators.length <= 1) return false;
  await tx
    .delete(verifications)
    .where(sql`${verifications.identifier} = ${userId} or lower(${verifications.identifier}) = ${email}`);
  await tx.delete(signupRequests).where(eq(signupRequests.email, email));
  await tx.delete(subscribers).where(sql`lower(${subscribers.email}) = ${email}`);
  await tx.delete(users).where(eq(users.id, userId));
  return true;
}
