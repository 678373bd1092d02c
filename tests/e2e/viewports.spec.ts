import fs from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import type { VideoListResponse } from "../../src/contract/catalogue.ts";
import { expect, test } from "./fixtures.ts";
import { cardLinesCut, controlsOutside, headerLinksBroken, overflowWidth } from "./layout.ts";

/**
 * The viewport sweep: every route of the spec's table (§2), as each role sees it where
 * it differs, at every width from a small phone to a large screen. A screen fails on a document
 * wider than the viewport (a sideways scroll) or a focusable control outside it. A screenshot of
 * each is kept in test-results/viewports/ for people to look at.
 *
 * Lean on purpose (it runs in every CI e2e run): one page per role, each route loaded once and
 * then resized through the widths. Both themes without a second pass: the visitor and the
 * subscriber (the player is always dark) in the dark theme, the member and the administrator in
 * the light one.
 */
const WIDTHS = [360, 390, 768, 1024, 1440, 1920] as const;
const HEIGHT = 844;
const shots = path.join("test-results", "viewports");

const UNKNOWN = "00000000-0000-4000-8000-000000000000";

async function anyVideo(page: Page, type: "movie" | "series"): Promise<string> {
  const list = (await (
    await page.request.get(`/api/videos?type=${type}&limit=1`)
  ).json()) as VideoListResponse;
  return list.items[0]?.id ?? UNKNOWN;
}

/** Every route of spec §2 as a visitor meets it. */
async function visitorRoutes(page: Page): Promise<string[]> {
  const film = await anyVideo(page, "movie");
  const series = await anyVideo(page, "series");
  return [
    "/",
    "/series",
    "/movies",
    "/browse",
    "/search?q=coeur",
    "/categories",
    "/top-rated",
    `/video/${film}`,
    `/video/${UNKNOWN}`,
    `/info/${film}`,
    `/info/${series}`,
    "/favorites",
    "/my-list",
    "/history",
    "/profile",
    "/settings",
    "/admin/settings",
    "/admin",
    "/login",
    "/register",
    "/reset",
    "/reset-password",
    "/subscription",
    "/subscription/success?session_id=e2e",
    "/payment/paysafecard?payment_id=e2e&amount=999&currency=EUR&plan=premium_monthly",
    "/error/VIDEO_NOT_FOUND",
    "/404",
  ];
}

/** The signed-in account's theme set to « Clair », and this device's copy of it. */
async function lightTheme(page: Page) {
  await page.addInitScript(() => localStorage.setItem("bobine:theme", "light"));
  expect((await page.request.put("/api/me/settings", { data: { theme: "light" } })).ok()).toBe(true);
}

/** Waits for the screen to settle: its title, then no skeleton left (both bounded, never fatal). */
async function settle(page: Page) {
  await page
    .locator("h1")
    .first()
    .waitFor({ timeout: 3_000 })
    .catch(() => {});
  await expect
    .poll(() => page.locator(".skeleton, [aria-busy='true']").count(), { timeout: 2_000 })
    .toBe(0)
    .catch(() => {});
}

async function sweep(page: Page, role: string, routes: string[]) {
  fs.mkdirSync(shots, { recursive: true });
  const problems: string[] = [];
  for (const route of routes) {
    await page.setViewportSize({ width: WIDTHS[0], height: HEIGHT });
    await page.goto(route);
    await settle(page);
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: HEIGHT });
      // One frame for the layout to follow the new width.
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => resolve(null))));
      const wider = await overflowWidth(page);
      if (wider > 0) problems.push(`${role} ${route} @${width}: ${wider} px wider than the screen`);
      for (const control of await controlsOutside(page))
        problems.push(`${role} ${route} @${width}: ${control} outside the screen`);
      for (const link of await headerLinksBroken(page))
        problems.push(`${role} ${route} @${width}: the header's « ${link} » broken over two lines`);
      for (const card of await cardLinesCut(page))
        problems.push(`${role} ${route} @${width}: the card « ${card} » has a line cut at its edge`);
      const slug = route.replace(/[^a-z0-9]+/gi, "-").replace(/^-|-$/g, "") || "home";
      await page.screenshot({
        path: path.join(shots, `${role}-${slug}-${width}.jpeg`),
        type: "jpeg",
        quality: 60,
      });
    }
  }
  expect(problems).toEqual([]);
}

test.describe("every screen at 360, 390, 768, 1024, 1440 and 1920 px", () => {
  test.describe.configure({ timeout: 240_000 });

  test("as a visitor", async ({ page }) => {
    await sweep(page, "visitor", await visitorRoutes(page));
  });

  test("as a member, in the light theme", async ({ page, member }) => {
    expect(member.username).toBeTruthy();
    await lightTheme(page);
    const film = await anyVideo(page, "movie");
    await sweep(page, "member", [
      "/",
      "/browse",
      `/info/${film}`,
      `/video/${film}`,
      "/favorites",
      "/history",
      "/profile",
      "/settings",
      "/subscription",
      "/admin",
    ]);
  });

  test("as a subscriber", async ({ page, subscriber }) => {
    expect(subscriber.username).toBeTruthy();
    const film = await anyVideo(page, "movie");
    const series = await anyVideo(page, "series");
    await sweep(page, "subscriber", [`/video/${film}`, `/video/${series}`, "/settings"]);
  });

  test("as an administrator, in the light theme", async ({ page, admin }) => {
    expect(admin.username).toBeTruthy();
    await lightTheme(page);
    await sweep(page, "admin", ["/admin", "/admin/settings"]);
  });
});
