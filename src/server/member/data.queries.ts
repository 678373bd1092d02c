import { and, asc, eq, type SQL, sql } from "drizzle-orm";
import type { PgColumn, PgTable, SelectedFieldsFlat } from "drizzle-orm/pg-core";
import type { SelectResultFields } from "drizzle-orm/query-builders/select.types";
import type { Db } from "#db/client";
import { favorites, likes, notifications, ratings, userSettings, watchHistory } from "#db/schema/activity";
import { accounts, profiles, sessions, users } from "#db/schema/auth";
import {
  billingSettings,
  entitlements,
  giftSubscriptions,
  payments,
  subscriptionPlans,
  subscriptions,
} from "#db/schema/billing";
import { episodes, videos } from "#db/schema/catalogue";
import { removeAccount } from "../shared/accounts.queries.ts";

/**
 * One part of « Exporter mes données »: the columns a member gets back from one table (`joins`
 * name what a row points at; `leftJoins` may find nothing), the column that says whose row it is,
 * the order (oldest first, a unique tie-break), and whether « Effacer toutes mes données » empties
 * it (spec §2 Settings).
 */
interface DataPart<F extends SelectedFieldsFlat> {
  from: PgTable;
  owner: PgColumn;
  columns: F;
  joins?: readonly (readonly [PgTable, SQL])[];
  leftJoins?: readonly (readonly [PgTable, SQL])[];
  only?: SQL;
  order: readonly PgColumn[];
  erased?: true;
}
const part = <F extends SelectedFieldsFlat>(p: DataPart<F>) => p;

/** Every table Bobine keeps about a member, as the export lists it. */
const dataParts = {
  account: part({
    from: users,
    owner: users.id,
    columns: {
      id: users.id,
      email: users.email,
      emailVerified: users.emailVerified,
      createdAt: users.createdAt,
      username: profiles.username,
      avatar: profiles.avatar,
      role: profiles.role,
    },
    joins: [[profiles, eq(profiles.id, users.id)]],
    order: [users.id],
  }),
  favorites: part({
    from: favorites,
    owner: favorites.userId,
    columns: { videoId: favorites.videoId, title: videos.title, addedAt: favorites.addedAt },
    joins: [[videos, eq(videos.id, favorites.videoId)]],
    order: [favorites.addedAt, favorites.videoId],
    erased: true,
  }),
  likes: part({
    from: likes,
    owner: likes.userId,
    columns: { videoId: likes.videoId, title: videos.title, likedAt: likes.likedAt },
    joins: [[videos, eq(videos.id, likes.videoId)]],
    order: [likes.likedAt, likes.videoId],
    erased: true,
  }),
  ratings: part({
    from: ratings,
    owner: ratings.userId,
    columns: {
      videoId: ratings.videoId,
      title: videos.title,
      rating: ratings.rating,
      createdAt: ratings.createdAt,
      updatedAt: ratings.updatedAt,
    },
    joins: [[videos, eq(videos.id, ratings.videoId)]],
    order: [ratings.createdAt, ratings.videoId],
    erased: true,
  }),
  history: part({
    from: watchHistory,
    owner: watchHistory.userId,
    columns: {
      id: watchHistory.id,
      videoId: watchHistory.videoId,
      title: videos.title,
      episodeId: watchHistory.episodeId,
      // A film's entry has no episode (left join).
      episodeTitle: sql<string | null>`${episodes.title}`,
      progress: watchHistory.progress,
      currentPosition: watchHistory.currentPosition,
      totalDuration: watchHistory.totalDuration,
      watchedAt: watchHistory.watchedAt,
      updatedAt: watchHistory.updatedAt,
    },
    joins: [[videos, eq(videos.id, watchHistory.videoId)]],
    leftJoins: [[episodes, eq(episodes.id, watchHistory.episodeId)]],
    order: [watchHistory.watchedAt, watchHistory.id],
    erased: true,
  }),
  notifications: part({
    from: notifications,
    owner: notifications.userId,
    columns: {
      id: notifications.id,
      title: notifications.title,
      message: notifications.message,
      isRead: notifications.isRead,
      readAt: notifications.readAt,
      createdAt: notifications.createdAt,
    },
    order: [notifications.createdAt, notifications.seq],
    erased: true,
  }),
  subscriptions: part({
    from: subscriptions,
    owner: subscriptions.userId,
    columns: {
      id: subscriptions.id,
      planCode: subscriptionPlans.code,
      planName: subscriptionPlans.name,
      status: subscriptions.status,
      paymentMethod: subscriptions.paymentMethod,
      currentPeriodEnd: subscriptions.currentPeriodEnd,
      autoRenew: subscriptions.autoRenew,
      createdAt: subscriptions.createdAt,
      updatedAt: subscriptions.updatedAt,
    },
    joins: [[subscriptionPlans, eq(subscriptionPlans.id, subscriptions.planId)]],
    order: [subscriptions.createdAt, subscriptions.id],
  }),
  payments: part({
    from: payments,
    owner: payments.userId,
    columns: {
      id: payments.id,
      planCode: subscriptionPlans.code,
      provider: payments.provider,
      amountCents: payments.amountCents,
      currency: payments.currency,
      status: payments.status,
      createdAt: payments.createdAt,
      updatedAt: payments.updatedAt,
    },
    joins: [[subscriptionPlans, eq(subscriptionPlans.id, payments.planId)]],
    order: [payments.createdAt, payments.id],
  }),
  giftSubscriptions: part({
    from: giftSubscriptions,
    owner: giftSubscriptions.userId,
    columns: {
      id: giftSubscriptions.id,
      planCode: giftSubscriptions.planCode,
      durationMonths: giftSubscriptions.durationMonths,
      createdAt: giftSubscriptions.createdAt,
    },
    order: [giftSubscriptions.createdAt, giftSubscriptions.id],
  }),
  entitlements: part({
    from: entitlements,
    owner: entitlements.userId,
    columns: {
      id: entitlements.id,
      planCode: subscriptionPlans.code,
      source: entitlements.source,
      startsAt: entitlements.startsAt,
      endsAt: entitlements.endsAt,
      revokedAt: entitlements.revokedAt,
    },
    joins: [[subscriptionPlans, eq(subscriptionPlans.id, entitlements.planId)]],
    order: [entitlements.startsAt, entitlements.id],
  }),
  sessions: part({
    from: sessions,
    owner: sessions.userId,
    columns: {
      id: sessions.id,
      ipAddress: sessions.ipAddress,
      userAgent: sessions.userAgent,
      createdAt: sessions.createdAt,
      expiresAt: sessions.expiresAt,
    },
    only: sql`${sessions.expiresAt} > now()`,
    order: [sessions.createdAt, sessions.id],
  }),
};

type DataParts = typeof dataParts;
export type ExportRows = { [K in keyof DataParts]: SelectResultFields<DataParts[K]["columns"]>[] };

/** The member's rows of one part, in its order (typed by `ExportRows`). */
function partRows(db: Db, p: DataPart<SelectedFieldsFlat>, userId: string): Promise<unknown[]> {
  let query = db.select(p.columns).from(p.from).$dynamic();
  for (const [table, on] of p.joins ?? []) query = query.innerJoin(table, on) as typeof query;
  for (const [table, on] of p.leftJoins ?? []) query = query.leftJoin(table, on) as typeof query;
  return query.where(and(eq(p.owner, userId), p.only)).orderBy(...p.order.map((c) => asc(c)));
}

/** Every row Bobine holds about a member, part by part (« Exporter mes données »). */
export async function exportRows(db: Db, userId: string): Promise<ExportRows> {
  const names = Object.keys(dataParts) as (keyof DataParts)[];
  const rows = await Promise.all(names.map((name) => partRows(db, dataParts[name], userId)));
  return Object.fromEntries(names.map((name, i) => [name, rows[i]])) as ExportRows;
}

/**
 * « Effacer toutes mes données »: the parts marked `erased` and the member's settings (exported by
 * the settings service in their own shape), all or nothing.
 */
export async function eraseMemberRows(db: Db, userId: string): Promise<void> {
  const erased = [
    ...Object.values(dataParts).flatMap((p) => ("erased" in p ? [[p.from, p.owner] as const] : [])),
    [userSettings, userSettings.userId] as const,
    [billingSettings, billingSettings.userId] as const,
  ];
  await db.transaction(async (tx) => {
    for (const [table, owner] of erased) await tx.delete(table).where(eq(owner, userId));
  });
}

/** The password hash of a member's own credentials. */
export async function passwordHashOf(db: Db, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ password: accounts.password })
    .from(accounts)
    .where(and(eq(accounts.userId, userId), eq(accounts.providerId, "credential")));
  return row?.password ?? null;
}

/**
 * The account and every row of it, in one transaction (shared/accounts.queries.ts `removeAccount`):
 * false when it is the last administrator (SECURITY-CHECKLIST 17).
 */
export const deleteAccountRows = (db: Db, userId: string, email: string): Promise<boolean> =>
  db.transaction((tx) => removeAccount(tx, userId, email));
