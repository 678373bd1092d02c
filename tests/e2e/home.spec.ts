import { expect, type Page, test } from "@playwright/test";
import { type HomeRails, type HomeResponse, unpackHome } from "../../src/contract/catalogue.ts";
import { homeText, landingText } from "../../src/web/i18n/catalogue.ts";
import { videoText } from "../../src/web/i18n/common.ts";
import { seriousA11yViolations } from "./axe.ts";

const rails = homeText.rails;

/** A rail is the section labelled by its title; its cards are the list items. */
const rail = (page: Page, title: string) => page.getByRole("region", { name: title, exact: true });

test.describe("home rails on the demo catalogue", () => {
  test.use({ bypassCSP: true });

  test("shows every rail of the spec with the API's cards, in order, each drawn when scrolled to", async ({
    page,
    request,
  }) => {
    const home = unpackHome((await (await request.get("/api/home")).json()) as HomeResponse);
    expect(home.genres).toHaveLength(4);
    const expected: [string, HomeRails["trending"]][] = [
      [rails.trending, home.trending],
      [rails.premium, home.premium],
      [rails.newest, home.newest],
      [rails.movies, home.movies],
      [rails.series, home.series],
      ...home.genres.map((g): [string, HomeRails["trending"]] => [rails.genre(g.name), g.items]),
      [rails.discover, home.discover],
    ];
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    await page.goto("/");

    await expect(page.getByRole("link", { name: homeText.play })).toBeVisible();
    const heroTitle = await page.locator("#hero-title").textContent();
    expect(home.hero.map((v) => v.title)).toContain(heroTitle);

    const headings = await page.locator("main h2").allTextContents();
    expect(headings.filter((h) => h !== heroTitle)).toEqual(expected.map(([title]) => title));
    // The rails below the fold draw their cards as the reader scrolls to them (issue 14): scrolled to.
    for (const [title, items] of expected) {
      const section = rail(page, title);
      await section.scrollIntoViewIfNeeded();
      await expect(section.getByRole("listitem")).toHaveCount(items.length);
      const titles = await section.getByRole("heading", { level: 3 }).allTextContents();
      expect(titles).toEqual(items.map((v) => v.title));
    }
    expect(home.trending).toHaveLength(15);
    expect(home.discover).toHaveLength(24);
    expect(errors).toEqual([]);
  });

  test("scrolls a rail with its next and previous buttons, and reaches cards by keyboard", async ({
    page,
  }) => {
    await page.goto("/");
    const section = rail(page, rails.trending);
    const list = section.getByRole("list");
    const previous = section.getByRole("button", { name: homeText.railPrevious(rails.trending) });
    const next = section.getByRole("button", { name: homeText.railNext(rails.trending) });
    await expect(previous).toBeDisabled();
    expect(await list.evaluate((el) => el.scrollLeft)).toBe(0);
    await next.click();
    await expect.poll(() => list.evaluate((el) => el.scrollLeft)).toBeGreaterThan(200);
    await expect(previous).toBeEnabled();
    await previous.click();
    await expect.poll(() => list.evaluate((el) => el.scrollLeft)).toBe(0);

    // The rail reaches its end while « next » has the keyboard's focus: spent, it keeps the focus.
    await next.focus();
    await list.evaluate((el) => {
      el.scrollLeft = el.scrollWidth;
    });
    await expect(next).toBeDisabled();
    await expect(next).toBeFocused();
    await list.evaluate((el) => {
      el.scrollLeft = 0;
    });
    await expect(previous).toBeDisabled();

    // Tabbing through the cards (each card's overlay actions, then its title) scrolls the rail
    // to the focused one.
    const titles = section.getByRole("heading", { level: 3 }).getByRole("link");
    const tenth = titles.nth(9);
    await section.getByRole("link").first().focus();
    for (let i = 0; i < 60 && !(await tenth.evaluate((el) => el === document.activeElement)); i++)
      await page.keyboard.press("Tab");
    await expect(tenth).toBeFocused();
    await expect(tenth).toBeInViewport();
    expect(await list.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
  });

  test("has no serious accessibility violation", async ({ page }) => {
    await page.goto("/");
    await expect(rail(page, rails.trending)).toBeVisible();
    expect(await seriousA11yViolations(page)).toEqual([]);
  });
});

test.describe("Films and Séries pages", () => {
  test.use({ bypassCSP: true });

  for (const [path, type, badge, other] of [
    ["/movies", "movie", videoText.badge.movie, videoText.badge.series],
    ["/series", "series", videoText.badge.series, videoText.badge.movie],
  ] as const) {
    test(`${path} shows a hero and three rows of 10 of one type only`, async ({ page }) => {
      const errors: string[] = [];
      page.on("pageerror", (e) => errors.push(e.message));
      await page.goto(path);
      const t = landingText[type];
      await expect(page.getByRole("link", { name: homeText.play })).toBeVisible();
      for (const title of [t.popular, t.newest, t.topRated]) {
        await expect(rail(page, title).getByRole("listitem")).toHaveCount(10);
      }
      const main = page.getByRole("main");
      await expect(main.getByText(badge, { exact: true }).first()).toBeVisible();
      await expect(main.getByText(other, { exact: true })).toHaveCount(0);
      expect(await seriousA11yViolations(page)).toEqual([]);
      expect(errors).toEqual([]);
    });
  }
});
