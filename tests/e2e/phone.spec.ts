import { expect, test } from "@playwright/test";
import type { VideoListResponse } from "../../src/contract/catalogue.ts";
import { playerText } from "../../src/web/i18n/player.ts";
import { SUBSCRIBER, signIn } from "./fixtures.ts";
import { controlsOutside, overflowWidth } from "./layout.ts";

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
    await signIn(page.request, SUBSCRIBER);
    const films = (await (
      await page.request.get("/api/videos?type=movie&limit=1")
    ).json()) as VideoListResponse;
    await page.goto(`/video/${films.items[0]?.id}`);
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
});
