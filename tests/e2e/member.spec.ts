import fs from "node:fs";
import type { Browser, Page } from "@playwright/test";
import type { VideoListResponse } from "../../src/contract/catalogue.ts";
import { DEFAULT_SETTINGS, type MemberExport, memberMessages } from "../../src/contract/member.ts";
import { accountText, navText } from "../../src/web/i18n/common.ts";
import { memberText } from "../../src/web/i18n/member.ts";
import { plansText } from "../../src/web/i18n/subscription.ts";
import { seriousA11yViolations } from "./axe.ts";
import { type Account, expect, test } from "./fixtures.ts";

/**
 * The member space in Chromium: true stats on the profile, every setting
 * surviving a reload and a sign-in elsewhere, export, import, erase and account deletion. Each
 * test signs up its own member (through the API and the e-mail code), so the demo accounts the
 * other suites use are never touched.
 */

async function signInElsewhere(browser: Browser, member: Account) {
  const context = await browser.newContext({ locale: "fr-FR", timezoneId: "Europe/Paris", bypassCSP: true });
  const page = await context.newPage();
  const login = await page.request.post("/api/auth/login", {
    data: { identifier: member.username, password: member.password },
  });
  expect(login.ok()).toBe(true);
  return { context, page };
}

async function someVideos(page: Page, n: number) {
  const list = (await (
    await page.request.get(`/api/videos?limit=${n}&sort=title`)
  ).json()) as VideoListResponse;
  return list.items.slice(0, n);
}

const toast = (page: Page, text: string) =>
  page.locator("[data-sonner-toast]").filter({ hasText: text }).first();

test.describe("member space", () => {
  test.use({ bypassCSP: true });

  test("a visitor gets the unauthorised message on /profile and /settings", async ({ page }) => {
    await page.goto("/profile");
    await expect(page.getByRole("heading", { level: 1, name: memberText.signedOutTitle })).toBeVisible();
    await expect(page.getByText(memberText.profileSignedOut)).toBeVisible();
    await expect(page.getByRole("link", { name: memberText.signIn })).toHaveAttribute("href", "/login");
    await page.goto("/settings");
    await expect(page.getByText(memberText.settingsSignedOut)).toBeVisible();
    expect(await seriousA11yViolations(page)).toEqual([]);
  });

  test("the profile shows true stats and activities, and edits the name and avatar", async ({
    page,
    member,
  }) => {
    const [a, b] = await someVideos(page, 2);
    if (!a || !b) throw new Error("demo catalogue missing");
    for (const v of [a, b])
      expect((await page.request.post("/api/favorites", { data: { videoId: v.id } })).status()).toBe(201);
    expect((await page.request.put(`/api/ratings/${a.id}`, { data: { rating: 5 } })).ok()).toBe(true);

    await page.goto("/profile");
    await expect(page.getByRole("heading", { level: 1, name: member.username })).toBeVisible();
    await expect(page.getByRole("main").getByText(member.email)).toBeVisible();
    const since = new Intl.DateTimeFormat("fr-FR", {
      month: "long",
      year: "numeric",
      timeZone: "Europe/Paris",
    }).format(new Date());
    await expect(page.getByText(memberText.memberSince(since))).toBeVisible();
    const tile = (label: string) => page.locator("dl > div").filter({ hasText: label }).locator("dd");
    await expect(tile(memberText.stats.totalFavorites)).toHaveText("2");
    await expect(tile(memberText.stats.totalRatings)).toHaveText("1");
    await expect(tile(memberText.stats.totalWatched)).toHaveText("0");
    const activities = page.getByRole("main").locator("ol > li");
    await expect(activities).toHaveCount(3);
    await expect(activities.first()).toContainText(memberText.activity.rate);
    await expect(activities.first()).toContainText(a.title);
    expect(await seriousA11yViolations(page)).toEqual([]);

    // Edit: a new name and a built-in avatar; the header's menu follows.
    await page.getByRole("button", { name: memberText.editProfile }).click();
    const dialog = page.getByRole("dialog", { name: memberText.edit.title });
    await expect(dialog).toBeVisible();
    const newName = `${member.username}-bis`;
    await dialog.getByLabel(memberText.edit.username).fill("a b");
    await dialog.getByRole("button", { name: memberText.edit.save }).click();
    await expect(dialog.getByText(memberMessages.usernameInvalid)).toBeVisible();
    await dialog.getByLabel(memberText.edit.username).fill(newName);
    await dialog.getByTitle(memberText.edit.builtin.clap).click();
    await expect(dialog.getByRole("radio", { name: memberText.edit.builtin.clap })).toBeChecked();
    await dialog.getByRole("button", { name: memberText.edit.save }).click();
    await expect(toast(page, memberMessages.profileUpdated)).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole("heading", { level: 1, name: newName })).toBeVisible();
    await expect(page.getByRole("button", { name: accountText.menuLabel(newName) })).toBeVisible();
    await page.reload();
    await expect(page.getByRole("heading", { level: 1, name: newName })).toBeVisible();
  });

  test("every setting is saved on the server: it survives a reload and a sign-in in another browser", async ({
    page,
    browser,
    member,
  }) => {
    await page.goto("/settings");
    await expect(page.getByRole("heading", { level: 1, name: memberText.settingsTitle })).toBeVisible();
    await expect(page.getByText(memberText.subscription.none)).toBeVisible();
    await expect(page.getByRole("main").getByText(member.email)).toBeVisible();
    expect(await seriousA11yViolations(page)).toEqual([]);

    // Each change is one PUT; the first says 'Paramètres sauvegardés' (spec §8).
    const saving = () =>
      page.waitForResponse(
        (r) => r.url().endsWith("/api/me/settings") && r.request().method() === "PUT" && r.ok(),
      );
    let toastSeen = false;
    const saved = async (put: Promise<unknown>) => {
      await put;
      if (!toastSeen) {
        await expect(toast(page, memberMessages.settingsSaved)).toBeVisible();
        toastSeen = true;
      }
    };
    const m = memberText;
    for (const name of [m.notificationsLabel, m.autoplay, m.subtitles]) {
      const put = saving();
      await page.getByRole("switch", { name }).click();
      await saved(put);
    }
    const selects: [string, string][] = [
      [m.quality, m.qualities.high],
      [m.languageLabel, m.languages.es],
      [m.theme, m.themes.light],
      [m.maturity, m.maturities.teen],
      [m.preferredMethod, m.methods.paypal],
      [m.reminder, m.reminderDays(7)],
    ];
    for (const [label, option] of selects) {
      const put = saving();
      await page.getByLabel(label, { exact: true }).selectOption({ label: option });
      await saved(put);
    }
    const renew = saving();
    await page.getByRole("switch", { name: m.autoRenew }).click();
    await saved(renew);
    const volume = page.getByLabel(m.volume);
    await volume.focus();
    const lower = saving();
    for (let i = 0; i < 6; i++) await page.keyboard.press("ArrowLeft");
    await saved(lower);

    const expected = {
      notifications: false,
      autoplay: false,
      quality: "high",
      language: "es",
      subtitles: false,
      maturity: "teen",
      volume: 0.5,
      theme: "light",
      billing: { preferredMethod: "paypal", autoRenew: false, notifyBeforeDays: 7 },
    };
    const check = async (p: Page) => {
      await expect(p.getByRole("switch", { name: m.notificationsLabel })).toHaveAttribute(
        "aria-checked",
        "false",
      );
      await expect(p.getByRole("switch", { name: m.autoplay })).toHaveAttribute("aria-checked", "false");
      await expect(p.getByRole("switch", { name: m.subtitles })).toHaveAttribute("aria-checked", "false");
      await expect(p.getByRole("switch", { name: m.autoRenew })).toHaveAttribute("aria-checked", "false");
      for (const [label, option] of selects) {
        await expect(p.getByLabel(label, { exact: true }).locator("option:checked")).toHaveText(option);
      }
      await expect(p.getByLabel(m.volume)).toHaveValue("50");
    };
    await page.reload();
    await check(page);
    expect((await (await page.request.get("/api/me/settings")).json()).settings).toEqual(expected);

    const other = await signInElsewhere(browser, member);
    await other.page.goto("/settings");
    await check(other.page);
    // The parental control chosen here applies to the catalogue there: no 18+ title.
    const list = (await (await other.page.request.get("/api/videos?limit=100")).json()) as VideoListResponse;
    expect(list.items.length).toBeGreaterThan(0);
    expect(list.items.every((v) => v.maturity !== "mature")).toBe(true);
    // The plans screen starts on the preferred method, and says a monthly plan paid so won't renew.
    await other.page.goto("/subscription");
    await expect(
      other.page.getByRole("radio", { name: new RegExp(`^${plansText.methods.paypal.label}`) }),
    ).toBeChecked();
    await expect(other.page.getByText(plansText.noAutoRenew("paypal"))).toBeVisible();
    await other.page.getByText(plansText.methods.card.label, { exact: true }).click();
    await expect(other.page.getByText(plansText.noAutoRenew("paypal"))).toHaveCount(0);
    await other.context.close();
  });

  test("exports a file that matches the server, imports settings (refusing a bad file), then erases everything", async ({
    page,
    member: _member,
  }) => {
    const [a] = await someVideos(page, 1);
    if (!a) throw new Error("demo catalogue missing");
    await page.request.post("/api/favorites", { data: { videoId: a.id } });
    await page.request.put(`/api/ratings/${a.id}`, { data: { rating: 3 } });
    await page.request.put("/api/me/settings", { data: { quality: "low" } });

    await page.goto("/settings");
    const downloading = page.waitForEvent("download");
    await page.getByRole("button", { name: memberText.data.exportAction }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^bobine-mes-donnees-\d{4}-\d{2}-\d{2}\.json$/);
    const file = JSON.parse(fs.readFileSync(await download.path(), "utf8")) as MemberExport;
    await expect(toast(page, memberMessages.dataExported)).toBeVisible();
    const server = (await (await page.request.get("/api/me/export")).json()) as MemberExport;
    const { exportedAt: _a, sessions: _s, ...fromFile } = file;
    const { exportedAt: _b, sessions: _t, ...fromServer } = server;
    expect(fromFile).toEqual(fromServer);
    expect(file.favorites.map((f) => f.videoId)).toEqual([a.id]);
    expect(file.ratings.map((r) => r.rating)).toEqual([3]);
    expect(file.settings.quality).toBe("low");

    // Import: a bad file is refused in French; the exported file brings its settings back.
    const input = page.getByTestId("settings-import-file");
    await input.setInputFiles({
      name: "faux.json",
      mimeType: "application/json",
      buffer: Buffer.from('{"volume": 9}'),
    });
    await expect(page.getByRole("alert").filter({ hasText: memberMessages.importInvalid })).toBeVisible();
    const imported = { ...DEFAULT_SETTINGS, quality: "ultra", volume: 0.3 };
    await input.setInputFiles({
      name: "reglages.json",
      mimeType: "application/json",
      buffer: Buffer.from(JSON.stringify(imported)),
    });
    await expect(toast(page, memberMessages.settingsUpdated)).toBeVisible();
    await expect(page.getByLabel(memberText.quality, { exact: true }).locator("option:checked")).toHaveText(
      memberText.qualities.ultra,
    );
    expect((await (await page.request.get("/api/me/settings")).json()).settings).toEqual(imported);

    // Erase, behind the spec's confirmation.
    await page.getByRole("button", { name: memberText.data.eraseAction }).click();
    const confirm = page.getByRole("alertdialog", { name: memberMessages.confirmEraseAll });
    await expect(confirm).toBeVisible();
    await confirm.getByRole("button", { name: memberText.data.confirm }).click();
    await expect(toast(page, memberMessages.dataErased)).toBeVisible();
    const profile = await (await page.request.get("/api/me/profile")).json();
    expect(profile.stats).toEqual({ totalWatched: 0, totalFavorites: 0, totalRatings: 0, totalHours: 0 });
    expect(profile.activities).toEqual([]);
    expect((await (await page.request.get("/api/me/settings")).json()).settings).toEqual(DEFAULT_SETTINGS);
    await expect(page.getByLabel(memberText.quality, { exact: true }).locator("option:checked")).toHaveText(
      memberText.qualities.auto,
    );
  });

  test("deletes the account after the password, and the account can no longer sign in", async ({
    page,
    member,
  }) => {
    await page.goto("/settings");
    await page.getByRole("button", { name: memberText.data.deleteAction }).click();
    const dialog = page.getByRole("alertdialog", { name: memberText.data.deleteConfirmTitle });
    await dialog.getByLabel(memberText.data.password, { exact: true }).fill("pas-le-bon");
    await dialog.getByRole("button", { name: memberText.data.deleteAction }).click();
    await expect(dialog.getByText(memberMessages.passwordWrong)).toBeVisible();
    await dialog.getByLabel(memberText.data.password, { exact: true }).fill(member.password);
    await dialog.getByRole("button", { name: memberText.data.deleteAction }).click();
    await expect(toast(page, memberText.toasts.accountDeleted)).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("link", { name: navText.login }).first()).toBeVisible();
    const login = await page.request.post("/api/auth/login", {
      data: { identifier: member.username, password: member.password },
    });
    expect(login.ok()).toBe(false);
  });
});
