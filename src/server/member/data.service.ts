import type { MemberExport } from "#contract/member";
import { memberMessages } from "#contract/member";
import type { Db } from "#db/client";
import { isProtectedAccount } from "../shared/accounts.ts";
import { AppError, fieldError } from "../shared/errors.ts";
import { verifyPassword } from "../shared/password.ts";
import type { CurrentUser } from "../shared/session.ts";
import { deleteAccountRows, eraseMemberRows, exportRows, passwordHashOf } from "./data.queries.ts";
import { readSettings } from "./settings.service.ts";

/** A row as JSON carries it: every date (or missing date) as an ISO string (or null). */
type Dated<T> = {
  [K in keyof T]: T[K] extends Date ? string : T[K] extends Date | null ? string | null : T[K];
};
function isoDates<T extends object>(row: T): Dated<T> {
  return Object.fromEntries(
    Object.entries(row).map(([key, value]) => [key, value instanceof Date ? value.toISOString() : value]),
  ) as Dated<T>;
}

/**
 * Everything Bobine holds about the member (« Exporter mes données », spec §2 Settings): profile,
 * settings, library (favourites, likes, ratings), history, notifications, subscriptions, payments and
 * sessions. Secrets stay out:
 * no password hash, no session token hash, no payment provider reference.
 */
export async function exportData(db: Db, user: CurrentUser): Promise<MemberExport> {
  const [rows, settings] = await Promise.all([exportRows(db, user.id), readSettings(db, user.id)]);
  const [account] = rows.account;
  if (!account) throw new AppError("UNAUTHENTICATED");
  return {
    format: "bobine-export/1",
    exportedAt: new Date().toISOString(),
    profile: isoDates(account),
    settings,
    favorites: rows.favorites.map(isoDates),
    likes: rows.likes.map(isoDates),
    ratings: rows.ratings.map(isoDates),
    history: rows.history.map(isoDates),
    notifications: rows.notifications.map(isoDates),
    subscriptions: rows.subscriptions.map(isoDates),
    payments: rows.payments.map(isoDates),
    giftSubscriptions: rows.giftSubscriptions.map(isoDates),
    entitlements: rows.entitlements.map(isoDates),
    sessions: rows.sessions.map((r) => ({ ...isoDates(r), current: r.id === user.sessionId })),
  };
}

/** The export's file name: the member's data of the day, in Paris. */
export const exportFileName = (now = new Date()) =>
  `bobine-mes-donnees-${now.toLocaleDateString("sv-SE", { timeZone: "Europe/Paris" })}.json`;

/**
 * « Effacer toutes mes données » (spec §5 Settings, §7 delete by user_id): favourites, likes,
 * ratings, history, notifications and settings go in one transaction, all or nothing. Ratings'
 * aggregates and the likes counter on videos follow through their triggers (decisions 002, 040),
 * row by row inside the transaction.
 */
export const eraseData = (db: Db, userId: string) => eraseMemberRows(db, userId);

/**
 * Deletes the member's account after the password is typed again: the user row goes and every
 * row of theirs with it (profile, sessions, library, history, notifications, settings,
 * subscriptions, payments; ratings' aggregates follow through the trigger), plus what is keyed by
 * e-mail only. Protected accounts and the last administrator stay (SECURITY-CHECKLIST 17).
 */
export async function deleteAccount(
  db: Db,
  user: CurrentUser,
  password: string,
  protectedAccounts: string[],
): Promise<void> {
  const hash = await passwordHashOf(db, user.id);
  if (!hash || !(await verifyPassword(password, hash))) {
    throw fieldError("password", memberMessages.passwordWrong);
  }
  if (isProtectedAccount(protectedAccounts, user)) {
    throw new AppError("ACCESS_DENIED", memberMessages.protectedAccount);
  }
  // The last administrator is refused inside the deletion's transaction (a count before it could
  // let two administrators leaving at once both go).
  if (!(await deleteAccountRows(db, user.id, user.email.trim().toLowerCase()))) {
    throw new AppError("ACCESS_DENIED", memberMessages.lastAdministrator);
  }
}
