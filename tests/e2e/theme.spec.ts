import type { Page } from "@playwright/test";
import { memberText } from "../../src/web/i18n/member.ts";
import { seriousA11yViolations } from "./axe.ts";
import { expect, firstFilm, test } from "./fixtures.ts";

/** spec §9 Settings: theme. Clair, Sombre and Système, applied at once and before the first paint. */
const themeOf = (page: Page) => page.evaluate(() => document.documentElement.dataset.theme);
const background = (page: Page) =>
  page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);

test.describe("the theme", () => {
  test.use({ bypassCSP: true });

  test("« Thème : Clair » applies at once and, on the next visit, before the app has even loaded", async ({
    page,
    member,
  }) => {
    expect(member.username).toBeTruthy();
    await page.goto("/settings");
    expect(await themeOf(page)).toBe("dark");
    await page.getByLabel(memberText.theme, { exact: true }).selectOption({ label: memberText.themes.light });
    await expect.poll(() => themeOf(page)).toBe("light");
    expect(await background(page)).toBe("rgb(246, 245, 241)");

    // Next visit with the app's own code held back: the page is already light (no dark flash).
    await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
    await page.goto("/");
    expect(await themeOf(page)).toBe("light");
    expect(await background(page)).toBe("rgb(246, 245, 241)");
    await page.unroute(/\/assets\/.*\.js$/);

    await page.goto("/settings");
    await page.getByLabel(memberText.theme, { exact: true }).selectOption({ label: memberText.themes.dark });
    await expect.poll(() => themeOf(page)).toBe("dark");
  });

  test("« Système » follows the device, also when it switches", async ({ page, member }) => {
    expect(member.username).toBeTruthy();
    await page.emulateMedia({ colorScheme: "light" });
    await page.goto("/settings");
    await page
      .getByLabel(memberText.theme, { exact: true })
      .selectOption({ label: memberText.themes.system });
    await expect.poll(() => themeOf(page)).toBe("light");
    await page.emulateMedia({ colorScheme: "dark" });
    await expect.poll(() => themeOf(page)).toBe("dark");
    await page.emulateMedia({ colorScheme: "light" });
    await expect.poll(() => themeOf(page)).toBe("light");
  });

  // Each theme at one width, so both widths are checked without a second pass: dark on a desktop
  // screen, light on a 390 px phone.
  for (const [theme, width] of [
    ["dark", 1440],
    ["light", 390],
  ] as const) {
    test(`home, Explorer, info and settings pass axe (contrast included) in the ${theme} theme at ${width} px`, async ({
      page,
      member,
    }) => {
      test.setTimeout(90_000);
      await page.setViewportSize({ width, height: 844 });
      expect(member.username).toBeTruthy();
      // The device's copy for the visitor's screens, the member's setting for their own.
      await page.addInitScript((t) => localStorage.setItem("bobine:theme", t), theme);
      expect((await page.request.put("/api/me/settings", { data: { theme } })).ok()).toBe(true);
      const film = await firstFilm(page.request);
      const problems: string[] = [];
      for (const route of ["/", "/browse", `/info/${film.id}`, "/settings"]) {
        await page.goto(route);
        await page.locator("h1").first().waitFor({ state: "attached" });
        await expect.poll(() => page.locator(".skeleton").count()).toBe(0);
        expect(await themeOf(page)).toBe(theme);
        for (const v of await seriousA11yViolations(page)) problems.push(`${route}: ${v}`);
      }
      expect(problems).toEqual([]);
    });
  }
});
