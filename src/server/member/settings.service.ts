import { eq, sql } from "drizzle-orm";
import {
  DEFAULT_SETTINGS,
  type MemberSettings,
  memberMessages,
  type SettingsResponse,
  type SubscriptionStatus,
  type UpdateSettingsBody,
} from "#contract/member";
import type { Db } from "#db/client";
import { userSettings } from "#db/schema/activity";
import { billingSettings } from "#db/schema/billing";
import { AppError } from "../errors.ts";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
type Conn = Db | Tx;

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** Auto-renew is the preferred method's own flag; paysafecard is renewed by hand (spec §9). */
function autoRenewOf(b: { preferredMethod: string; cardAutoRenew: boolean; paypalAutoRenew: boolean }) {
  if (b.preferredMethod === "card") return b.cardAutoRenew;
  if (b.preferredMethod === "paypal") return b.paypalAutoRenew;
  return false;
}

/** The member's settings; a missing row means the defaults of spec §9 (and decision 008). */
export async function readSettings(db: Conn, userId: string): Promise<MemberSettings> {
  const [[local], [billing]] = await Promise.all([
    db.select().from(userSettings).where(eq(userSettings.userId, userId)),
    db.select().from(billingSettings).where(eq(billingSettings.userId, userId)),
  ]);
  return {
    notifications: local?.notifications ?? DEFAULT_SETTINGS.notifications,
    autoplay: local?.autoplay ?? DEFAULT_SETTINGS.autoplay,
    quality: local?.quality ?? DEFAULT_SETTINGS.quality,
    language: local?.language ?? DEFAULT_SETTINGS.language,
    subtitles: local?.subtitles ?? DEFAULT_SETTINGS.subtitles,
    maturity: local?.maturity ?? DEFAULT_SETTINGS.maturity,
    // real (float4) column: 0.8 reads back as 0.800000011920929.
    volume: local ? Math.round(local.volume * 100) / 100 : DEFAULT_SETTINGS.volume,
    theme: local?.theme ?? DEFAULT_SETTINGS.theme,
    billing: billing
      ? {
          preferredMethod: billing.preferredMethod,
          autoRenew: autoRenewOf(billing),
          notifyBeforeDays: billing.notifyBeforeDays as MemberSettings["billing"]["notifyBeforeDays"],
        }
      : DEFAULT_SETTINGS.billing,
  };
}

/**
 * spec §4 Subscription display states, computed in Paris time: active while the status is active
 * and the end is absent or not before today in Paris; « expiring soon » when the days left (Paris
 * calendar days) are within the member's reminder setting; expired when only ended ones remain.
 */
export async function subscriptionStatus(db: Conn, userId: string, reminderDays: number) {
  const [row] = rowsOf<{
    name: string;
    code: string;
    end: Date | string | null;
    live: boolean;
    days_left: number | null;
  }>(
    await db.execute(sql`
      with today as (select (now() at time zone 'Europe/Paris')::date as d)
      select p.name, p.code, s.current_period_end as end,
        (s.status = 'active' and (s.current_period_end is null
          or (s.current_period_end at time zone 'Europe/Paris')::date >= today.d)) as live,
        ((s.current_period_end at time zone 'Europe/Paris')::date - today.d)::int as days_left
      from subscriptions s
      join subscription_plans p on p.id = s.plan_id
      cross join today
      where s.user_id = ${userId} and s.status <> 'pending'
      order by live desc, s.current_period_end is null desc, s.current_period_end desc, s.created_at desc
      limit 1`),
  );
  if (!row) {
    return {
      state: "none",
      planName: null,
      planCode: null,
      endsAt: null,
      daysLeft: null,
    } satisfies SubscriptionStatus;
  }
  const daysLeft = row.days_left === null ? null : Number(row.days_left);
  const state: SubscriptionStatus["state"] = !row.live
    ? "expired"
    : daysLeft !== null && daysLeft <= reminderDays
      ? "expiring"
      : "active";
  return {
    state,
    planName: row.name,
    planCode: row.code,
    endsAt: row.end === null ? null : new Date(row.end).toISOString(),
    daysLeft,
  } satisfies SubscriptionStatus;
}

export async function settingsWithStatus(db: Db, userId: string): Promise<SettingsResponse> {
  const settings = await readSettings(db, userId);
  return {
    settings,
    subscription: await subscriptionStatus(db, userId, settings.billing.notifyBeforeDays),
  };
}

/**
 * PUT /api/me/settings: the fields sent replace the stored ones (rows created on first save). In
 * one transaction, the billing row locked, so that the auto-renew flag lands on the method it was
 * meant for even when two devices save at once.
 */
export async function updateSettings(db: Db, userId: string, body: UpdateSettingsBody) {
  const { billing, ...local } = body;
  await db.transaction(async (tx) => {
    if (Object.keys(local).length > 0) {
      await tx
        .insert(userSettings)
        .values({ userId, ...local })
        .onConflictDoUpdate({ target: userSettings.userId, set: { ...local, updatedAt: sql`now()` } });
    }
    if (billing && Object.keys(billing).length > 0) {
      await tx.insert(billingSettings).values({ userId }).onConflictDoNothing();
      const [current] = await tx
        .select()
        .from(billingSettings)
        .where(eq(billingSettings.userId, userId))
        .for("update");
      if (!current) throw new AppError("INTERNAL_ERROR");
      const method = billing.preferredMethod ?? current.preferredMethod;
      const set: Partial<typeof billingSettings.$inferInsert> = { preferredMethod: method };
      if (billing.notifyBeforeDays !== undefined) set.notifyBeforeDays = billing.notifyBeforeDays;
      if (billing.autoRenew !== undefined) {
        // spec §9: auto-renew applies to card and paypal only.
        if (method === "card") set.cardAutoRenew = billing.autoRenew;
        else if (method === "paypal") set.paypalAutoRenew = billing.autoRenew;
        else if (billing.autoRenew) {
          throw new AppError("VALIDATION_ERROR", memberMessages.autoRenew, {
            "billing.autoRenew": memberMessages.autoRenew,
          });
        }
      }
      await tx
        .update(billingSettings)
        .set({ ...set, updatedAt: sql`now()` })
        .where(eq(billingSettings.userId, userId));
    }
  });
  return settingsWithStatus(db, userId);
}
