import { authMessages, username } from "#contract/auth";
import { operatorMessages } from "#contract/operator";
import type { Db } from "#db/client";
import { hashPassword } from "../shared/password.ts";
import { accountIdOf, accountTaken, createAccount, setRole } from "./auth.queries.ts";
import { normaliseEmail, passwordViolation } from "./policies.ts";

export class AdminAccountError extends Error {}

/**
 * The first administrator: created by `npm run admin:create` or from ADMIN_* at start. The
 * operator's own address is trusted (no temporary-mail check), the password rules apply.
 */
export async function createAdministrator(
  db: Db,
  input: { email: string; username: string; password: string },
  passwordMinLength: number,
): Promise<string> {
  const email = normaliseEmail(input.email);
  if (!/^[^\s@]+@[^\s@]+$/.test(email)) throw new AdminAccountError(authMessages.emailInvalid);
  // The sign-up rules of a username: NFKC, one script, 3 to 30 characters.
  const name = username(authMessages.usernameInvalid).safeParse(input.username);
  if (!name.success)
    throw new AdminAccountError(name.error.issues[0]?.message ?? authMessages.usernameInvalid);
  const problem = passwordViolation(input.password, passwordMinLength);
  if (problem) throw new AdminAccountError(problem);
  const passwordHash = await hashPassword(input.password);
  if (await accountTaken(db, email, name.data)) {
    throw new AdminAccountError(operatorMessages.accountExists);
  }
  return createAccount(db, { email, username: name.data, passwordHash, role: "admin" });
}

/** Makes an existing member (by username or e-mail) an administrator. */
export async function promoteToAdministrator(db: Db, identifier: string): Promise<string> {
  const id = identifier.trim();
  const userId = await accountIdOf(db, id);
  if (!userId) throw new AdminAccountError(operatorMessages.accountUnknown(id));
  await setRole(db, userId, "admin");
  return userId;
}
