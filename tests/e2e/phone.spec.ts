import { expect, type Page, test } from "@playwright/test";
import { adminText, adminVideosText } from "../../src/web/i18n/admin.ts";
import { libraryText } from "../../src/web/i18n/library.ts";
import { playerText } from "../../src/web/i18n/player.ts";
import { FIXTURE_ADMIN } from "./fixture-accounts.ts";
import { firstFilm, SUBSCRIBER, signIn, signUp } from "./fixtures.ts";
import { controlsOutside, overflowWidth } from "./layout.ts";

/** The player of the catalogue's first film, as a subscriber. */
async function openFilmAsSubscriber(page: Page) {
  await signIn(page.request, SUBSCRIBER);
  await page.goto(`/video/${(await firstFilm(page.request)).id}`);
}

/** What a newcomer met on a 390 × 844 phone, each kept fixed. */
test.describe("on a 390 px phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

  test("/categories fits the screen: the genre buttons scroll in their own row, the menu button is on screen", async ({
    page,
  }) => {
    await page.goto("/categories");
    await expect(page.getByRole("button", { name: /Drame/ })).toBeVisible();
    expect(await overflowWidth(page)).toBe(0);
    expect(await controlsOutside(page)).toEqual([]);
  });

  test("the player's bottom bar keeps fullscreen and picture-in-picture on screen and the time on one line", async ({
    page,
  }) => {
    await openFilmAsSubscriber(page);
    const fullscreen = page.getByRole("button", { name: playerText.fullscreen });
    await page.mouse.move(200, 400);
    await expect(fullscreen).toBeVisible();
    for (const name of [playerText.fullscreen, playerText.pip, playerText.speed]) {
      const box = await page.getByRole("button", { name, exact: true }).boundingBox();
      expect(box, name).not.toBeNull();
      expect(box?.x, name).toBeGreaterThanOrEqual(0);
      expect((box?.x ?? 0) + (box?.width ?? 0), name).toBeLessThanOrEqual(390);
    }
    const time = page.getByText(/^\d+:\d{2} \/ \d+:\d{2}$/);
    const lineHeight = await time.evaluate((el) => Number.parseFloat(getComputedStyle(el).lineHeight));
    expect((await time.boundingBox())?.height).toBeLessThan(lineHeight * 1.5);
    expect(await overflowWidth(page)).toBe(0);
  });

  test("a tap on the playing picture brings the hidden controls back without pausing; the next tap pauses", async ({
    page,
  }) => {
    test.setTimeout(60_000);
    await openFilmAsSubscriber(page);
    const video = page.locator("video");
    const paused = () => video.evaluate((v: HTMLVideoElement) => v.paused);
    await video.evaluate((v: HTMLVideoElement) => v.play());
    // Playing, not only asked to play: until its first frames arrive (an HLS film on a loaded
    // machine can take seconds) the player rightly keeps its controls and spinner up.
    await expect
      .poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 30_000 })
      .toBeGreaterThan(0.5);
    expect(await paused()).toBe(false);
    // The controls hide a few seconds into playback.
    await expect(page.locator(".player-controls-shown")).toHaveCount(0, { timeout: 15_000 });
    await video.tap();
    await expect(page.locator(".player-controls-shown")).toHaveCount(1);
    expect(await paused()).toBe(false);
    await video.tap();
    await expect.poll(paused).toBe(true);
  });

  test("the notification panel fits the screen beside the menu button", async ({ page }) => {
    await signIn(page.request, SUBSCRIBER);
    await page.goto("/");
    await page.getByRole("button", { name: /^Notifications/ }).click();
    const panel = page.getByRole("dialog", { name: "Notifications" });
    await expect(panel).toBeVisible();
    const box = await panel.boundingBox();
    expect(box?.x).toBeGreaterThanOrEqual(0);
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(390);
    expect(await overflowWidth(page)).toBe(0);
  });

  test("a toast comes down from the top of the screen, clear of the buttons at its bottom", async ({
    page,
  }) => {
    await signUp(page.request);
    const film = await firstFilm(page.request);
    expect((await page.request.post("/api/favorites", { data: { videoId: film.id } })).status()).toBe(201);
    await page.goto("/my-list");
    await page.getByRole("button", { name: libraryText.remove(film.title) }).click();
    const toast = page.getByText(libraryText.toasts.removed, { exact: true });
    await expect(toast).toBeVisible();
    const box = await toast.boundingBox();
    expect((box?.y ?? 844) + (box?.height ?? 0)).toBeLessThan(844 / 2);
  });

  test("an administrator's selection bar keeps to two short lines under the tabs and opens its confirmation", async ({
    page,
  }) => {
    await signIn(page.request, FIXTURE_ADMIN);
    await page.goto("/admin");
    const boxes = page.getByRole("main").getByRole("checkbox");
    await expect(boxes.nth(2)).toBeVisible();
    await boxes.nth(1).check();
    await boxes.nth(2).check();
    const bar = page.getByRole("region", { name: adminVideosText.bulkLabel });
    await expect(bar).toContainText(adminText.selected(2));
    // On a phone the actions go by their short names, side by side: the bar hides little of the list.
    const actions = bar.getByRole("button");
    await expect(actions).toHaveCount(2);
    await expect(actions.nth(0)).toHaveAccessibleName(adminVideosText.bulkCategoryShort);
    await expect(actions.nth(1)).toHaveAccessibleName(adminVideosText.bulkDeleteShort);
    const [category, remove] = [await actions.nth(0).boundingBox(), await actions.nth(1).boundingBox()];
    expect(category?.y).toBe(remove?.y);
    expect((await bar.boundingBox())?.height).toBeLessThan(110);
    expect(await overflowWidth(page)).toBe(0);
    // Still there once the list is scrolled, under the tab strip.
    await page.mouse.wheel(0, 1200);
    await expect(bar).toBeInViewport();
    await actions.nth(1).click();
    await expect(page.getByRole("alertdialog", { name: adminVideosText.bulkConfirmDelete(2) })).toBeVisible();
  });
});
