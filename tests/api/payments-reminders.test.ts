import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { billingMessages, DEMO_CARDS } from "#contract/billing";
import { subscriptionPlans } from "#db/schema/billing";
import { runExpiryReminders } from "#server/billing/reminders";
import { grantEntitlement } from "#server/shared/entitlement.queries";
import { createTestApp, type TestApp } from "../harness.ts";
import { type SignedIn, signedIn } from "../support/members.ts";

/**
 * spec §9 reminders: N days before the member's access ends (2 by default), one e-mail and one
 * notification, once per period; nothing for a running renewal. The job's clock is given.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { PAYMENT_DEMO: "true" } });
});
afterAll(async () => {
  await t.close();
});

const day = 86_400_000;
const run = (at: Date) => runExpiryReminders({ db: t.database.db, mailer: mailerOf(), config: t.config }, at);
const sent: { to: string; subject: string }[] = [];
const mailerOf = () => ({
  send: async () => {},
  sendLater: (mail: { to: string; subject: string }) => {
    sent.push(mail);
  },
  ready: async () => true,
  close: () => {},
});
const remindersOf = async (m: SignedIn) =>
  ((await m.call("GET", "/api/notifications")).json().items as { title: string }[]).filter(
    (n) => n.title === billingMessages.reminderTitle,
  );

describe("expiry reminders", () => {
  it("reminds once, by e-mail and notification, two days before the end; never twice", async () => {
    const end = new Date(Date.now() + 30 * day);
    const m = await signedIn(t, { plan: "premium_monthly", periodEnd: end });
    expect(await run(new Date(end.getTime() - 5 * day))).toBe(0);
    expect(await remindersOf(m)).toHaveLength(0);
    const at = new Date(end.getTime() - 2 * day);
    await run(at);
    await run(at);
    await run(new Date(end.getTime() - day));
    expect(await remindersOf(m)).toHaveLength(1);
    expect(sent.filter((s) => s.to === m.email)).toHaveLength(1);
  });

  it("does not remind about a period another one follows, nor about a renewal that is running", async () => {
    const end = new Date(Date.now() + 40 * day);
    const gifted = await signedIn(t, { plan: "basic_monthly", periodEnd: end });
    const [premium] = (await t.database.db.select().from(subscriptionPlans)).filter(
      (p) => p.code === "premium_monthly",
    );
    await t.database.db.transaction((tx) =>
      grantEntitlement(tx, {
        userId: gifted.id,
        planId: premium?.id as string,
        source: "gift",
        months: 1,
        stack: true,
      }),
    );
    await run(new Date(end.getTime() - day));
    expect(await remindersOf(gifted)).toHaveLength(0);

    const renewing = await signedIn(t);
    const { paymentId } = (
      await renewing.call("POST", "/api/payments/checkout", {
        planId: premium?.id,
        method: "card",
        waiveWithdrawal: true,
      })
    ).json();
    await renewing.call("POST", `/api/payments/demo/${paymentId}/pay`, { cardNumber: DEMO_CARDS.approved });
    const state = (await renewing.call("GET", "/api/subscription")).json();
    expect(state.agreement).toMatchObject({ cancelAtPeriodEnd: false });
    const periodEnd = new Date(state.endsAt);
    await run(new Date(periodEnd.getTime() - day));
    expect(await remindersOf(renewing)).toHaveLength(0);
    // Once cancelled, its end is an end: reminded.
    await renewing.call("POST", "/api/subscription/cancel");
    await run(new Date(periodEnd.getTime() - day));
    expect(await remindersOf(renewing)).toHaveLength(1);
  });
});
