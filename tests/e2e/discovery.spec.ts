import { expect, test } from "@playwright/test";
import { navText } from "../../src/web/i18n/common.ts";
import { discoveryText } from "../../src/web/i18n/search.ts";
import { seriousA11yViolations } from "./axe.ts";

const d = discoveryText;

test.describe("header search box", () => {
  test("a search with no match says 'Aucun résultat trouvé' above 'Voir tous les résultats'", async ({
    page,
  }) => {
    await page.goto("/");
    const box = page.getByRole("combobox", { name: d.searchLabel });
    await box.fill("xqzwv");
    const header = page.getByRole("banner");
    // The visible line (a live region repeats it for screen readers).
    await expect(header.getByText("Aucun résultat trouvé", { exact: true }).first()).toBeVisible();
    await expect(page.getByRole("option", { name: d.seeAll })).toBeVisible();
    await expect(page.getByRole("option")).toHaveCount(1);
  });

  test("suggests « Cœur de pierre » for 'coeur' and opens its player", async ({ page }) => {
    await page.goto("/");
    const box = page.getByRole("combobox", { name: d.searchLabel });
    await box.fill("coeur");
    const option = page.getByRole("option", { name: /Cœur de pierre/ });
    await expect(option).toBeVisible();
    await expect(box).toHaveAttribute("aria-expanded", "true");
    // Escape closes, typing reopens.
    await box.press("Escape");
    await expect(option).toBeHidden();
    await box.press("ArrowDown");
    await expect(option).toBeVisible();
    await option.click();
    await expect(page).toHaveURL(/\/video\/[0-9a-f-]{36}$/);
  });

  test("the keyboard picks a suggestion: arrow down then Enter", async ({ page }) => {
    await page.goto("/");
    const box = page.getByRole("combobox", { name: d.searchLabel });
    await box.fill("coeur");
    await expect(page.getByRole("option", { name: /Cœur de pierre/ })).toBeVisible();
    await box.press("ArrowDown");
    await expect(page.getByRole("option", { name: /Cœur de pierre/ })).toHaveAttribute(
      "aria-selected",
      "true",
    );
    await box.press("Enter");
    await expect(page).toHaveURL(/\/video\/[0-9a-f-]{36}$/);
  });

  test("'Voir tous les résultats' opens /search?q=coeur with a count", async ({ page }) => {
    await page.goto("/");
    const box = page.getByRole("combobox", { name: d.searchLabel });
    await box.fill("coeur");
    await page.getByRole("option", { name: d.seeAll }).click();
    await expect(page).toHaveURL(/\/search\?q=coeur$/);
    await expect(page.getByRole("status").filter({ hasText: /résultats?/ })).toContainText(
      /\d+\srésultats? pour «\scoeur\s»/,
    );
    await expect(page.getByRole("link", { name: "Cœur de pierre", exact: true })).toBeVisible();
  });

  test("lives in the mobile nav on a small screen", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/");
    await page.getByRole("button", { name: navText.openMenu }).click();
    const box = page.getByRole("combobox", { name: d.searchLabel });
    await expect(box).toBeVisible();
    await box.fill("coeur");
    await expect(page.getByRole("option", { name: /Cœur de pierre/ })).toBeVisible();
  });
});

test.describe("search page", () => {
  test("a typo still finds its title", async ({ page }) => {
    await page.goto(`/search?q=${encodeURIComponent("dernier trian pour arles")}`);
    await expect(page.getByRole("link", { name: "Le Dernier Train pour Arles", exact: true })).toBeVisible();
  });

  test("the sort is kept in the URL", async ({ page }) => {
    await page.goto("/search?q=le");
    await page.getByLabel(d.sortLabel).selectOption("title");
    await expect(page).toHaveURL(/sort=title/);
  });

  test("no result shows the empty state with suggestions and a way to clear", async ({ page }) => {
    await page.goto("/search?q=zzqqxxwwkk");
    await expect(page.getByRole("heading", { name: d.noResults })).toBeVisible();
    await expect(page.getByRole("heading", { name: d.suggestionsTitle })).toBeVisible();
    await page.getByRole("button", { name: d.clearQuery }).last().press("Enter");
    await expect(page).toHaveURL(/\/search$/);
    await expect(page.getByRole("status").filter({ hasText: /résultats/ })).toBeVisible();
    // The button gone with the empty state, the focus is in the search box, not on the page.
    await expect(page.getByRole("main").getByRole("searchbox")).toBeFocused();
  });

  test("has the Explorer's structure: a category from the Filtres panel narrows the results, Moderne groups them, all in the address", async ({
    page,
    request,
  }) => {
    const all = await (await request.get("/api/videos?q=le&limit=1")).json();
    const drame = await (await request.get("/api/videos?q=le&limit=1&categories=Drame")).json();
    expect(drame.total).toBeGreaterThan(0);
    expect(drame.total).toBeLessThan(all.total);

    await page.goto("/search?q=le");
    const count = page.getByRole("status").filter({ hasText: /résultats?/ });
    await expect(count).toContainText(`${all.total}`);
    // The search page opens on the classic grid (relevance order).
    await expect(page.getByRole("button", { name: d.viewClassic })).toHaveAttribute("aria-pressed", "true");
    await page.getByRole("button", { name: /^Filtres/ }).click();
    await page.getByRole("checkbox", { name: /^Drame/ }).click();
    await expect(page).toHaveURL(/categories=Drame/);
    await expect(count).toContainText(`${drame.total}\u00a0résultat`);
    await page.getByRole("button", { name: d.viewModern }).click();
    await expect(page).toHaveURL(/view=modern/);
    await expect(page.getByRole("heading", { level: 2, name: /^Drame/ })).toBeVisible();
    await page.reload();
    await expect(count).toContainText(`${drame.total}\u00a0résultat`);
  });

  test("a query over 100 characters shows the server's French message", async ({ page }) => {
    await page.goto(`/search?q=${"a".repeat(101)}`);
    await expect(page.getByRole("alert").filter({ hasText: "100 caractères" })).toBeVisible();
  });
});

test.describe("Explorer", () => {
  test("a category filter lives in the URL, survives a reload and is reset", async ({ page, request }) => {
    const all = await (await request.get("/api/videos?limit=1")).json();
    const drame = await (await request.get("/api/videos?limit=1&categories=Drame")).json();
    expect(drame.total).toBeLessThan(all.total);

    await page.goto("/browse");
    const count = page.getByRole("status").filter({ hasText: /résultats?/ });
    await expect(count).toContainText(`${all.total}`);
    await page.getByRole("button", { name: /^Filtres/ }).click();
    await page.getByRole("checkbox", { name: /^Drame/ }).click();
    await expect(page).toHaveURL(/categories=Drame/);
    await expect(count).toContainText(`${drame.total}\u00a0résultat`);
    await expect(page.getByRole("button", { name: /^Filtres/ })).toContainText("1");

    await page.reload();
    await expect(count).toContainText(`${drame.total}\u00a0résultat`);
    await expect(page.getByRole("checkbox", { name: /^Drame/ })).toBeChecked();

    await page.getByRole("button", { name: d.clearFilters }).click();
    await expect(page).not.toHaveURL(/categories=/);
    await expect(count).toContainText(`${all.total}`);

    await page.goBack();
    await expect(page).toHaveURL(/categories=Drame/);
  });

  test("language, years and rating range filter the list and count as active filters", async ({
    page,
    request,
  }) => {
    const year = new Date().getFullYear();
    const expected = await (
      await request.get(`/api/videos?limit=1&language=fr&yearMin=2020&yearMax=${year}&ratingMin=4`)
    ).json();
    await page.goto("/browse?view=classic");
    await page.getByRole("button", { name: /^Filtres/ }).click();
    await page.getByLabel(d.language).selectOption("fr");
    await expect(page).toHaveURL(/language=fr/);
    await page.getByLabel(d.yearMin).fill("2020");
    await expect(page).toHaveURL(/yearMin=2020/);
    await page.getByLabel(d.yearMax).fill(String(year));
    await expect(page).toHaveURL(new RegExp(`yearMax=${year}`));
    await page.getByLabel(d.ratingMin).fill("4");
    await expect(page).toHaveURL(/ratingMin=4/);
    // Quick changes one after the other all stay in the address (none overwrites another).
    await expect(page).toHaveURL(new RegExp(`language=fr&yearMin=2020&yearMax=${year}&ratingMin=4`));
    await expect(page.getByRole("status").filter({ hasText: /résultat/ })).toContainText(
      `${expected.total}\u00a0résultat`,
    );
    await expect(page.getByRole("button", { name: /^Filtres/ })).toContainText("4");
  });

  test("a year outside 1900..this year stays in its box, is not applied, and the box says why", async ({
    page,
  }) => {
    const year = new Date().getFullYear();
    await page.goto("/browse?view=classic");
    await page.getByRole("button", { name: /^Filtres/ }).click();
    const yearMin = page.getByLabel(d.yearMin);
    await yearMin.fill("2020");
    await expect(page).toHaveURL(/yearMin=2020/);
    await yearMin.fill("1800");
    await expect(yearMin).toHaveValue("1800");
    await expect(yearMin).toHaveAttribute("aria-invalid", "true");
    await expect(yearMin).toHaveAccessibleDescription(`Entre 1900 et ${year}\u00a0: filtre non appliqué.`);
    await expect(page).not.toHaveURL(/yearMin=/);
    const yearMax = page.getByLabel(d.yearMax);
    await yearMax.fill("2999");
    await yearMax.blur();
    await expect(page.getByText(`Entre 1900 et ${year}\u00a0: filtre non appliqué.`)).toHaveCount(2);
    await expect(page).not.toHaveURL(/yearMax=/);
    // A valid year is applied and the message goes.
    await yearMin.fill("2020");
    await expect(page).toHaveURL(/yearMin=2020/);
    await expect(yearMin).not.toHaveAttribute("aria-invalid", "true");
  });

  test("the view toggle switches between Moderne and Grille Classique", async ({ page }) => {
    await page.goto("/browse");
    const modern = page.getByRole("button", { name: d.viewModern });
    const classic = page.getByRole("button", { name: d.viewClassic });
    await expect(modern).toHaveAttribute("aria-pressed", "true");
    await expect(page.getByRole("heading", { level: 2, name: /Drame/ })).toBeVisible();
    await classic.click();
    await expect(page).toHaveURL(/view=classic/);
    await expect(classic).toHaveAttribute("aria-pressed", "true");
    await expect(page.getByRole("heading", { level: 2, name: /Drame/ })).toHaveCount(0);
  });

  test("Moderne draws a later section's cards when it is scrolled to, and every section of a search at once", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto("/browse");
    const sections = page.locator("main section[aria-labelledby]");
    await expect(sections.first().locator("article").first()).toBeVisible();
    // Far below the fold, the last section holds its cards' boxes, hidden from assistive technology.
    const last = sections.last();
    await expect(last.locator("article")).toHaveCount(0);
    await expect(last.locator("li[aria-hidden='true']").first()).toBeAttached();
    await last.scrollIntoViewIfNeeded();
    await expect(last.locator("article").first()).toBeVisible();
    await expect(last.locator("li[aria-hidden='true']")).toHaveCount(0);

    // A search draws all its sections: the title sought may be in any of them.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.locator("main").getByLabel(d.searchLabel).fill("le");
    await expect(page.getByRole("status").filter({ hasText: d.forQuery("le") })).toBeVisible();
    expect(await sections.count()).toBeGreaterThan(3);
    await expect(page.locator("main section li[aria-hidden='true']")).toHaveCount(0);
    await expect(sections.last().locator("article").first()).toBeAttached();
  });

  test("an impossible combination shows 'Aucun résultat trouvé' and the filters can be cleared", async ({
    page,
  }) => {
    await page.goto("/browse?q=coeur&categories=Horreur&ratingMin=5");
    await expect(page.getByRole("heading", { name: d.noResults })).toBeVisible();
    await page.getByRole("main").getByRole("button", { name: d.clearFilters }).last().press("Enter");
    await expect(page).toHaveURL(/\/browse\?q=coeur$/);
    await expect(page.getByRole("button", { name: /^Filtres/ })).toBeFocused();
    await expect(page.getByRole("link", { name: "Cœur de pierre", exact: true })).toBeVisible();
  });
});

test.describe("discovery accessibility", () => {
  test.use({ bypassCSP: true });
  for (const path of ["/browse", "/search?q=coeur", "/search?q=zzqqxxwwkk"]) {
    test(`${path} has no serious or critical axe violation`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole("status").filter({ hasText: /résultats?/ })).toBeVisible();
      if (path === "/browse") await page.getByRole("button", { name: /^Filtres/ }).click();
      expect(await seriousA11yViolations(page)).toEqual([]);
    });
  }

  test("the header box with suggestions open has no serious axe violation", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("combobox", { name: d.searchLabel }).fill("coeur");
    await expect(page.getByRole("option", { name: /Cœur de pierre/ })).toBeVisible();
    expect(await seriousA11yViolations(page)).toEqual([]);
  });
});
