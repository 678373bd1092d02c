import { expect, type Page, test } from "@playwright/test";
import type { VideoListResponse, VideoSummary } from "../../src/contract/catalogue.ts";
import type { ResumeResponse } from "../../src/contract/history.ts";
import { homeText } from "../../src/web/i18n/catalogue.ts";
import { navText } from "../../src/web/i18n/common.ts";
import { historyText } from "../../src/web/i18n/history.ts";
import { seriousA11yViolations } from "./axe.ts";
import { signUp } from "./fixtures.ts";

let clock = Date.now();
async function save(page: Page, videoId: string, position: number, duration: number, episodeId?: string) {
  clock += 1_000;
  const res = await page.request.put("/api/history/progress", {
    data: {
      videoId,
      ...(episodeId ? { episodeId } : {}),
      currentPosition: position,
      totalDuration: duration,
      clientSavedAt: clock,
    },
  });
  expect(res.status(), await res.text()).toBe(200);
  expect((await res.json()).saved).toBe(true);
}

async function videos(page: Page, type: "movie" | "series", limit: number): Promise<VideoSummary[]> {
  const res = await page.request.get(`/api/videos?type=${type}&sort=title&limit=${limit}`);
  return ((await res.json()) as VideoListResponse).items;
}

const cardTitles = (page: Page) => page.getByRole("main").getByRole("heading", { level: 3 });

test.describe("Historique", () => {
  test.use({ bypassCSP: true });

  test("a visitor is asked to sign in, with a link to /login", async ({ page }) => {
    await page.goto("/history");
    await expect(page.getByRole("heading", { level: 1, name: historyText.title })).toBeVisible();
    await expect(page.getByRole("heading", { name: historyText.signedOutTitle })).toBeVisible();
    await expect(page.getByText(historyText.signedOutText)).toBeVisible();
    await expect(page.getByRole("link", { name: historyText.signIn })).toHaveAttribute("href", "/login");
    expect(await seriousA11yViolations(page)).toEqual([]);
  });

  test("a member sees saved progress, filters and sorts in the URL, deletes one, resumes from the home's first rail and clears all", async ({
    page,
  }) => {
    // A long scenario, and the member is signed up first (e-mail code included).
    test.slow();
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    await signUp(page.request);
    expect((await page.request.delete("/api/history")).status()).toBe(204);

    const [filmA, filmB] = await videos(page, "movie", 2);
    const [show] = await videos(page, "series", 1);
    if (!filmA || !filmB || !show) throw new Error("demo catalogue too small");
    const detail = (await (await page.request.get(`/api/videos/${show.id}`)).json()) as {
      episodes: { id: string; title: string; seasonNumber: number; episodeNumber: number }[];
    };
    const episode = detail.episodes[0];
    if (!episode) throw new Error("series without episodes");
    // Oldest first: B finished (0.95), the series' episode half-way, A at 30 %.
    await save(page, filmB.id, 5_900, 6_000);
    await save(page, show.id, 1_350, 2_700, episode.id);
    await save(page, filmA.id, 1_800, 6_000);

    await page.goto("/history");
    await expect(page.getByRole("heading", { level: 1, name: historyText.title })).toBeVisible();
    await expect(page.getByText(historyText.count(3, "3"), { exact: true })).toBeVisible();
    await expect(cardTitles(page)).toHaveText([filmA.title, show.title, filmB.title]);
    const cardA = page
      .getByRole("listitem")
      .filter({ has: page.getByRole("heading", { name: filmA.title }) });
    await expect(cardA.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "30");
    await expect(cardA.getByText(historyText.status["in-progress"])).toBeVisible();
    const cardB = page
      .getByRole("listitem")
      .filter({ has: page.getByRole("heading", { name: filmB.title }) });
    await expect(cardB.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "95");
    await expect(cardB.getByText(historyText.status.completed)).toBeVisible();
    const showCard = page
      .getByRole("listitem")
      .filter({ has: page.getByRole("heading", { name: show.title }) });
    await expect(
      showCard.getByText(historyText.episode(episode.seasonNumber, episode.episodeNumber)),
    ).toBeVisible();
    await expect(showCard.getByRole("link")).toHaveAttribute(
      "href",
      `/video/${show.id}?episode=${episode.id}`,
    );
    await expect(cardA.getByRole("link")).toHaveAttribute("href", `/video/${filmA.id}`);
    expect(await seriousA11yViolations(page)).toEqual([]);

    // Filter and sort live in the URL (and survive a reload).
    await page.getByRole("button", { name: historyText.filters.completed }).click();
    await expect(page).toHaveURL(/\/history\?filter=completed$/);
    await expect(cardTitles(page)).toHaveText([filmB.title]);
    await page.getByRole("button", { name: historyText.filters["in-progress"] }).click();
    await expect(cardTitles(page)).toHaveText([filmA.title, show.title]);
    await page.getByLabel(historyText.sortLabel).selectOption("oldest");
    await expect(page).toHaveURL(/filter=in-progress&sort=oldest$/);
    await expect(cardTitles(page)).toHaveText([show.title, filmA.title]);
    await page.reload();
    await expect(page.getByLabel(historyText.sortLabel)).toHaveValue("oldest");
    await expect(page.getByRole("button", { name: historyText.filters["in-progress"] })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    await page.getByLabel(historyText.sortLabel).selectOption("progress");
    await page.getByRole("button", { name: historyText.filters.all, exact: true }).click();
    await expect(page).toHaveURL(/\/history\?sort=progress$/);
    await expect(cardTitles(page)).toHaveText([filmB.title, show.title, filmA.title]);

    // Delete one: gone at once, with the toast, and gone on the server.
    await page.getByRole("button", { name: historyText.remove(filmB.title) }).click();
    await expect(cardTitles(page)).toHaveText([show.title, filmA.title]);
    await expect(page.getByText(historyText.toasts.removed)).toBeVisible();
    await expect(page.getByText(historyText.count(2, "2"), { exact: true })).toBeVisible();
    const listed = await (await page.request.get("/api/history")).json();
    expect(listed.total).toBe(2);

    // The home: 'Reprendre la lecture' is the first rail (from the cache on a second visit, as on
    // any return to the home), with both titles in progress, newest first, linking to the player.
    await Promise.all([page.waitForResponse("**/api/history/continue"), page.goto("/")]);
    await page
      .getByRole("navigation", { name: navText.mainLabel })
      .getByRole("link", { name: navText.series })
      .click();
    await expect(page).toHaveURL(/\/series$/);
    await page
      .getByRole("navigation", { name: navText.mainLabel })
      .getByRole("link", { name: navText.home })
      .click();
    const firstRail = page.locator("[data-rail]").first();
    await expect(firstRail).toHaveAttribute("data-rail", historyText.continueRail);
    await expect(firstRail.getByRole("heading", { level: 2 })).toHaveText(historyText.continueRail);
    await expect(firstRail.getByRole("heading", { level: 3 })).toHaveText([filmA.title, show.title]);
    await expect(firstRail.getByRole("link", { name: new RegExp(show.title) })).toHaveAttribute(
      "href",
      `/video/${show.id}?episode=${episode.id}`,
    );
    await expect(firstRail.getByRole("progressbar").first()).toHaveAttribute("aria-valuenow", "30");
    expect(await seriousA11yViolations(page)).toEqual([]);

    // Clear all, behind the spec's confirmation (Annuler keeps everything).
    await page.goto("/history");
    await page.getByRole("button", { name: historyText.clearAll }).click();
    const dialog = page.getByRole("alertdialog", { name: historyText.confirmClear });
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: historyText.cancel }).click();
    await expect(dialog).toBeHidden();
    await expect(cardTitles(page)).toHaveCount(2);
    await page.getByRole("button", { name: historyText.clearAll }).click();
    await expect(dialog).toBeVisible();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await dialog.getByRole("button", { name: historyText.confirm }).click();
    await expect(page.getByRole("heading", { name: historyText.emptyTitle })).toBeVisible();
    await expect(page.getByText(historyText.toasts.cleared)).toBeVisible();
    await expect(page.getByRole("link", { name: historyText.discover })).toHaveAttribute("href", "/");
    expect((await (await page.request.get("/api/history")).json()).total).toBe(0);
    expect(await seriousA11yViolations(page)).toEqual([]);

    // No rail on the home without anything in progress.
    await page.goto("/");
    await expect(page.locator("[data-rail]").first()).toHaveAttribute("data-rail", homeText.rails.trending);
    await expect(page.locator(`[data-rail="${historyText.continueRail}"]`)).toHaveCount(0);
    expect(errors).toEqual([]);
  });

  test("a beacon sent by the browser (sendBeacon, JSON Blob) is saved", async ({ page }) => {
    await signUp(page.request);
    const [film] = await videos(page, "movie", 3).then((list) => list.slice(2));
    if (!film) throw new Error("demo catalogue too small");
    await page.goto("/history");
    const queued = await page.evaluate(
      (body) =>
        navigator.sendBeacon(
          "/api/history/progress/beacon",
          new Blob([JSON.stringify(body)], { type: "application/json" }),
        ),
      { videoId: film.id, currentPosition: 1_234, totalDuration: 6_000, clientSavedAt: Date.now() },
    );
    expect(queued).toBe(true);
    await expect
      .poll(async () => {
        const res = await page.request.get(`/api/history/resume?videoId=${film.id}`);
        return ((await res.json()) as ResumeResponse).position;
      })
      .toBe(1_234);
  });
});
