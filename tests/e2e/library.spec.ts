import { expect, type Page, test } from "@playwright/test";
import type { VideoListResponse, VideoSummary } from "../../src/contract/catalogue.ts";
import { videoText } from "../../src/web/i18n/common.ts";
import { libraryText } from "../../src/web/i18n/library.ts";
import { formatCompactViews, formatInteger } from "../../src/web/lib/format.ts";
import { seriousA11yViolations } from "./axe.ts";
import { signUp } from "./fixtures.ts";

/** Every test starts with an empty list (a new member's is). */
async function emptyMyList(page: Page) {
  const { ids } = (await (await page.request.get("/api/favorites/ids")).json()) as { ids: string[] };
  for (const id of ids) expect((await page.request.delete(`/api/favorites/${id}`)).status()).toBe(204);
}

/** Two titles far apart alphabetically, added A first then Z: "recent" and "title" orders differ. */
async function addTwoFavorites(page: Page): Promise<[VideoSummary, VideoSummary]> {
  const list = (await (
    await page.request.get("/api/videos?sort=title&limit=40")
  ).json()) as VideoListResponse;
  const first = list.items[0] as VideoSummary;
  const last = list.items[list.items.length - 1] as VideoSummary;
  for (const video of [first, last]) {
    const res = await page.request.post("/api/favorites", { data: { videoId: video.id } });
    expect(res.status()).toBe(201);
  }
  return [first, last];
}

const cardTitles = (page: Page) => page.getByRole("main").getByRole("heading", { level: 3 });
test.describe("Ma liste", () => {
  test.use({ bypassCSP: true });

  test("a visitor is asked to sign in, with a link to /login", async ({ page }) => {
    await page.goto("/my-list");
    await expect(page.getByRole("heading", { level: 1, name: libraryText.title })).toBeVisible();
    await expect(page.getByRole("heading", { name: libraryText.signedOutTitle })).toBeVisible();
    await expect(page.getByText(libraryText.signedOutText)).toBeVisible();
    await expect(page.getByRole("link", { name: libraryText.signIn })).toHaveAttribute("href", "/login");
    expect(await seriousA11yViolations(page)).toEqual([]);
  });

  test("a member sees two titles with the tiles, sorts them in the URL, removes one optimistically, then sees the empty state", async ({
    page,
  }) => {
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    await signUp(page.request);
    await emptyMyList(page);
    const [a, z] = await addTwoFavorites(page);

    await page.goto("/my-list");
    await expect(page.getByRole("heading", { level: 1, name: libraryText.title })).toBeVisible();
    await expect(page.getByText(libraryText.count(2, "2"), { exact: true })).toBeVisible();
    // Most recently added first.
    await expect(cardTitles(page)).toHaveText([z.title, a.title]);
    const tiles = page.getByRole("region", { name: libraryText.tilesLabel });
    await expect(tiles.getByText(libraryText.tiles.total)).toBeVisible();
    await expect(tiles.getByText(libraryText.tiles.averageRating)).toBeVisible();
    await expect(tiles.getByText(libraryText.tiles.categories)).toBeVisible();
    await expect(tiles.getByText(formatCompactViews(a.views + z.views), { exact: true })).toBeVisible();
    await expect(
      tiles.getByText(videoText.views(a.views + z.views, formatInteger(a.views + z.views))),
    ).toBeAttached();
    const categories = page.getByRole("region", { name: libraryText.categoriesTitle });
    await expect(categories.getByText(a.category[0] ?? "", { exact: true })).toBeVisible();
    await expect(page.getByRole("button", { name: libraryText.remove(a.title) })).toBeVisible();
    expect(await seriousA11yViolations(page)).toEqual([]);

    // Sort: title A-Z, kept in the URL (reload keeps it).
    await page.getByLabel(libraryText.sortLabel).selectOption("title");
    await expect(page).toHaveURL(/\/my-list\?sort=title$/);
    await expect(cardTitles(page)).toHaveText([a.title, z.title]);
    await page.reload();
    await expect(page.getByLabel(libraryText.sortLabel)).toHaveValue("title");
    await expect(cardTitles(page)).toHaveText([a.title, z.title]);

    // A failed removal comes back, with the spec's French toast.
    await page.route(`**/api/favorites/${z.id}`, (route) =>
      route.request().method() === "DELETE"
        ? route.fulfill({
            status: 503,
            contentType: "application/json",
            body: JSON.stringify({ code: "SERVICE_UNAVAILABLE", message: "Service indisponible." }),
          })
        : route.fallback(),
    );
    await page.getByRole("button", { name: libraryText.remove(z.title) }).click();
    await expect(page.getByText(libraryText.toasts.removeFailed)).toBeVisible();
    await expect(cardTitles(page)).toHaveText([a.title, z.title]);
    await page.unroute(`**/api/favorites/${z.id}`);

    // Optimistic: the card leaves while the server has not answered yet.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(`**/api/favorites/${z.id}`, async (route) => {
      await held;
      await route.fallback();
    });
    await page.getByRole("button", { name: libraryText.remove(z.title) }).click();
    await expect(cardTitles(page)).toHaveText([a.title]);
    await expect(page.getByText(libraryText.count(1, "1"), { exact: true })).toBeVisible();
    release();
    await expect(page.getByText(libraryText.toasts.removed).first()).toBeVisible();
    await page.unroute(`**/api/favorites/${z.id}`);
    // Focus stays in the grid, on the remaining heart.
    await expect(page.getByRole("button", { name: libraryText.remove(a.title) })).toBeFocused();

    // The last one: the empty state and its way forward.
    await page.getByRole("button", { name: libraryText.remove(a.title) }).click();
    await expect(page.getByRole("heading", { name: libraryText.emptyTitle })).toBeVisible();
    await expect(page.getByRole("link", { name: libraryText.discover })).toHaveAttribute("href", "/");
    // Toasts fading in or out are read by axe at a transparency that fails contrast: let them go.
    await expect(page.locator("[data-sonner-toast]")).toHaveCount(0, { timeout: 15_000 });
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.reload();
    await expect(page.getByRole("heading", { name: libraryText.emptyTitle })).toBeVisible();
    expect(((await (await page.request.get("/api/favorites/ids")).json()) as { ids: string[] }).ids).toEqual(
      [],
    );
    expect(errors).toEqual([]);
  });

  test("/favorites is the same screen", async ({ page }) => {
    await signUp(page.request);
    await emptyMyList(page);
    await page.goto("/favorites");
    await expect(page.getByRole("heading", { level: 1, name: libraryText.title })).toBeVisible();
    await expect(page.getByRole("heading", { name: libraryText.emptyTitle })).toBeVisible();
  });
});
