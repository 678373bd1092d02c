import { expect, test } from "@playwright/test";
import type { CatalogueSummary, TopRatedResponse } from "../../src/contract/catalogue-pages.ts";
import { categoriesPageText, topRatedText } from "../../src/web/i18n/catalogue-pages.ts";
import { screenTitles, videoText } from "../../src/web/i18n/common.ts";
import { formatCompactViews, formatInteger, formatRating } from "../../src/web/lib/format.ts";
import { seriousA11yViolations } from "./axe.ts";

const c = categoriesPageText;
const tr = topRatedText;

/** spec §2 "Categories page" and "Top-rated" on the demo catalogue. */
test.describe("categories page", () => {
  test("the four counters show the catalogue's real figures", async ({ page, request }) => {
    const summary = (await (await request.get("/api/catalogue/summary")).json()) as CatalogueSummary;
    expect(summary.totalVideos).toBeGreaterThan(0);
    await page.goto("/categories");
    await expect(page.getByRole("heading", { level: 1, name: screenTitles.categories })).toBeVisible();
    const counters = page.getByRole("region", { name: c.countersLabel });
    await expect(counters).toHaveAttribute("aria-busy", "false");
    await expect(counters.getByRole("definition").nth(0)).toHaveText(formatInteger(summary.totalVideos));
    await expect(counters.getByRole("definition").nth(2)).toHaveText(formatInteger(summary.totalCategories));
    await expect(counters.getByRole("definition").nth(4)).toHaveText(formatCompactViews(summary.totalViews));
    await expect(counters.getByRole("definition").nth(5)).toHaveText(
      videoText.views(summary.totalViews, formatInteger(summary.totalViews)),
    );
    await expect(counters.getByRole("definition").nth(6)).toHaveText(
      c.bestRatingValue(formatRating(summary.bestRating)),
    );
    await expect(counters.getByRole("definition").nth(7)).toHaveText(
      c.bestRatedBy(summary.bestRated?.title ?? ""),
    );
  });

  test("a genre button filters the grid and goes in the URL; back restores everything", async ({
    page,
    request,
  }) => {
    const genres = (await (await request.get("/api/categories")).json()) as {
      items: { name: string; videoCount: number }[];
    };
    const count = genres.items.find((g) => g.name === "Drame")?.videoCount ?? 0;
    expect(count).toBeGreaterThan(0);
    await page.goto("/categories");
    const all = page.getByRole("button", { name: new RegExp(`^${c.all}\\b`) });
    await expect(all).toHaveAttribute("aria-pressed", "true");
    await expect(page.getByRole("status").filter({ hasText: "dans tout le catalogue" })).toBeVisible();
    // The first page of the whole catalogue: 24 cards and 'Voir plus'.
    await expect(page.getByRole("article")).toHaveCount(24);

    const drame = page.getByRole("button", { name: /^Drame\b/ });
    await expect(drame).toHaveAccessibleName(`Drame (${c.genreCount(count, formatInteger(count))})`);
    await drame.click();
    await expect(page).toHaveURL(/\/categories\?genre=Drame$/);
    await expect(drame).toHaveAttribute("aria-pressed", "true");
    await expect(all).toHaveAttribute("aria-pressed", "false");
    await expect(page.getByRole("status").filter({ hasText: "Drame" })).toHaveText(
      c.shown(count, formatInteger(count), "Drame"),
    );
    await expect(page.getByRole("article")).toHaveCount(Math.min(count, 24));

    await page.goBack();
    await expect(page).toHaveURL(/\/categories$/);
    await expect(all).toHaveAttribute("aria-pressed", "true");
    await expect(page.getByRole("article")).toHaveCount(24);
    await page.goForward();
    await expect(page).toHaveURL(/genre=Drame$/);
    await expect(drame).toHaveAttribute("aria-pressed", "true");
  });

  test("'Voir plus' loads the next videos", async ({ page, request }) => {
    const summary = (await (await request.get("/api/catalogue/summary")).json()) as CatalogueSummary;
    await page.goto("/categories");
    await expect(page.getByRole("article")).toHaveCount(24);
    await page.getByRole("button", { name: c.loadMore }).click();
    await expect(page.getByRole("article")).toHaveCount(Math.min(48, summary.totalVideos));
  });

  test("works from the keyboard", async ({ page }) => {
    await page.goto("/categories");
    // A visitor's page is drawn by the server, inert until the app has taken it over (decision 061).
    await expect(page.locator("#root > [inert]")).toHaveCount(0);
    const thriller = page.getByRole("button", { name: /^Thriller\b/ });
    await thriller.focus();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/genre=Thriller$/);
    await expect(thriller).toHaveAttribute("aria-pressed", "true");
  });

  test("an empty genre shows the empty state, whose button shows everything", async ({ page }) => {
    await page.goto("/categories?genre=Inexistant");
    await expect(page.getByRole("heading", { name: c.emptyTitle })).toBeVisible();
    await page.getByRole("button", { name: c.showAll }).click();
    await expect(page).toHaveURL(/\/categories$/);
    await expect(page.getByRole("article")).toHaveCount(24);
  });
});

test.describe("top-rated page", () => {
  test("shows 12 videos in ranking order, the first three with rank badges, and the stats", async ({
    page,
    request,
  }) => {
    const top = (await (await request.get("/api/top-rated")).json()) as TopRatedResponse;
    expect(top.items).toHaveLength(12);
    await page.goto("/top-rated");
    await expect(page.getByRole("heading", { level: 1, name: screenTitles.topRated })).toBeVisible();
    const list = page.getByRole("list", { name: tr.listLabel });
    await expect(list.getByRole("article")).toHaveCount(12);
    await expect(list.getByRole("heading", { level: 3 })).toHaveText(top.items.map((v) => v.title));
    for (const rank of [1, 2, 3]) {
      await expect(
        list
          .getByRole("listitem")
          .nth(rank - 1)
          .getByRole("img", { name: tr.rank(rank) }),
      ).toBeVisible();
    }
    await expect(page.getByRole("img", { name: tr.rank(4) })).toHaveCount(0);

    const stats = page.getByRole("region", { name: tr.statsLabel });
    await expect(stats).toContainText(tr.averageRatingValue(formatRating(top.stats.averageRating)));
    await expect(stats).toContainText(formatInteger(top.stats.totalRatings));
    await expect(stats).toContainText(
      videoText.views(top.stats.totalViews, formatInteger(top.stats.totalViews)),
    );
  });

  test("asks the server again every 30 seconds", async ({ page }) => {
    await page.clock.install();
    await page.goto("/top-rated");
    await expect(page.getByRole("list", { name: tr.listLabel }).getByRole("article")).toHaveCount(12);
    const refresh = page.waitForRequest((r) => r.url().includes("/api/top-rated"));
    await page.clock.runFor(30_000);
    await refresh;
    await expect(page.getByRole("list", { name: tr.listLabel }).getByRole("article")).toHaveCount(12);
  });
});

test.describe("accessibility", () => {
  test.use({ bypassCSP: true });
  for (const path of ["/categories", "/categories?genre=Inexistant", "/top-rated"]) {
    test(`${path} has no serious or critical axe violation`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expect(
        page
          .getByRole("article")
          .or(page.getByRole("button", { name: c.showAll }))
          .first(),
      ).toBeVisible();
      expect(await seriousA11yViolations(page)).toEqual([]);
    });
  }
  test("/categories has no serious or critical axe violation on a phone", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/categories?genre=Drame");
    await expect(page.getByRole("article").first()).toBeVisible();
    expect(await seriousA11yViolations(page)).toEqual([]);
  });
});
