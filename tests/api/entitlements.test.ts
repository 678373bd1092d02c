import fs from "node:fs";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { entitlements, subscriptionPlans } from "#db/schema/billing";
import { activeStreamPlan, grantEntitlement, revokeEntitlement } from "#server/shared/entitlement.queries";
import { makeVideo } from "../factories/catalogue.ts";
import { demoVideoPath, writeMedia } from "../factories/stream.ts";
import { createTestApp, type TestApp } from "../harness.ts";
import { signedIn } from "../support/members.ts";

/**
 * Access is one model (docs/decisions/012-entitlements.md): whatever paid for it or gave it, an
 * entitlement covering today in Paris lets a member watch, and the settings show until when.
 */
let t: TestApp;
// Read before any transaction: on PGlite's one connection, a query outside a transaction waits for it.
let premiumId: string;
let lifetimeId: string;
let basicId: string;
beforeAll(async () => {
  t = await createTestApp();
  premiumId = await planId("premium_monthly");
  lifetimeId = await planId("lifetime");
  basicId = await planId("basic_monthly");
});
afterAll(async () => {
  await t.close();
});

const db = () => t.database.db;
const day = 86_400_000;
async function planId(code: string) {
  const [plan] = await db()
    .select({ id: subscriptionPlans.id })
    .from(subscriptionPlans)
    .where(eq(subscriptionPlans.code, code));
  return plan?.id as string;
}
const status = async (m: Awaited<ReturnType<typeof signedIn>>) =>
  (await m.call("GET", "/api/me/settings")).json().subscription;
/** A film with a playable file. */
const playable = () =>
  makeVideo(db(), { videoUrl: writeMedia(t.config, "videos", "film.mp4", fs.readFileSync(demoVideoPath)) });
const ticket = async (m: Awaited<ReturnType<typeof signedIn>>, videoId: string) =>
  m.call("POST", `/api/videos/${videoId}/ticket`, { deviceId: `device-${m.id.slice(0, 8)}` });

describe("entitlements", () => {
  it("lets a member with a gift watch at once, and the settings show the gift's end", async () => {
    const m = await signedIn(t);
    const video = await playable();
    expect((await ticket(m, video.id)).statusCode).toBe(403);
    const premium = premiumId;
    const granted = await db().transaction((tx) =>
      grantEntitlement(tx, { userId: m.id, planId: premium, source: "gift", months: 3 }),
    );
    expect(granted.created).toBe(true);
    expect((await ticket(m, video.id)).statusCode).toBe(200);
    const s = await status(m);
    expect(s).toMatchObject({ state: "active", planCode: "premium_monthly" });
    expect(new Date(s.endsAt).getTime()).toBe(granted.endsAt?.getTime());
  });

  it("stacks a gift after a paid month: it starts when the month ends and the access lasts until the gift ends", async () => {
    const paidEnd = new Date(Date.now() + 10 * day);
    const m = await signedIn(t, { plan: "basic_monthly", periodEnd: paidEnd });
    const gift = await db().transaction(async (tx) =>
      grantEntitlement(tx, {
        userId: m.id,
        planId: premiumId,
        source: "gift",
        months: 2,
        stack: true,
      }),
    );
    expect(gift.startsAt.getTime()).toBe(paidEnd.getTime());
    const s = await status(m);
    // Today the paid basic month plays; the access runs on through the gift.
    expect(s).toMatchObject({ state: "active", planCode: "basic_monthly" });
    expect(new Date(s.endsAt).getTime()).toBe(gift.endsAt?.getTime());
    expect((await activeStreamPlan(db(), m.id, new Date(paidEnd.getTime() + 5 * day)))?.code).toBe(
      "premium_monthly",
    );
  });

  it("stacks two gifts given at the same moment one after the other instead of overlapping them", async () => {
    const m = await signedIn(t);
    const premium = premiumId;
    const gifts = await Promise.all(
      [1, 1].map(() =>
        db().transaction((tx) =>
          grantEntitlement(tx, { userId: m.id, planId: premium, source: "gift", months: 1, stack: true }),
        ),
      ),
    );
    const [first, second] = [...gifts].sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
    expect(second?.startsAt.getTime()).toBe(first?.endsAt?.getTime());
  });

  it("grants once for one provider payment, even when it is delivered twice at once", async () => {
    const m = await signedIn(t);
    const premium = premiumId;
    const results = await Promise.all(
      [0, 1, 2].map(() =>
        db().transaction((tx) =>
          grantEntitlement(tx, {
            userId: m.id,
            planId: premium,
            source: "stripe",
            endsAt: new Date(Date.now() + 30 * day),
            providerRef: `in_${m.id}`,
          }),
        ),
      ),
    );
    expect(results.filter((r) => r.created)).toHaveLength(1);
    expect(new Set(results.map((r) => r.id)).size).toBe(1);
    expect(await db().select().from(entitlements).where(eq(entitlements.userId, m.id))).toHaveLength(1);
  });

  it("ends access at once when a payment is refunded, and the settings then say expired", async () => {
    const m = await signedIn(t);
    const video = await playable();
    await db().transaction(async (tx) =>
      grantEntitlement(tx, {
        userId: m.id,
        planId: premiumId,
        source: "paypal",
        endsAt: new Date(Date.now() + 30 * day),
        providerRef: `order-${m.id}`,
      }),
    );
    expect((await ticket(m, video.id)).statusCode).toBe(200);
    expect(await db().transaction((tx) => revokeEntitlement(tx, "paypal", `order-${m.id}`))).toHaveLength(1);
    expect((await ticket(m, video.id)).statusCode).toBe(403);
    expect((await status(m)).state).toBe("expired");
  });

  it("gives a lifetime plan no end", async () => {
    const m = await signedIn(t);
    await db().transaction(async (tx) =>
      grantEntitlement(tx, {
        userId: m.id,
        planId: lifetimeId,
        source: "stripe",
        endsAt: null,
      }),
    );
    expect(await status(m)).toMatchObject({
      state: "active",
      planCode: "lifetime",
      endsAt: null,
      daysLeft: null,
    });
  });

  it("plays a period ending today in Paris until midnight in Paris, and not a minute after", async () => {
    const m = await signedIn(t);
    const [row] = (
      (await db().execute(
        sql`select (date_trunc('day', now() at time zone 'Europe/Paris') + interval '1 day') at time zone 'Europe/Paris' as midnight`,
      )) as unknown as { rows: { midnight: string }[] }
    ).rows;
    const midnight = new Date(row?.midnight as string);
    await db().transaction(async (tx) =>
      grantEntitlement(tx, {
        userId: m.id,
        planId: basicId,
        source: "gift",
        endsAt: new Date(Math.max(Date.now() + 60_000, midnight.getTime() - 60_000)),
      }),
    );
    expect(await activeStreamPlan(db(), m.id, new Date(midnight.getTime() - 1000))).not.toBeNull();
    expect(await activeStreamPlan(db(), m.id, new Date(midnight.getTime() + 1000))).toBeNull();
  });
});
