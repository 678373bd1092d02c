import { and, asc, eq, sql } from "drizzle-orm";
import type { MemberExport } from "#contract/member";
import { memberMessages } from "#contract/member";
import type { Db } from "#db/client";
import { favorites, notifications, ratings, userSettings, watchHistory } from "#db/schema/activity";
import { accounts, profiles, sessions, signupRequests, users, verifications } from "#db/schema/auth";
import {
  billingSettings,
  giftSubscriptions,
  payments,
  subscribers,
  subscriptionPlans,
  subscriptions,
} from "#db/schema/billing";
import { episodes, videos } from "#db/schema/catalogue";
import { administratorCount, isProtectedAccount } from "../auth/admin-accounts.ts";
import { verifyPassword } from "../auth/password.ts";
import type { CurrentUser } from "../auth/session.ts";
import { AppError } from "../errors.ts";
import { readSettings } from "./settings.service.ts";

const iso = (d: Date) => d.toISOString();
const isoOrNull = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * Everything Bobine holds about the member (issue 6 « Your data »): profile, settings, library,
 * history, notifications, subscriptions, payments and sessions. Secrets stay out: no password hash,
 * no session token hash, no payment provider reference.
 */
export async function exportData(db: Db, user: CurrentUser): Promise<MemberExport> {
  const id = user.id;
  const [
    [account],
    settings,
    favoriteRows,
    ratingRows,
    historyRows,
    notificationRows,
    subscriptionRows,
    paymentRows,
    giftRows,
    sessionRows,
  ] = await Promise.all([
    db
      .select({
        id: users.id,
        email: users.email,
        emailVerified: users.emailVerified,
        createdAt: users.createdAt,
        username: profiles.username,
        avatar: profiles.avatar,
        role: profiles.role,
      })
      .from(users)
      .innerJoin(profiles, eq(profiles.id, users.id))
      .where(eq(users.id, id)),
    readSettings(db, id),
    db
      .select({ videoId: favorites.videoId, title: videos.title, addedAt: favorites.addedAt })
      .from(favorites)
      .innerJoin(videos, eq(videos.id, favorites.videoId))
      .where(eq(favorites.userId, id))
      .orderBy(asc(favorites.addedAt), asc(favorites.videoId)),
    db
      .select({
        videoId: ratings.videoId,
        title: videos.title,
        rating: ratings.rating,
        createdAt: ratings.createdAt,
        updatedAt: ratings.updatedAt,
      })
      .from(ratings)
      .innerJoin(videos, eq(videos.id, ratings.videoId))
      .where(eq(ratings.userId, id))
      .orderBy(asc(ratings.createdAt), asc(ratings.videoId)),
    db
      .select({
        id: watchHistory.id,
        videoId: watchHistory.videoId,
        title: videos.title,
        episodeId: watchHistory.episodeId,
        episodeTitle: episodes.title,
        progress: watchHistory.progress,
        currentPosition: watchHistory.currentPosition,
        totalDuration: watchHistory.totalDuration,
        watchedAt: watchHistory.watchedAt,
        updatedAt: watchHistory.updatedAt,
      })
      .from(watchHistory)
      .innerJoin(videos, eq(videos.id, watchHistory.videoId))
      .leftJoin(episodes, eq(episodes.id, watchHistory.episodeId))
      .where(eq(watchHistory.userId, id))
      .orderBy(asc(watchHistory.watchedAt), asc(watchHistory.id)),
    db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, id))
      .orderBy(asc(notifications.createdAt), asc(notifications.id)),
    db
      .select({
        id: subscriptions.id,
        planCode: subscriptionPlans.code,
        planName: subscriptionPlans.name,
        status: subscriptions.status,
        paymentMethod: subscriptions.paymentMethod,
        currentPeriodEnd: subscriptions.currentPeriodEnd,
        autoRenew: subscriptions.autoRenew,
        createdAt: subscriptions.createdAt,
        updatedAt: subscriptions.updatedAt,
      })
      .from(subscriptions)
      .innerJoin(subscriptionPlans, eq(subscriptionPlans.id, subscriptions.planId))
      .where(eq(subscriptions.userId, id))
      .orderBy(asc(subscriptions.createdAt), asc(subscriptions.id)),
    db
      .select({
        id: payments.id,
        planCode: subscriptionPlans.code,
        provider: payments.provider,
        amountCents: payments.amountCents,
        currency: payments.currency,
        status: payments.status,
        createdAt: payments.createdAt,
        updatedAt: payments.updatedAt,
      })
      .from(payments)
      .innerJoin(subscriptionPlans, eq(subscriptionPlans.id, payments.planId))
      .where(eq(payments.userId, id))
      .orderBy(asc(payments.createdAt), asc(payments.id)),
    db
      .select({
        id: giftSubscriptions.id,
        planCode: giftSubscriptions.planCode,
        durationMonths: giftSubscriptions.durationMonths,
        createdAt: giftSubscriptions.createdAt,
      })
      .from(giftSubscriptions)
      .where(eq(giftSubscriptions.userId, id))
      .orderBy(asc(giftSubscriptions.createdAt)),
    db
      .select({
        id: sessions.id,
        ipAddress: sessions.ipAddress,
        userAgent: sessions.userAgent,
        createdAt: sessions.createdAt,
        expiresAt: sessions.expiresAt,
      })
      .from(sessions)
      .where(and(eq(sessions.userId, id), sql`${sessions.expiresAt} > now()`))
      .orderBy(asc(sessions.createdAt), asc(sessions.id)),
  ]);
  if (!account) throw new AppError("UNAUTHENTICATED");
  return {
    format: "bobine-export/1",
    exportedAt: new Date().toISOString(),
    profile: { ...account, createdAt: iso(account.createdAt) },
    settings,
    favorites: favoriteRows.map((r) => ({ ...r, addedAt: iso(r.addedAt) })),
    ratings: ratingRows.map((r) => ({ ...r, createdAt: iso(r.createdAt), updatedAt: iso(r.updatedAt) })),
    history: historyRows.map((r) => ({ ...r, watchedAt: iso(r.watchedAt), updatedAt: iso(r.updatedAt) })),
    notifications: notificationRows.map((r) => ({
      id: r.id,
      title: r.title,
      message: r.message,
      isRead: r.isRead,
      readAt: isoOrNull(r.readAt),
      createdAt: iso(r.createdAt),
    })),
    subscriptions: subscriptionRows.map((r) => ({
      ...r,
      currentPeriodEnd: isoOrNull(r.currentPeriodEnd),
      createdAt: iso(r.createdAt),
      updatedAt: iso(r.updatedAt),
    })),
    payments: paymentRows.map((r) => ({ ...r, createdAt: iso(r.createdAt), updatedAt: iso(r.updatedAt) })),
    giftSubscriptions: giftRows.map((r) => ({ ...r, createdAt: iso(r.createdAt) })),
    sessions: sessionRows.map((r) => ({
      ...r,
      current: r.id === user.sessionId,
      createdAt: iso(r.createdAt),
      expiresAt: iso(r.expiresAt),
    })),
  };
}

/**
 * « Effacer toutes mes données » (spec §5 Settings, §7 delete by user_id): favourites, ratings,
 * history, notifications and settings go in one transaction, all or nothing. Ratings' aggregates on
 * videos follow through the ratings trigger (decision 002), row by row inside the transaction.
 */
export async function eraseData(db: Db, userId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(favorites).where(eq(favorites.userId, userId));
    await tx.delete(ratings).where(eq(ratings.userId, userId));
    await tx.delete(watchHistory).where(eq(watchHistory.userId, userId));
    await tx.delete(notifications).where(eq(notifications.userId, userId));
    await tx.delete(userSettings).where(eq(userSettings.userId, userId));
    await tx.delete(billingSettings).where(eq(billingSettings.userId, userId));
  });
}

const passwordWrong = () =>
  new AppError("VALIDATION_ERROR", memberMessages.passwordWrong, { password: memberMessages.passwordWrong });

/**
 * Deletes the member's account after the password is typed again: the user row goes and every
 * row of theirs with it (foreign keys cascade: profile, sessions, library, history, notifications,
 * settings, subscriptions, payments; ratings' aggregates follow through the trigger), plus what is
 * keyed by e-mail only (pending codes, sign-up requests, a subscriber row). Protected accounts and
 * the last administrator stay (SECURITY-CHECKLIST 17).
 */
export async function deleteAccount(
  db: Db,
  user: CurrentUser,
  password: string,
  protectedAccounts: string[],
): Promise<void> {
  const [credential] = await db
    .select({ password: accounts.password })
    .from(accounts)
    .where(and(eq(accounts.userId, user.id), eq(accounts.providerId, "credential")));
  if (!credential?.password || !(await verifyPassword(password, credential.password))) throw passwordWrong();
  if (isProtectedAccount(protectedAccounts, user)) {
    throw new AppError("ACCESS_DENIED", memberMessages.protectedAccount);
  }
  if (user.role === "admin" && (await administratorCount(db)) <= 1) {
    throw new AppError("ACCESS_DENIED", memberMessages.lastAdministrator);
  }
  const email = user.email.trim().toLowerCase();
  await db.transaction(async (tx) => {
    await tx.delete(verifications).where(sql`lower(${verifications.identifier}) = ${email}`);
    await tx.delete(signupRequests).where(eq(signupRequests.email, email));
    await tx.delete(subscribers).where(sql`lower(${subscribers.email}) = ${email}`);
    await tx.delete(users).where(eq(users.id, user.id));
  });
}
