import { eq, sql } from "drizzle-orm";
import { authMessages, USERNAME_RE } from "#contract/auth";
import type { Db } from "#db/client";
import { userSettings } from "#db/schema/activity";
import { accounts, profiles, users } from "#db/schema/auth";
import { billingSettings } from "#db/schema/billing";
import { hashPassword } from "./password.ts";
import { normaliseEmail, passwordViolation } from "./policies.ts";

export class AdminAccountError extends Error {}

/**
 * The first administrator (issue: Accounts): created by `npm run admin:create` or from ADMIN_* at
 * start. The operator's own address is trusted (no temporary-mail check), the password rules apply.
 */
export async function createAdministrator(
  db: Db,
  input: { email: string; username: string; password: string },
  passwordMinLength: number,
): Promise<string> {
  const email = normaliseEmail(input.email);
  if (!/^[^\s@]+@[^\s@]+$/.test(email)) throw new AdminAccountError(authMessages.emailInvalid);
  if (!USERNAME_RE.test(input.username)) throw new AdminAccountError(authMessages.usernameInvalid);
  const problem = passwordViolation(input.password, passwordMinLength);
  if (problem) throw new AdminAccountError(problem);
  const hash = await hashPassword(input.password);
  const taken = await db
    .select({ id: users.id })
    .from(users)
    .leftJoin(profiles, eq(profiles.id, users.id))
    .where(sql`lower(${users.email}) = ${email} or lower(${profiles.username}) = lower(${input.username})`)
    .limit(1);
  if (taken.length > 0) {
    throw new AdminAccountError(
      "Cette adresse ou ce nom d'utilisateur existe déjà : utilisez admin:promote.",
    );
  }
  return db.transaction(async (tx) => {
    const [user] = await tx.insert(users).values({ email, emailVerified: true }).returning({ id: users.id });
    if (!user) throw new Error("user not created");
    await tx
      .insert(accounts)
      .values({ userId: user.id, providerId: "credential", accountId: user.id, password: hash });
    await tx.insert(profiles).values({ id: user.id, username: input.username, role: "admin" });
    await tx.insert(userSettings).values({ userId: user.id });
    await tx.insert(billingSettings).values({ userId: user.id });
    return user.id;
  });
}

/** Makes an existing member (by username or e-mail) an administrator. */
export async function promoteToAdministrator(db: Db, identifier: string): Promise<string> {
  const id = identifier.trim();
  const [row] = await db
    .select({ id: profiles.id })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.id))
    .where(
      id.includes("@")
        ? sql`lower(${users.email}) = lower(${id})`
        : sql`lower(${profiles.username}) = lower(${id})`,
    );
  if (!row) throw new AdminAccountError(`Aucun compte ne correspond à « ${id} ».`);
  await db.update(profiles).set({ role: "admin" }).where(eq(profiles.id, row.id));
  return row.id;
}

export async function administratorCount(db: Db): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(profiles)
    .where(eq(profiles.role, "admin"));
  return row?.n ?? 0;
}

/**
 * spec §2 Admin: some accounts cannot be deleted or gifted (PROTECTED_ACCOUNTS, by username or
 * e-mail, case-insensitive). The admin routes call this before any such change.
 */
export function isProtectedAccount(
  protectedAccounts: string[],
  account: { username: string; email: string },
) {
  return (
    protectedAccounts.includes(account.username.toLowerCase()) ||
    protectedAccounts.includes(account.email.toLowerCase())
  );
}
