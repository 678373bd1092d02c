import { type BrowserContext, expect, type Page, test } from "@playwright/test";
import { NOTIFICATION_LIMITS } from "../../src/contract/notifications.ts";
import { notificationsText } from "../../src/web/i18n/notifications.ts";
import { seriousA11yViolations } from "./axe.ts";
import { FIXTURE_ADMIN } from "./fixture-accounts.ts";
import { signIn, signUp } from "./fixtures.ts";

/** The admin's side: a signed-in request context sending through POST /api/admin/notifications. */
async function adminSender(context: BrowserContext) {
  await signIn(context.request, FIXTURE_ADMIN);
  return async (userId: string, title: string, message = "Un message de test.") => {
    const res = await context.request.post("/api/admin/notifications", { data: { userId, title, message } });
    expect(res.status(), await res.text()).toBe(201);
  };
}

const bell = (page: Page) => page.getByRole("button", { name: /^Notifications/ });
const badge = (page: Page) => page.getByTestId("notification-badge");
const panel = (page: Page) => page.getByRole("dialog", { name: notificationsText.title });

test.describe("Notifications", () => {
  test.use({ bypassCSP: true });

  test("a notification sent to the member appears in both open tabs without reload; reading it in one updates the other", async ({
    browser,
  }) => {
    // A member of its own (sign-up with its e-mail code) and eleven sends: more than the default budget.
    test.slow();
    const member = await browser.newContext();
    const admin = await browser.newContext();
    const memberId = (await signUp(member.request)).id;
    expect((await member.request.post("/api/notifications/read-all")).ok()).toBe(true);
    const send = await adminSender(admin);

    const tabA = await member.newPage();
    const tabB = await member.newPage();
    const errors: string[] = [];
    for (const tab of [tabA, tabB]) tab.on("pageerror", (e) => errors.push(e.message));
    // Both tabs hold their stream before the send.
    const streams = [tabA, tabB].map((tab) =>
      tab.waitForResponse((r) => r.url().includes("/api/notifications/stream") && r.status() === 200),
    );
    await tabA.goto("/");
    await tabB.goto("/");
    await Promise.all(streams);
    await expect(bell(tabA)).toHaveAccessibleName(notificationsText.bellLabel(0));
    await expect(badge(tabA)).toHaveCount(0);
    await expect(badge(tabB)).toHaveCount(0);

    const title = `Nouvelle saison ${Date.now()}`;
    await send(memberId, title, "La saison 2 des Phares est en ligne.");
    // spec §9 realtime: in both tabs, without reloading (no test asserts a timing: the default wait).
    await expect(badge(tabA)).toHaveText("1");
    await expect(badge(tabB)).toHaveText("1");
    await expect(bell(tabA)).toHaveAccessibleName(notificationsText.bellLabel(1));

    // The panel: title, 'Tout lire' while unread exist, newest first with a relative date in French.
    await bell(tabA).click();
    await expect(panel(tabA)).toBeVisible();
    await expect(panel(tabA).getByRole("heading", { name: notificationsText.title })).toBeVisible();
    await expect(panel(tabA).getByRole("button", { name: notificationsText.readAll })).toBeVisible();
    const item = panel(tabA).getByRole("listitem").first();
    await expect(item).toContainText(title);
    await expect(item).toContainText("maintenant");
    expect(await seriousA11yViolations(tabA)).toEqual([]);

    // Clicking marks it read: this tab at once (optimistic), the other after the next event.
    await item.getByRole("button").click();
    await expect(badge(tabA)).toHaveCount(0);
    await expect(panel(tabA).getByRole("button", { name: notificationsText.readAll })).toHaveCount(0);
    await expect(badge(tabB)).toHaveCount(0);

    // Escape closes and gives focus back to the bell.
    await tabA.keyboard.press("Escape");
    await expect(panel(tabA)).toHaveCount(0);
    await expect(bell(tabA)).toBeFocused();

    // 'Tout lire' reads them all, and the badge caps at 9+.
    for (let i = 1; i <= 10; i++) await send(memberId, `Rappel ${i}`);
    await expect(badge(tabB)).toHaveText("9+");
    await bell(tabB).press("Enter");
    await expect(panel(tabB)).toBeVisible();
    await expect(panel(tabB).getByRole("listitem")).toHaveCount(NOTIFICATION_LIMITS.web);
    await panel(tabB).getByRole("button", { name: notificationsText.readAll }).press("Enter");
    await expect(badge(tabB)).toHaveCount(0);
    await expect(badge(tabA)).toHaveCount(0);
    // Its button gone with the last unread one, the panel stays open with the focus in it.
    await expect(panel(tabB)).toBeVisible();
    await expect(panel(tabB)).toBeFocused();

    expect(errors).toEqual([]);
    await member.close();
    await admin.close();
  });

  test("the desktop-app header lists 8", async ({ browser }) => {
    const desktop = await browser.newContext({ userAgent: "Mozilla/5.0 Chrome/130 BobineDesktop/1.0" });
    const admin = await browser.newContext();
    const memberId = (await signUp(desktop.request)).id;
    const send = await adminSender(admin);
    for (let i = 1; i <= 9; i++) await send(memberId, `Bureau ${i}`);

    const page = await desktop.newPage();
    await page.goto("/");
    await bell(page).click();
    await expect(panel(page).getByRole("listitem")).toHaveCount(NOTIFICATION_LIMITS.desktop);
    await expect(panel(page).getByRole("listitem").first()).toContainText("Bureau 9");
    await desktop.close();
    await admin.close();
  });
});
