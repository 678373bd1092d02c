import {
  DEFAULT_SETTINGS,
  type MemberSettings,
  memberMessages,
  type SettingsResponse,
  type SubscriptionStatus,
  type UpdateSettingsBody,
} from "#contract/member";
import type { Db } from "#db/client";
import { accessSpan } from "../shared/entitlement.queries.ts";
import { fieldError } from "../shared/errors.ts";
import type { Conn } from "../shared/sql.queries.ts";
import { type BillingSettingsChange, saveSettings, settingsRows } from "./settings.queries.ts";

/** Auto-renew is the preferred method's own flag; paysafecard is renewed by hand (spec §9). */
function autoRenewOf(b: { preferredMethod: string; cardAutoRenew: boolean; paypalAutoRenew: boolean }) {
  if (b.preferredMethod === "card") return b.cardAutoRenew;
  if (b.preferredMethod === "paypal") return b.paypalAutoRenew;
  return false;
}

/** A volume to the hundredth (0.8 stored in a real column reads back as 0.800000011920929). */
const roundVolume = (volume: number) => Math.round(volume * 100) / 100;

/** The member's settings; a missing row means the defaults of spec §9 (and decision 008). */
export async function readSettings(db: Conn, userId: string): Promise<MemberSettings> {
  const { local, billing } = await settingsRows(db, userId);
  return {
    notifications: local?.notifications ?? DEFAULT_SETTINGS.notifications,
    autoplay: local?.autoplay ?? DEFAULT_SETTINGS.autoplay,
    quality: local?.quality ?? DEFAULT_SETTINGS.quality,
    language: local?.language ?? DEFAULT_SETTINGS.language,
    subtitles: local?.subtitles ?? DEFAULT_SETTINGS.subtitles,
    maturity: local?.maturity ?? DEFAULT_SETTINGS.maturity,
    volume: local ? roundVolume(local.volume) : DEFAULT_SETTINGS.volume,
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
 * spec §4 Subscription display states, computed in Paris time: active while an entitlement covers
 * today in Paris (periods that follow each other joined: docs/decisions/012-entitlements.md); « expiring soon » when the days left (Paris
 * calendar days) are within the member's reminder setting; expired when only ended ones remain.
 */
export async function subscriptionStatus(db: Conn, userId: string, reminderDays: number) {
  const span = await accessSpan(db, userId);
  if (!span) {
    return {
      state: "none",
      planName: null,
      planCode: null,
      endsAt: null,
      daysLeft: null,
    } satisfies SubscriptionStatus;
  }
  const { daysLeft } = span;
  const state: SubscriptionStatus["state"] = !span.live
    ? "expired"
    : daysLeft !== null && daysLeft <= reminderDays
      ? "expiring"
      : "active";
  return {
    state,
    planName: span.name,
    planCode: span.code,
    endsAt: span.until === null ? null : span.until.toISOString(),
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

/** PUT /api/me/settings: the fields sent replace the stored ones, the others are kept. */
export async function updateSettings(db: Db, userId: string, body: UpdateSettingsBody) {
  const { billing, ...local } = body;
  // Kept to the hundredth it is read back at: a real (float4) column refuses what it cannot hold
  // (3.5e-323 is between 0 and 1, and was a 500).
  if (local.volume !== undefined) local.volume = roundVolume(local.volume);
  const billingChange =
    billing && Object.keys(billing).length > 0
      ? (current: { preferredMethod: "card" | "paypal" | "paysafecard" }) => {
          const method = billing.preferredMethod ?? current.preferredMethod;
          const set: BillingSettingsChange = { preferredMethod: method };
          if (billing.notifyBeforeDays !== undefined) set.notifyBeforeDays = billing.notifyBeforeDays;
          if (billing.autoRenew !== undefined) {
            // spec §9: auto-renew applies to card and paypal only.
            if (method === "card") set.cardAutoRenew = billing.autoRenew;
            else if (method === "paypal") set.paypalAutoRenew = billing.autoRenew;
            else if (billing.autoRenew) throw fieldError("billing.autoRenew", memberMessages.autoRenew);
          }
          return set;
        }
      : undefined;
  await saveSettings(db, userId, local, billingChange);
  return settingsWithStatus(db, userId);
}
