import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { Db } from "#db/client";
import { userSettings } from "#db/schema/activity";
import { accounts, profiles, signupRequests, users, verifications } from "#db/schema/auth";
import { billingSettings, subscribers } from "#db/schema/billing";
import { deleteSessionsOf } from "../shared/session.queries.ts";
import type { Conn } from "../shared/sql.queries.ts";

/** The SQL of the account flows: sign-up requests, accounts, sign-in, reset links. */

/** The account of a normalised (lower-case) address. */
export async function userIdByEmail(db: Db, email: string): Promise<string | undefined> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${email}`)
    .limit(1);
  return rows[0]?.id;
}

/** Whether an address already belongs to an account, or a username (or its look-alike) to a member. */
export async function accountTaken(db: Db, email: string, username: string): Promise<boolean> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .leftJoin(profiles, eq(profiles.id, users.id))
    .where(
      sql`lower(${users.email}) = ${email} or lower(${profiles.username}) = lower(${username})
        or ${profiles.usernameSkeleton} = username_skeleton(${username})`,
    )
    .limit(1);
  return rows.length > 0;
}

/**
 * A whole account in one transaction: the verified address, its password hash, the profile, and
 * the default settings rows (spec §7 profiles insert {id, username, role}).
 */
export async function insertAccount(
  tx: Conn,
  account: { email: string; username: string; passwordHash: string; role: "membre" | "admin" },
): Promise<string> {
  const [user] = await tx
    .insert(users)
    .values({ email: account.email, emailVerified: true })
    .returning({ id: users.id });
  if (!user) throw new Error("user not created");
  await tx.insert(accounts).values({
    userId: user.id,
    providerId: "credential",
    accountId: user.id,
    password: account.passwordHash,
  });
  await tx.insert(profiles).values({ id: user.id, username: account.username, role: account.role });
  await tx.insert(userSettings).values({ userId: user.id });
  await tx.insert(billingSettings).values({ userId: user.id });
  return user.id;
}

export const createAccount = (db: Db, account: Parameters<typeof insertAccount>[1]) =>
  db.transaction((tx) => insertAccount(tx, account));

/** The member of a username or an address (case-insensitive). */
export async function accountIdOf(db: Db, identifier: string): Promise<string | undefined> {
  const [row] = await db
    .select({ id: profiles.id })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.id))
    .where(
      identifier.includes("@")
        ? sql`lower(${users.email}) = lower(${identifier})`
        : sql`lower(${profiles.username}) = lower(${identifier})`,
    );
  return row?.id;
}

export async function setRole(db: Db, userId: string, role: "membre" | "admin") {
  await db.update(profiles).set({ role }).where(eq(profiles.id, userId));
}

/* ---------------------------------------------------------------- sign-up */

/** Sign-ups older than their lifetime go (each request and the maintenance run it). */
export async function purgeExpiredSignups(db: Db, ttlHours: number) {
  await db
    .delete(signupRequests)
    .where(sql`${signupRequests.createdAt} < now() - make_interval(hours => ${ttlHours})`);
}

/** Stores (or replaces) this browser's sign-up of an address; any code sent before is forgotten. */
export async function saveSignup(
  db: Db,
  row: { email: string; username: string; passwordHash: string; browserHash: string },
) {
  await db
    .insert(signupRequests)
    .values(row)
    .onConflictDoUpdate({
      target: [signupRequests.email, signupRequests.browserHash],
      set: {
        username: row.username,
        passwordHash: row.passwordHash,
        codeHash: null,
        codeSentAt: null,
        codeExpiresAt: null,
        attempts: 0,
        createdAt: sql`now()`,
      },
    });
}

/** The live sign-up of this address made by this browser, if any. */
export async function liveSignupOfBrowser(db: Db, email: string, browserHash: string, ttlHours: number) {
  const [row] = await db
    .select({ id: signupRequests.id })
    .from(signupRequests)
    .where(
      and(
        eq(signupRequests.email, email),
        eq(signupRequests.browserHash, browserHash),
        sql`${signupRequests.createdAt} > now() - make_interval(hours => ${ttlHours})`,
      ),
    );
  return row;
}

export async function setSignupCode(db: Db, id: string, codeHash: string, expiresAt: Date) {
  await db
    .update(signupRequests)
    .set({ codeHash, codeSentAt: new Date(), codeExpiresAt: expiresAt, attempts: 0 })
    .where(eq(signupRequests.id, id));
}

/** The whole sign-up of this address made by this browser (the code step). */
export async function signupOfBrowser(db: Db, email: string, browserHash: string) {
  const [row] = await db
    .select()
    .from(signupRequests)
    .where(and(eq(signupRequests.email, email), eq(signupRequests.browserHash, browserHash)));
  return row;
}

/** Counts a wrong try atomically; the try that reaches `maxAttempts` voids the code. */
export async function countWrongCode(db: Db, id: string, maxAttempts: number) {
  await db
    .update(signupRequests)
    .set({
      attempts: sql`${signupRequests.attempts} + 1`,
      codeHash: sql`case when ${signupRequests.attempts} + 1 >= ${maxAttempts} then null else ${signupRequests.codeHash} end`,
    })
    .where(eq(signupRequests.id, id));
}

/**
 * Turns a verified sign-up into its account, in one transaction. The request is consumed first
 * (with the code it was verified with), so a concurrent verification of the same code finds
 * nothing: null then. The address's sign-ups in other browsers go with it (the address is proved).
 */
export async function accountFromSignup(
  db: Db,
  signup: { id: string; codeHash: string; email: string; username: string; passwordHash: string },
): Promise<string | null> {
  return db.transaction(async (tx) => {
    const consumed = await tx
      .delete(signupRequests)
      .where(and(eq(signupRequests.id, signup.id), eq(signupRequests.codeHash, signup.codeHash)))
      .returning({ id: signupRequests.id });
    if (consumed.length === 0) return null;
    await tx.delete(signupRequests).where(eq(signupRequests.email, signup.email));
    return insertAccount(tx, { ...signup, role: "membre" });
  });
}

/* ---------------------------------------------------------------- sign-in */

/** The password hash of the account a username or an address names. */
export async function credentialsOf(db: Db, identifier: string) {
  const [row] = await db
    .select({ userId: users.id, hash: accounts.password })
    .from(users)
    .innerJoin(accounts, and(eq(accounts.userId, users.id), eq(accounts.providerId, "credential")))
    .leftJoin(profiles, eq(profiles.id, users.id))
    .where(
      identifier.includes("@")
        ? sql`lower(${users.email}) = ${identifier.toLowerCase()}`
        : sql`lower(${profiles.username}) = lower(${identifier})`,
    )
    .limit(1);
  return row;
}

export async function emailOf(db: Db, userId: string): Promise<string | undefined> {
  const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return user?.email;
}

export async function hasProfile(db: Db, userId: string): Promise<boolean> {
  const [profile] = await db.select({ id: profiles.id }).from(profiles).where(eq(profiles.id, userId));
  return profile !== undefined;
}

/** Inserts the member's profile under this username unless the name is taken; true when inserted. */
export async function insertProfileIfFree(db: Db, userId: string, username: string): Promise<boolean> {
  const inserted = await db
    .insert(profiles)
    .values({ id: userId, username, role: "membre" })
    .onConflictDoNothing()
    .returning({ id: profiles.id });
  return inserted.length > 0;
}

/** A subscriber row known by the address only gets its member (spec §7 subscribers). */
export async function linkSubscriber(db: Db, userId: string, email: string) {
  await db
    .update(subscribers)
    .set({ userId, updatedAt: new Date() })
    .where(and(isNull(subscribers.userId), sql`lower(${subscribers.email}) = lower(${email})`));
}

/* ------------------------------------------------------------------ reset */

export async function insertResetLink(db: Db, userId: string, tokenHash: string, expiresAt: Date) {
  await db
    .insert(verifications)
    .values({ purpose: "password_reset", identifier: userId, valueHash: tokenHash, expiresAt });
}

/** The reset link of this token hash, if it is unused and unexpired. */
const liveResetLink = (tokenHash: string) =>
  and(
    eq(verifications.purpose, "password_reset"),
    eq(verifications.valueHash, tokenHash),
    isNull(verifications.consumedAt),
    gt(verifications.expiresAt, new Date()),
  );

export async function resetLinkIsLive(db: Db, tokenHash: string): Promise<boolean> {
  const [live] = await db
    .select({ id: verifications.id })
    .from(verifications)
    .where(liveResetLink(tokenHash));
  return live !== undefined;
}

/**
 * Uses a reset link, in one transaction: the link is consumed atomically (two submissions at once
 * give exactly one success), the password replaced, the member's other links voided and every
 * session of theirs ended. Null when the link was not live.
 */
export async function consumeResetLink(
  db: Db,
  tokenHash: string,
  passwordHash: string,
): Promise<string | null> {
  return db.transaction(async (tx) => {
    const [link] = await tx
      .update(verifications)
      .set({ consumedAt: new Date() })
      .where(liveResetLink(tokenHash))
      .returning({ userId: verifications.identifier });
    if (!link) return null;
    await tx
      .update(accounts)
      .set({ password: passwordHash, updatedAt: new Date() })
      .where(and(eq(accounts.userId, link.userId), eq(accounts.providerId, "credential")));
    await tx
      .update(verifications)
      .set({ consumedAt: new Date() })
      .where(
        and(
          eq(verifications.purpose, "password_reset"),
          eq(verifications.identifier, link.userId),
          isNull(verifications.consumedAt),
        ),
      );
    await deleteSessionsOf(tx, link.userId);
    return link.userId;
  });
}
