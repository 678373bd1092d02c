import { expect, type Page, test } from "@playwright/test";
import type { VideoListResponse, VideoSummary } from "../../src/contract/catalogue.ts";
import type { TicketResponse } from "../../src/contract/stream.ts";
import type { VideoDetail } from "../../src/contract/video-detail.ts";
import { playerText } from "../../src/web/i18n/player.ts";
import { plansText } from "../../src/web/i18n/subscription.ts";
import { seriousA11yViolations } from "./axe.ts";
import { firstFilm, SUBSCRIBER, signIn, signUp } from "./fixtures.ts";

const t = playerText;

/** A film whose stream has a French subtitle track (half of the demo films have one). */
async function filmWithSubtitles(page: Page): Promise<VideoSummary> {
  const films = (await (
    await page.request.get("/api/videos?type=movie&limit=12")
  ).json()) as VideoListResponse;
  for (const film of films.items) {
    const res = await page.request.post(`/api/videos/${film.id}/ticket`, {
      data: { deviceId: "e2e-probe-device" },
    });
    const ticket = (await res.json()) as TicketResponse;
    await page.request.post(`/api/stream/leases/${ticket.leaseId}/release`);
    if (ticket.subtitles.length > 0) return film;
  }
  throw new Error("no demo film with subtitles");
}

/**
 * The shared subscriber starts with no watch history: a position saved by an earlier test would
 * turn autoplay into the resume offer.
 */
async function withoutHistory(page: Page) {
  const res = await page.request.delete("/api/history");
  expect(res.status()).toBe(204);
}

const media = (page: Page) => page.locator("video");
const currentTime = (page: Page) => media(page).evaluate((v: HTMLVideoElement) => v.currentTime);

test.describe("the player", () => {
  test.use({ bypassCSP: true });

  test("an anonymous visitor meets 'Authentification requise'", async ({ page }) => {
    await page.goto(`/video/${(await firstFilm(page.request)).id}`);
    await expect(page.getByRole("heading", { name: t.authTitle })).toBeVisible();
    await expect(page.getByRole("link", { name: t.signIn })).toHaveAttribute("href", "/login");
    await expect(page.locator("video")).toHaveCount(0);
  });

  test("a member without a subscription meets the paywall with the plans and a way home", async ({
    page,
  }) => {
    await signUp(page.request);
    await page.goto(`/video/${(await firstFilm(page.request)).id}`);
    await expect(page.getByRole("heading", { name: t.paywallTitle })).toBeVisible();
    // The plans (their own chunk, loaded for members only) with a way to choose one.
    await expect(page.getByRole("group", { name: plansText.methodLegend })).toBeVisible();
    await expect(page.getByRole("button", { name: /^Choisir / }).first()).toBeVisible();
    await expect(page.getByRole("link", { name: t.backHome })).toBeVisible();
    await expect(page.locator("video")).toHaveCount(0);
    expect(await seriousA11yViolations(page)).toEqual([]);
  });

  test("a subscriber plays a film, pauses, seeks, changes speed and subtitles, and is offered to resume", async ({
    page,
  }) => {
    await signIn(page.request, SUBSCRIBER);
    const film = await filmWithSubtitles(page);
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    await page.goto(`/video/${film.id}`);
    await expect(page.getByRole("heading", { level: 1, name: film.title })).toBeVisible();
    // It plays: time moves on.
    await expect.poll(() => currentTime(page), { timeout: 15_000 }).toBeGreaterThan(0.5);

    // Space pauses, ArrowRight seeks 10 s further.
    await page.keyboard.press("Space");
    await expect.poll(() => media(page).evaluate((v: HTMLVideoElement) => v.paused)).toBe(true);
    const before = await currentTime(page);
    await page.keyboard.press("ArrowRight");
    await expect.poll(() => currentTime(page)).toBeGreaterThan(before + 9);

    // Speed 1,5×.
    await page.mouse.move(200, 200);
    await page.getByRole("button", { name: t.speed }).click();
    await page.getByRole("menuitemradio", { name: t.speedValue(1.5) }).click();
    expect(await media(page).evaluate((v: HTMLVideoElement) => v.playbackRate)).toBe(1.5);

    // Subtitles: the default French track shows, and can be turned off.
    const trackMode = () => media(page).evaluate((v: HTMLVideoElement) => v.textTracks[0]?.mode);
    await expect.poll(trackMode).toBe("showing");
    await page.getByRole("button", { name: t.subtitles }).click();
    await page.getByRole("menuitemradio", { name: t.subtitlesOff }).click();
    await expect.poll(trackMode).toBe("disabled");

    // m mutes, arrows change the volume by 0.1.
    await page.keyboard.press("m");
    expect(await media(page).evaluate((v: HTMLVideoElement) => v.muted)).toBe(true);
    await page.keyboard.press("m");
    await page.keyboard.press("ArrowDown");
    await expect.poll(() => media(page).evaluate((v: HTMLVideoElement) => v.volume)).toBeCloseTo(0.7, 5);

    // Seek to 20 s, pause (a save), leave, come back: resume is offered at 0:20.
    await media(page).evaluate((v: HTMLVideoElement) => {
      v.currentTime = 20;
    });
    await page.getByRole("button", { name: t.play, exact: true }).click();
    await page.getByRole("button", { name: t.pause, exact: true }).click();
    await page.getByRole("button", { name: t.back }).first().click();
    await page.goto(`/video/${film.id}`);
    await expect(page.getByRole("heading", { name: t.resumeTitle })).toBeVisible();
    await expect(page.getByText(t.resumeAt("0:20"))).toBeVisible();
    await page.getByRole("button", { name: t.resume }).click();
    await expect.poll(() => currentTime(page)).toBeGreaterThanOrEqual(20);
    // Started another way (the system's media keys; here the element itself), the film takes the
    // offer away too: left up, it held the controls on the picture for good.
    await page.goto(`/video/${film.id}`);
    await expect(page.getByRole("heading", { name: t.resumeTitle })).toBeVisible();
    await media(page).evaluate((v: HTMLVideoElement) => v.play());
    await expect(page.getByRole("heading", { name: t.resumeTitle })).toHaveCount(0);
    expect(errors).toEqual([]);
  });

  test("with the keyboard only: Tab brings the hidden controls back, and a menu closed with Escape gives the focus back to its button", async ({
    page,
  }) => {
    await signIn(page.request, SUBSCRIBER);
    await withoutHistory(page);
    const film = await filmWithSubtitles(page);
    await page.goto(`/video/${film.id}`);
    await expect.poll(() => currentTime(page), { timeout: 30_000 }).toBeGreaterThan(0.5);
    const shown = page.locator(".player-controls-shown");
    await expect(shown).toHaveCount(0, { timeout: 15_000 });
    // The skip link first, then the player's first control (« Retour »).
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    await expect(page.getByRole("button", { name: t.back }).first()).toBeFocused();
    await expect(shown).toHaveCount(1);
    const speed = page.getByRole("button", { name: t.speed });
    await speed.focus();
    await page.keyboard.press("Enter");
    await expect(speed).toHaveAttribute("aria-expanded", "true");
    await expect(page.getByRole("menuitemradio", { name: t.speedValue(1) })).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(page.getByRole("menu")).toHaveCount(0);
    await expect(speed).toBeFocused();
    await expect(speed).toHaveAttribute("aria-expanded", "false");
    // A choice made closes the menu too, and the focus is back on its button.
    await page.keyboard.press("Enter");
    await page.getByRole("menuitemradio", { name: t.speedValue(1.5) }).press("Enter");
    await expect(speed).toBeFocused();
    expect(await media(page).evaluate((v: HTMLVideoElement) => v.playbackRate)).toBe(1.5);
  });

  test("a series plays its first episode and the episode panel switches to another", async ({ page }) => {
    await signIn(page.request, SUBSCRIBER);
    await withoutHistory(page);
    const list = (await (
      await page.request.get("/api/videos?type=series&limit=20")
    ).json()) as VideoListResponse;
    let series: VideoDetail | undefined;
    for (const item of list.items) {
      const detail = (await (await page.request.get(`/api/videos/${item.id}`)).json()) as VideoDetail;
      if (detail.episodes.length >= 2) {
        series = detail;
        break;
      }
    }
    if (!series) throw new Error("no series with two episodes");
    const [first, second] = series.episodes;
    if (!first || !second) throw new Error("episodes missing");
    await page.goto(`/video/${series.id}`);
    await expect(
      page.getByText(`${t.episodeLabel(first.seasonNumber, first.episodeNumber)} · ${first.title}`),
    ).toBeVisible();
    await expect.poll(() => currentTime(page), { timeout: 15_000 }).toBeGreaterThan(0.2);

    await page.mouse.move(300, 300);
    await page.getByRole("button", { name: t.episodes }).click();
    const panel = page.getByRole("complementary", { name: t.episodes });
    await panel.getByRole("button", { name: new RegExp(second.title) }).click();
    await expect(page).toHaveURL(new RegExp(`episode=${second.id}`));
    await expect(
      page.getByText(`${t.episodeLabel(second.seasonNumber, second.episodeNumber)} · ${second.title}`),
    ).toBeVisible();
    await expect.poll(() => currentTime(page), { timeout: 15_000 }).toBeGreaterThan(0.2);
  });

  test("a ticket the stream refuses is renewed once; refused again, the player says so and 'Réessayer' plays", async ({
    page,
  }) => {
    await signIn(page.request, SUBSCRIBER);
    await withoutHistory(page);
    const films = (await (
      await page.request.get("/api/videos?type=movie&limit=6")
    ).json()) as VideoListResponse;
    const film = films.items[3];
    if (!film) throw new Error("the demo catalogue has fewer than 4 films");
    // The stream refuses the bytes of the first two tickets, as it does once a lease has ended.
    const tokens: string[] = [];
    await page.route(
      (url) => url.pathname === "/api/videos/proxy",
      async (route) => {
        const token = new URL(route.request().url()).searchParams.get("token") ?? "";
        if (!tokens.includes(token)) tokens.push(token);
        if (tokens.indexOf(token) >= 2) return route.continue();
        return route.fulfill({
          status: 401,
          contentType: "application/json",
          body: JSON.stringify({ code: "UNAUTHENTICATED", message: "Le lien de lecture a expiré." }),
        });
      },
    );
    await page.goto(`/video/${film.id}`);
    await expect(page.getByText(t.errors.streamRefused)).toBeVisible();
    expect(tokens).toHaveLength(2);
    await page.getByRole("button", { name: t.retry }).click();
    await expect.poll(() => currentTime(page), { timeout: 15_000 }).toBeGreaterThan(0.2);
    expect(tokens).toHaveLength(3);
  });

  test("at the end of an episode the next one is offered with a countdown and starts on demand", async ({
    page,
  }) => {
    await signIn(page.request, SUBSCRIBER);
    const list = (await (
      await page.request.get("/api/videos?type=series&limit=20")
    ).json()) as VideoListResponse;
    let series: VideoDetail | undefined;
    for (const item of list.items) {
      const detail = (await (await page.request.get(`/api/videos/${item.id}`)).json()) as VideoDetail;
      if (detail.episodes.length >= 2) {
        series = detail;
        break;
      }
    }
    const [first, second] = series?.episodes ?? [];
    if (!series || !first || !second) throw new Error("no series with two episodes");
    await page.goto(`/video/${series.id}?episode=${first.id}`);
    await expect.poll(() => currentTime(page), { timeout: 15_000 }).toBeGreaterThan(0.2);
    await media(page).evaluate((v: HTMLVideoElement) => {
      v.currentTime = v.duration - 0.5;
    });
    await expect(page.getByText(t.nextEpisode)).toBeVisible({ timeout: 10_000 });
    await expect(page.getByRole("timer")).toContainText(/Lecture dans \d+/);
    await page.getByRole("button", { name: t.playNow }).click();
    await expect(page).toHaveURL(new RegExp(`episode=${second.id}`));
  });

  test("the security guard never fires on an ordinary viewer who resizes, zooms and right-clicks", async ({
    page,
  }) => {
    await page.clock.install();
    await signIn(page.request, SUBSCRIBER);
    const film = await filmWithSubtitles(page);
    await page.goto(`/video/${film.id}`);
    await expect(page.getByRole("heading", { level: 1, name: film.title })).toBeVisible();
    // From here the page's time moves only when the test says: the 2 s badge cannot vanish before
    // a loaded machine gets to look at it.
    await page.clock.pauseAt(Date.now() + 1000);
    // The context menu is blocked and says so, without counting as critical.
    await page.locator("video").click({ button: "right" });
    await expect(page.getByText(playerText.guard.badge)).toBeVisible();
    // Two minutes of viewing with window changes: 24 checks, no block.
    for (const [width, height] of [
      [1200, 800],
      [900, 700],
      [1440, 900],
    ] as const) {
      await page.setViewportSize({ width, height });
      await page.clock.runFor(40_000);
    }
    await expect(page.getByText(playerText.guard.overlayTitle)).toHaveCount(0);
  });

  test("the guard blocks with 'Accès Refusé' after 10 checks that see docked dev tools", async ({ page }) => {
    await page.clock.install();
    await signIn(page.request, SUBSCRIBER);
    const film = await filmWithSubtitles(page);
    await page.goto(`/video/${film.id}`);
    await expect(page.getByRole("heading", { level: 1, name: film.title })).toBeVisible();
    await page.clock.pauseAt(Date.now() + 1000);
    // The guard is on (its badge answers a right-click) and has taken its baseline.
    await page.locator("video").click({ button: "right" });
    await expect(page.getByText(playerText.guard.badge)).toBeVisible();
    // Dev tools docked to the side: the page loses 400 px, the window keeps its size.
    await page.evaluate(() => {
      const width = window.innerWidth - 400;
      Object.defineProperty(window, "innerWidth", { get: () => width, configurable: true });
    });
    await page.clock.runFor(55_000);
    await expect(page.getByRole("alertdialog", { name: playerText.guard.overlayTitle })).toBeVisible();
    await expect(page.getByText(playerText.guard.blocked).first()).toBeVisible();
    expect(await page.locator("video").evaluate((v: HTMLVideoElement) => v.paused)).toBe(true);
  });

  test("the player starts with the member's saved volume and subtitle settings", async ({ page }) => {
    await signIn(page.request, SUBSCRIBER);
    const film = await filmWithSubtitles(page);
    const put = (data: Record<string, unknown>) => page.request.put("/api/me/settings", { data });
    expect((await put({ volume: 0.5, subtitles: false })).ok()).toBe(true);
    try {
      await page.goto(`/video/${film.id}`);
      // Loaded (it may offer to resume where an earlier test stopped, so it need not be playing).
      await expect
        .poll(() => media(page).evaluate((v: HTMLVideoElement) => v.readyState), { timeout: 15_000 })
        .toBeGreaterThan(0);
      await expect.poll(() => media(page).evaluate((v: HTMLVideoElement) => v.volume)).toBeCloseTo(0.5, 5);
      await expect
        .poll(() => media(page).evaluate((v: HTMLVideoElement) => v.textTracks[0]?.mode))
        .toBe("disabled");
    } finally {
      await put({ volume: 0.8, subtitles: true });
    }
  });

  test("an unknown video shows 'Vidéo non trouvée' and the spec's 'La vidéo demandée n'est pas disponible'", async ({
    page,
  }) => {
    await signIn(page.request, SUBSCRIBER);
    await page.goto("/video/00000000-0000-4000-8000-000000000000");
    await expect(page.getByRole("heading", { name: t.notFoundTitle })).toBeVisible();
    await expect(page.getByText("La vidéo demandée n'est pas disponible", { exact: true })).toBeVisible();
  });
});
