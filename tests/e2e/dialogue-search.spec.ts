import { expect, test } from "@playwright/test";
import { discoveryText } from "../../src/web/i18n/search.ts";
import { seriousA11yViolations } from "./axe.ts";
import { SUBSCRIBER, signIn } from "./fixtures.ts";

/**
 * « Dans les dialogues » (docs/decisions/050-dialogue-search.md): a member searches a line the demo
 * subtitles say at 0:06 (« À bientôt pour la séance suivante ! »), sees it with its title and
 * time, and the player opens at that moment.
 */
// axe is injected as an inline script, which the app's CSP refuses.
test.use({ bypassCSP: true });

test("a member finds a line of dialogue and the player starts where it is said", async ({ page }) => {
  await signIn(page.request, SUBSCRIBER);
  await page.goto(`/search?q=${encodeURIComponent("seance suivante")}`);
  const section = page.getByRole("region", { name: discoveryText.dialoguesTitle });
  await expect(section).toBeVisible({ timeout: 15_000 });
  const line = section.getByRole("link").first();
  await expect(line).toContainText("À bientôt pour la séance suivante !");
  await expect(line).toContainText("0:06");
  expect(await seriousA11yViolations(page)).toEqual([]);
  await line.click();
  await expect(page).toHaveURL(/\/video\/[0-9a-f-]+\?(.*&)?t=6$/);
  await expect
    .poll(() => page.locator("video").evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 20_000 })
    .toBeGreaterThanOrEqual(6);
});

test("a visitor's search has no dialogue section", async ({ page }) => {
  await page.goto(`/search?q=${encodeURIComponent("seance suivante")}`);
  await expect(page.getByRole("status").first()).toBeVisible();
  await expect(page.getByRole("heading", { name: discoveryText.dialoguesTitle })).toHaveCount(0);
});
