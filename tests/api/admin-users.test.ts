import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AdminUser, adminUserMessages } from "#contract/admin-users";
import { authMessages } from "#contract/auth";
import { notifications } from "#db/schema/activity";
import { adminAudit } from "#db/schema/admin";
import { profiles, users } from "#db/schema/auth";
import { entitlements, giftSubscriptions } from "#db/schema/billing";
import { makeVideo } from "../factories/catalogue.ts";
import { newDeviceId, writeMedia } from "../factories/stream.ts";
import { createTestApp, type TestApp } from "../harness.ts";
import { type SignedIn, signedIn, signedInAdmin } from "../support/members.ts";

/**
 * Members as administrators manage them (spec §2 Admin « Utilisateurs », §5 User edit and Gift,
 * §6; SECURITY-CHECKLIST 17, 18, 36, 37), on both databases: e-mail and role edited with the
 * username locked, protected accounts and the last administrator never deleted, demoted or gifted
 * (one by one or in bulk), no administrator deleting or demoting themselves, a gift that extends
 * access at once and tells the member, deletions in one transaction, journal lines.
 */

let t: TestApp;
let admin: SignedIn;
const db = () => t.database.db;

beforeAll(async () => {
  t = await createTestApp({ env: { PROTECTED_ACCOUNTS: "gardien, protege@orange.fr" } });
  admin = await signedInAdmin(t);
});
afterAll(async () => {
  await t.close();
});

const user = async (id: string) => (await admin.call("GET", `/api/admin/users?q=${id}`)).json();
const roleOf = async (id: string) =>
  (await db().select({ role: profiles.role }).from(profiles).where(eq(profiles.id, id)))[0]?.role;

describe("editing a member (spec §5 User edit)", () => {
  it("changes the e-mail and the role, never the username; refuses an invalid or taken e-mail", async () => {
    const m = await signedIn(t);
    const other = await signedIn(t);
    await db()
      .update(users)
      .set({ email: `${other.username}@orange.fr` })
      .where(eq(users.id, other.id));
    const res = await admin.call("PATCH", `/api/admin/users/${m.id}`, {
      email: "Nouvelle.Adresse@Orange.fr",
      role: "admin",
      username: "pirate",
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      email: "nouvelle.adresse@orange.fr",
      role: "admin",
      username: m.username,
    });
    const invalid = await admin.call("PATCH", `/api/admin/users/${m.id}`, { email: "pas-une-adresse" });
    expect(invalid.json().fields.email).toBe(authMessages.emailInvalid);
    const taken = await admin.call("PATCH", `/api/admin/users/${m.id}`, {
      email: `${other.username}@ORANGE.fr`,
    });
    expect(taken.json().fields.email).toBe(adminUserMessages.emailTaken);
    const role = await admin.call("PATCH", `/api/admin/users/${m.id}`, { role: "moderateur" });
    expect(role.json().fields.role).toBe(adminUserMessages.roleUnknown);
    // The demoted administrator is refused on their very next request (role read per request).
    await admin.call("PATCH", `/api/admin/users/${m.id}`, { role: "user" });
    expect(await roleOf(m.id)).toBe("membre");
    expect((await m.call("GET", "/api/admin/users")).statusCode).toBe(403);
  });

  it("lists members with search, role, subscription and protection", async () => {
    const found = await admin.call("GET", `/api/admin/users?q=${admin.username.toUpperCase()}`);
    expect(found.json().items).toHaveLength(1);
    expect(found.json().items[0]).toMatchObject({
      id: admin.id,
      role: "admin",
      protected: false,
      subscription: null,
    });
    const admins = await admin.call("GET", "/api/admin/users?role=admin&limit=100");
    expect((admins.json().items as AdminUser[]).every((u) => u.role === "admin")).toBe(true);
    expect(admins.json().administrators).toBeGreaterThanOrEqual(1);
  });
});

describe("accounts that stay (SECURITY-CHECKLIST 17, 37)", () => {
  it("never deletes, demotes or gifts a protected account, by name or by e-mail", async () => {
    const guard = await signedIn(t, { username: "gardien", role: "admin" });
    const byMail = await signedIn(t, { username: "protege-par-mail" });
    await db().update(users).set({ email: "protege@orange.fr" }).where(eq(users.id, byMail.id));
    for (const target of [guard, byMail]) {
      const name = target === guard ? "gardien" : "protege-par-mail";
      const refusal = { code: "ACCESS_DENIED", message: adminUserMessages.protectedAccount(name) };
      expect((await admin.call("DELETE", `/api/admin/users/${target.id}`)).json()).toEqual(
        expect.objectContaining(refusal),
      );
      expect(
        (
          await admin.call("POST", `/api/admin/users/${target.id}/gift`, { planCode: "premium", months: 1 })
        ).json(),
      ).toEqual(expect.objectContaining(refusal));
      const bulk = await admin.call("POST", "/api/admin/users/bulk", {
        action: "delete",
        userIds: [target.id],
      });
      expect(bulk.json()).toEqual(expect.objectContaining(refusal));
    }
    const demote = await admin.call("PATCH", `/api/admin/users/${guard.id}`, { role: "user" });
    expect(demote.json()).toMatchObject({ message: adminUserMessages.protectedAccount("gardien") });
    expect(await roleOf(guard.id)).toBe("admin");
    expect((await user(byMail.username)).items[0].protected).toBe(true);
  });

  it("never lets administrators delete or demote themselves", async () => {
    const self = await admin.call("DELETE", `/api/admin/users/${admin.id}`);
    expect(self.json()).toMatchObject({ code: "ACCESS_DENIED", message: adminUserMessages.notYourself });
    const demote = await admin.call("PATCH", `/api/admin/users/${admin.id}`, { role: "user" });
    expect(demote.json()).toMatchObject({ message: adminUserMessages.notYourself });
    const bulk = await admin.call("POST", "/api/admin/users/bulk", { action: "delete", userIds: [admin.id] });
    expect(bulk.json()).toMatchObject({ message: adminUserMessages.notYourself });
  });

  it("never leaves the product without an administrator, even with two deletions at once", async () => {
    // A fresh application whose only administrators are these two.
    const solo = await createTestApp();
    try {
      const a = await signedInAdmin(solo);
      const b = await signedInAdmin(solo);
      // Each deletes the other at the same instant: one goes, the other stays.
      const [ab, ba] = await Promise.all([
        a.call("DELETE", `/api/admin/users/${b.id}`),
        b.call("DELETE", `/api/admin/users/${a.id}`),
      ]);
      const statuses = [ab.statusCode, ba.statusCode].sort();
      expect(statuses[0]).toBe(200);
      const left = await solo.database.db.$count(profiles, eq(profiles.role, "admin"));
      expect(left).toBe(1);
      // The one left is the last: a gift to them is refused too.
      const last = ab.statusCode === 200 ? a : b;
      const gift = await last.call("POST", `/api/admin/users/${last.id}/gift`, {
        planCode: "premium",
        months: 1,
      });
      expect(gift.json()).toMatchObject({ message: adminUserMessages.lastAdministrator(last.username) });
    } finally {
      await solo.close();
    }
  });
});

describe("gifting a subscription (spec §5 Gift, §7 give-subscription)", () => {
  it.each([
    ["0 months", { planCode: "premium", months: 0 }, "months"],
    ["25 months", { planCode: "premium", months: 25 }, "months"],
    ["-1 month", { planCode: "premium", months: -1 }, "months"],
    ["1.5 months", { planCode: "premium", months: 1.5 }, "months"],
    ["null months", { planCode: "premium", months: null }, "months"],
    ["no months", { planCode: "essentiel" }, "months"],
    ["an unknown plan", { planCode: "platine", months: 1 }, "planCode"],
  ])("refuses %s (SECURITY-CHECKLIST 18)", async (_what, body, field) => {
    const m = await signedIn(t);
    const res = await admin.call("POST", `/api/admin/users/${m.id}/gift`, body);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().fields[field]).toBe(
      field === "months" ? adminUserMessages.monthsRange : adminUserMessages.planUnknown,
    );
    expect(await db().$count(entitlements, eq(entitlements.userId, m.id))).toBe(0);
  });

  it("lets the member play at once, tells them, and extends a running subscription", async () => {
    const m = await signedIn(t, { plan: "basic_monthly", periodEnd: new Date(Date.now() + 10 * 86_400_000) });
    const film = await makeVideo(db(), { videoUrl: writeMedia(t.config, "videos", "cadeau.mp4", "octets") });
    const res = await admin.call("POST", `/api/admin/users/${m.id}/gift`, { planCode: "premium", months: 3 });
    expect(res.statusCode, res.body).toBe(201);
    const { startsAt, endsAt, user: gifted } = res.json();
    // Stacked after the paid period (10 days), for 3 months.
    expect(new Date(startsAt).getTime()).toBeGreaterThan(Date.now() + 9 * 86_400_000);
    const months = (new Date(endsAt).getTime() - new Date(startsAt).getTime()) / 86_400_000;
    expect(months).toBeGreaterThanOrEqual(89);
    expect(months).toBeLessThanOrEqual(93);
    expect(gifted.subscription).toMatchObject({ planCode: "basic_monthly" });
    expect(new Date(gifted.subscription.until).getTime()).toBe(new Date(endsAt).getTime());
    const [gift] = await db().select().from(giftSubscriptions).where(eq(giftSubscriptions.userId, m.id));
    expect(gift).toMatchObject({ planCode: "premium", durationMonths: 3, givenBy: admin.id });
    const inbox = (await m.call("GET", "/api/notifications")).json();
    expect(inbox.items[0]).toMatchObject({ title: adminUserMessages.giftTitle, isRead: false });
    expect(inbox.items[0].message).toContain("Premium");

    // A member without any plan can play the moment it is given.
    const fresh = await signedIn(t);
    const before = await fresh.call("POST", `/api/videos/${film.id}/ticket`, { deviceId: newDeviceId() });
    expect(before.json().code).toBe("SUBSCRIPTION_REQUIRED");
    await admin.call("POST", `/api/admin/users/${fresh.id}/gift`, { planCode: "lifetime" });
    const after = await fresh.call("POST", `/api/videos/${film.id}/ticket`, { deviceId: newDeviceId() });
    expect(after.statusCode, after.body).toBe(200);
    expect(after.json().maxStreams).toBe(5);
  });

  it("gifts several members in bulk, in one transaction: one refused member refuses all", async () => {
    const a = await signedIn(t);
    const b = await signedIn(t);
    const guard = (
      await db().select({ id: profiles.id }).from(profiles).where(eq(profiles.username, "gardien"))
    )[0];
    const refused = await admin.call("POST", "/api/admin/users/bulk", {
      action: "gift",
      userIds: [a.id, guard?.id, b.id],
      planCode: "essentiel",
      months: 2,
    });
    expect(refused.statusCode).toBe(403);
    expect(await db().$count(entitlements, eq(entitlements.userId, a.id))).toBe(0);
    const ok = await admin.call("POST", "/api/admin/users/bulk", {
      action: "gift",
      userIds: [a.id, b.id],
      planCode: "essentiel",
      months: 2,
    });
    expect(ok.json()).toEqual({ changed: 2 });
    expect(
      await db().$count(entitlements, and(eq(entitlements.userId, b.id), eq(entitlements.source, "gift"))),
    ).toBe(1);
  });

  it("refuses, naming them, a gift to a member who has lifetime access: nothing granted, nothing told", async () => {
    const forever = await signedIn(t, { plan: "lifetime" });
    const res = await admin.call("POST", `/api/admin/users/${forever.id}/gift`, {
      planCode: "premium",
      months: 3,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(adminUserMessages.lifetimeAlready(forever.username));
    const bulk = await admin.call("POST", "/api/admin/users/bulk", {
      action: "gift",
      userIds: [forever.id],
      planCode: "essentiel",
      months: 1,
    });
    expect(bulk.statusCode).toBe(409);
    expect(
      await db().$count(
        entitlements,
        and(eq(entitlements.userId, forever.id), eq(entitlements.source, "gift")),
      ),
    ).toBe(0);
    expect(await db().$count(notifications, eq(notifications.userId, forever.id))).toBe(0);
  });
});

describe("deleting a member", () => {
  it("deletes the account and its rows in one transaction, once; the journal keeps who and what", async () => {
    const m = await signedIn(t, { plan: "premium_monthly" });
    await admin.call("POST", "/api/admin/notifications", {
      title: "Bonjour",
      message: "À vous",
      userId: m.id,
    });
    const res = await admin.call("DELETE", `/api/admin/users/${m.id}`);
    expect(res.json()).toEqual({ deleted: 1, message: adminUserMessages.deleted });
    expect(await db().$count(users, eq(users.id, m.id))).toBe(0);
    expect(await db().$count(notifications, eq(notifications.userId, m.id))).toBe(0);
    expect((await m.call("GET", "/api/notifications")).statusCode).toBe(401);
    expect((await admin.call("DELETE", `/api/admin/users/${m.id}`)).statusCode).toBe(404);
    const [line] = await db().select().from(adminAudit).where(eq(adminAudit.targetId, m.id));
    expect(line).toMatchObject({ action: "user.delete", actorId: admin.id, targetLabel: m.username });
    expect(line?.summary).toMatchObject({ before: { username: m.username, email: m.email } });
  });

  it("deletes members in bulk", async () => {
    const a = await signedIn(t);
    const b = await signedIn(t);
    const res = await admin.call("POST", "/api/admin/users/bulk", {
      action: "delete",
      userIds: [a.id, b.id],
    });
    expect(res.json()).toEqual({ changed: 2 });
    expect(await db().$count(users, eq(users.id, b.id))).toBe(0);
  });
});
