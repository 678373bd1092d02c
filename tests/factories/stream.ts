import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import type { Db } from "#db/client";
import { entitlements, subscriptionPlans, subscriptions } from "#db/schema/billing";
import type { Config } from "#server/shared/config";

export type PlanCode = "basic_monthly" | "premium_monthly" | "lifetime";

export async function subscribe(
  db: Db,
  userId: string,
  code: PlanCode,
  currentPeriodEnd: Date | null,
  status: "active" | "canceled" | "expired" = "active",
) {
  const [plan] = await db
    .select({ id: subscriptionPlans.id })
    .from(subscriptionPlans)
    .where(eq(subscriptionPlans.code, code));
  if (!plan) throw new Error(`plan ${code} missing`);
  // The provider's agreement and the access it grants (docs/decisions/012-entitlements.md): a
  // canceled one is access taken back; an expired one has its end in the past.
  await db
    .insert(subscriptions)
    .values({ userId, planId: plan.id, status, paymentMethod: "card", currentPeriodEnd });
  const end = currentPeriodEnd ?? null;
  await db.insert(entitlements).values({
    userId,
    planId: plan.id,
    source: "stripe",
    startsAt: end && end.getTime() <= Date.now() ? new Date(end.getTime() - 30 * 86_400_000) : new Date(),
    endsAt: end,
    revokedAt: status === "canceled" ? new Date() : null,
  });
}

/** Ends every lease of a member as if its heartbeats had stopped long ago. */
export async function expireLeases(db: Db, userId: string) {
  await db.execute(
    sql`update stream_leases set expires_at = now() - interval '5 minutes' where user_id = ${userId}`,
  );
}

/** Writes a media file under DATA_DIR/media/<folder>; returns its `local:` URL. */
export function writeMedia(
  config: Config,
  folder: "videos" | "subtitles",
  name: string,
  bytes: Buffer | string,
) {
  const dir = path.join(config.mediaDir, folder);
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, name), bytes);
  return `local:${folder}/${name}`;
}

export const demoVideoPath = path.resolve(import.meta.dirname, "../../assets/demo/videos/bobine-demo-1.mp4");

/** A device id as the browser would keep it. */
export const newDeviceId = () => randomBytes(12).toString("base64url");
