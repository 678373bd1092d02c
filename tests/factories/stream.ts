import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import type { Db } from "#db/client";
import { subscriptionPlans, subscriptions } from "#db/schema/billing";
import { createSession } from "#server/auth/session";
import type { Config } from "#server/config";
import { makeUser } from "./users.ts";

export type PlanCode = "basic_monthly" | "premium_monthly" | "lifetime";

/**
 * A member with a session cookie and, when `plan` is given, an active subscription. Sessions are
 * made directly (the sign-up flow has its own tests), so a test can have hundreds of members.
 */
export async function makeViewer(
  db: Db,
  config: Config,
  opts: { plan?: PlanCode; periodEnd?: Date | null; status?: "active" | "canceled" | "expired" } = {},
) {
  const user = await makeUser(db);
  const { token } = await createSession(db, config, user.id, { ip: "203.0.113.9", userAgent: "vitest" });
  if (opts.plan) await subscribe(db, user.id, opts.plan, opts.periodEnd ?? null, opts.status ?? "active");
  return { id: user.id, cookie: `bobine_session=${token}` };
}

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
  await db
    .insert(subscriptions)
    .values({ userId, planId: plan.id, status, paymentMethod: "card", currentPeriodEnd });
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
