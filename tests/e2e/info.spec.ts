import { expect, type Page, test } from "@playwright/test";
import { type HomeResponse, unpackHome, type VideoSummary } from "../../src/contract/catalogue.ts";
import type { VideoDetail } from "../../src/contract/video-detail.ts";
import { homeText } from "../../src/web/i18n/catalogue.ts";
import { gridText, toastText } from "../../src/web/i18n/common.ts";
import { libraryText } from "../../src/web/i18n/library.ts";
import { infoText } from "../../src/web/i18n/video-info.ts";
import { seriousA11yViolations } from "./axe.ts";
import { signUp } from "./fixtures.ts";

const rail = (page: Page, title: string) => page.getByRole("region", { name: title, exact: true });

async function firstSeriesWithEpisodes(page: Page): Promise<VideoDetail> {
  const list = (await (await page.request.get("/api/videos?type=series&limit=50")).json()) as {
    items: VideoSummary[];
  };
  for (const series of list.items) {
    const detail = (await (await page.request.get(`/api/videos/${series.id}`)).json()) as VideoDetail;
    if (detail.episodes.length > 6) return detail;
  }
  throw new Error("the demo catalogue has no series with more than 6 episodes");
}

test.describe("info view and card overlay", () => {
  test.use({ bypassCSP: true });

  test("a card opens the info modal over the home, and Escape closes it back to the home", async ({
    page,
  }) => {
    const home = unpackHome((await (await page.request.get("/api/home")).json()) as HomeResponse);
    const video = home.trending[0] as VideoSummary;
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    await page.goto("/");
    await rail(page, homeText.rails.trending).getByRole("link", { name: video.title, exact: true }).click();

    const dialog = page.getByRole("dialog", { name: video.title });
    await expect(dialog).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`\\?info=${video.id}$`));
    await expect(dialog.getByRole("link", { name: infoText.play, exact: true })).toHaveAttribute(
      "href",
      `/video/${video.id}`,
    );
    const about = dialog.getByRole("complementary", { name: infoText.about });
    await expect(about.getByText(infoText.facts.year)).toBeVisible();
    await expect(about.getByText(infoText.facts.creator)).toBeVisible();
    await expect(about.getByRole("link", { name: video.category[0] ?? "", exact: true })).toBeVisible();
    // spec: up to 3 similar videos of the same category.
    const similar = dialog.getByRole("region", { name: infoText.similar });
    await expect(similar.getByRole("listitem")).toHaveCount(3);
    expect(await seriousA11yViolations(page)).toEqual([]);

    await page.keyboard.press("Escape");
    await expect(dialog).toHaveCount(0);
    await expect(page).toHaveURL(/\/$/);
    expect(errors).toEqual([]);
  });

  test("a shared ?info= link opens the modal alone, and the screen behind it shows once it is closed", async ({
    page,
  }) => {
    const home = unpackHome((await (await page.request.get("/api/home")).json()) as HomeResponse);
    const video = home.newest[2] as VideoSummary;
    await page.goto(`/?info=${video.id}`);
    await expect(page.getByRole("dialog", { name: video.title })).toBeVisible();
    // Nobody sees the home under the modal (a phone's is covered whole): it is not drawn meanwhile.
    await expect(rail(page, homeText.rails.trending)).toHaveCount(0);
    // A visitor's comes drawn by the server (decision 061): Escape works once the app made it modal.
    await expect(page.locator("dialog:modal")).toHaveCount(1);
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(page).toHaveURL(/\/$/);
    await expect(rail(page, homeText.rails.trending)).toBeVisible();
  });

  test("a similar title replaces the modal's video, and closing goes straight back to the screen", async ({
    page,
  }) => {
    await page.goto("/browse");
    const firstCard = page.getByRole("main").getByRole("heading", { level: 3 }).first().getByRole("link");
    const firstTitle = (await firstCard.textContent()) ?? "";
    await firstCard.click();
    const dialog = page.getByRole("dialog", { name: firstTitle });
    await expect(dialog).toBeVisible();
    const similar = dialog.getByRole("region", { name: infoText.similar });
    const next = similar.getByRole("heading", { level: 4 }).first();
    const nextTitle = (await next.textContent()) ?? "";
    // By the keyboard: the link goes with the old content; the focus lands on the new title, inside.
    await next.getByRole("link").focus();
    await page.keyboard.press("Enter");
    const replaced = page.getByRole("dialog", { name: nextTitle });
    await expect(replaced).toBeVisible();
    await expect(replaced.getByRole("heading", { level: 2, name: nextTitle })).toBeFocused();
    await page.keyboard.press("Tab");
    expect(await replaced.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    await page.getByRole("button", { name: infoText.close }).click();
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(page).toHaveURL(/\/browse$/);
  });

  test("/info/{id} of a series shows its first 6 episodes and a link to the others", async ({ page }) => {
    const series = await firstSeriesWithEpisodes(page);
    await page.goto(`/info/${series.id}`);
    await expect(page.getByRole("heading", { level: 1, name: series.title })).toBeVisible();
    const episodes = page.getByRole("region", { name: infoText.episodes });
    await expect(episodes.getByRole("listitem")).toHaveCount(6);
    const first = series.episodes[0];
    if (!first) throw new Error("no episode");
    await expect(episodes.getByRole("link").first()).toHaveAttribute(
      "href",
      `/video/${series.id}?episode=${first.id}`,
    );
    await expect(
      episodes.getByRole("link", {
        name: infoText.allEpisodes(series.episodes.length, String(series.episodes.length)),
      }),
    ).toBeVisible();
    await expect(page).toHaveTitle(new RegExp(series.title));
    expect(await seriousA11yViolations(page)).toEqual([]);
  });

  test("/info of an unknown video says 'Vidéo non trouvée' with a way home", async ({ page }) => {
    await page.goto("/info/00000000-0000-4000-8000-000000000000");
    await expect(page.getByRole("heading", { name: infoText.notFoundTitle }).last()).toBeVisible();
    await expect(
      page.getByText("La vidéo demandée n'est pas disponible", { exact: true }).last(),
    ).toBeVisible();
    await expect(page.getByRole("link", { name: infoText.backHome })).toBeVisible();
  });

  test("share copies the info page's address and says 'Lien copié'", async ({ page, context }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    const home = unpackHome((await (await page.request.get("/api/home")).json()) as HomeResponse);
    const video = home.newest[0] as VideoSummary;
    await page.goto(`/info/${video.id}`);
    // Chromium on Linux has no native share sheet: the link is copied.
    await page.evaluate(() => {
      Object.defineProperty(navigator, "share", { value: undefined, configurable: true });
    });
    await page.getByRole("button", { name: `${infoText.share} : ${video.title}` }).click();
    await expect(page.getByText(infoText.linkCopied)).toBeVisible();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toMatch(new RegExp(`/info/${video.id}$`));
  });

  test("a toast raised in the info modal shows above it and can be closed there", async ({ page }) => {
    const home = unpackHome((await (await page.request.get("/api/home")).json()) as HomeResponse);
    const video = home.newest[1] as VideoSummary;
    await page.goto(`/?info=${video.id}`);
    await page.evaluate(() => {
      Object.defineProperty(navigator, "share", { value: undefined, configurable: true });
    });
    const dialog = page.getByRole("dialog", { name: video.title });
    const share = dialog.getByRole("button", { name: `${infoText.share} : ${video.title}` });
    await share.click();
    const copied = page.locator("[data-sonner-toast]").filter({ hasText: infoText.linkCopied });
    await expect(copied).toBeVisible();
    // Tab goes on from the toast: Sonner used to send the focus back to where it came from (the
    // share button), a loop keyboard users could not leave while a toast was up.
    await copied.getByRole("button", { name: toastText.close }).focus();
    await page.keyboard.press("Tab");
    expect(await share.evaluate((el) => el === document.activeElement)).toBe(false);
    // A click reaches only what is drawn on top: a toast left behind the modal's backdrop cannot be
    // closed while the modal is open.
    await copied.getByRole("button", { name: toastText.close }).click();
    await expect(copied).toHaveCount(0);
    await expect(dialog).toBeVisible();
  });

  test("a visitor is told to sign in to rate; a member rates and keeps a title in Ma liste", async ({
    page,
  }) => {
    const home = unpackHome((await (await page.request.get("/api/home")).json()) as HomeResponse);
    const video = home.movies[3] as VideoSummary;
    await page.goto(`/info/${video.id}`);
    await expect(page.getByText(infoText.rateSignIn).first()).toBeVisible();
    await expect(page.getByRole("radio")).toHaveCount(0);

    await signUp(page.request);
    await page.reload();
    const add = page.getByRole("button", { name: infoText.addFavorite });
    await add.click();
    await expect(page.getByRole("button", { name: infoText.removeFavorite })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    await expect(page.getByText(libraryText.toasts.added).first()).toBeVisible();

    await page.getByRole("radio", { name: infoText.rateStar(4) }).check({ force: true });
    await expect(page.getByText(libraryText.toasts.rated).first()).toBeVisible();
    await page.reload();
    await expect(page.getByRole("radio", { name: infoText.rateStar(4) })).toBeChecked();
    await expect(page.getByRole("button", { name: infoText.removeFavorite })).toBeVisible();

    // Clean up for the other tests: out of Ma liste again.
    await page.getByRole("button", { name: infoText.removeFavorite }).click();
    await expect(page.getByRole("button", { name: infoText.addFavorite })).toBeVisible();
  });

  test("with the arrow keys the stars only move the choice: one rating is saved, when the focus leaves them", async ({
    page,
  }) => {
    const home = unpackHome((await (await page.request.get("/api/home")).json()) as HomeResponse);
    const video = home.movies[4] as VideoSummary;
    await signUp(page.request);
    const saves: unknown[] = [];
    page.on("request", (req) => {
      if (req.method() === "PUT" && /\/api\/ratings\/[^/]+$/.test(req.url())) saves.push(req.postDataJSON());
    });
    await page.goto(`/info/${video.id}`);
    await page.getByRole("radio", { name: infoText.rateStar(1) }).focus();
    for (let i = 0; i < 3; i += 1) await page.keyboard.press("ArrowRight");
    await expect(page.getByRole("radio", { name: infoText.rateStar(4) })).toBeChecked();
    await page.keyboard.press("Tab");
    await expect(page.getByText(libraryText.toasts.ratedText(4)).first()).toBeVisible();
    expect(saves).toEqual([{ rating: 4 }]);
  });

  test("J'aime is not a rating: a member who gave 4 stars likes the title and still has 4 stars", async ({
    page,
  }) => {
    const home = unpackHome((await (await page.request.get("/api/home")).json()) as HomeResponse);
    const video = home.movies[4] as VideoSummary;
    const likesBefore = ((await (await page.request.get(`/api/videos/${video.id}`)).json()) as VideoDetail)
      .likes;
    await page.goto(`/info/${video.id}`);
    const like = page.getByRole("button", { name: `${infoText.like} : ${video.title}` });
    await like.click();
    await expect(page.getByText(infoText.likeSignIn)).toBeVisible();

    await signUp(page.request);
    await page.reload();
    const four = page.getByRole("radio", { name: infoText.rateStar(4) });
    await four.check({ force: true });
    await expect(page.getByText(libraryText.toasts.rated).first()).toBeVisible();
    await like.click();
    await expect(like).toHaveAttribute("aria-pressed", "true");
    await expect(page.getByText(libraryText.toasts.liked).first()).toBeVisible();
    await expect(four).toBeChecked();

    await page.reload();
    await expect(like).toHaveAttribute("aria-pressed", "true");
    await expect(four).toBeChecked();
    const likes = likesBefore + 1;
    await expect(
      page
        .getByRole("complementary", { name: infoText.about })
        .getByText(infoText.likesOf(likes, String(likes)), { exact: true }),
    ).toBeVisible();
  });

  test("the card overlay offers play, Ma liste, J'aime and info on hover; the desktop app has none", async ({
    page,
    browser,
  }) => {
    await signUp(page.request);
    await page.goto("/");
    const section = rail(page, homeText.rails.newest);
    await section.scrollIntoViewIfNeeded();
    const card = section.getByRole("listitem").first();
    const title = (await card.getByRole("heading", { level: 3 }).textContent()) ?? "";
    // Built on the first hover (a touch screen never builds it): not there before.
    await expect(card.getByRole("link", { name: infoText.playTitle(title) })).toHaveCount(0);
    await card.hover();
    await expect(card.getByRole("link", { name: infoText.playTitle(title) })).toBeVisible();
    await expect(card.getByRole("button", { name: `${infoText.addFavorite} : ${title}` })).toBeVisible();
    const like = card.getByRole("button", { name: `${infoText.like} : ${title}` });
    await like.click();
    await expect(like).toHaveAttribute("aria-pressed", "true");
    await card.getByRole("link", { name: infoText.moreInfo(title) }).click();
    const dialog = page.getByRole("dialog", { name: title });
    await expect(dialog.getByRole("button", { name: `${infoText.like} : ${title}` })).toHaveAttribute(
      "aria-pressed",
      "true",
    );

    const context = await browser.newContext({ userAgent: "Mozilla/5.0 BobineDesktop/1.0" });
    const desktop = await context.newPage();
    await desktop.goto("/");
    await rail(desktop, homeText.rails.newest).scrollIntoViewIfNeeded();
    const desktopCard = rail(desktop, homeText.rails.newest).getByRole("listitem").first();
    await desktopCard.hover();
    await expect(desktopCard.getByRole("link")).toHaveCount(1);
    await expect(desktopCard.getByRole("button")).toHaveCount(0);
    await context.close();
  });

  test("the Explorer grid follows the chosen number of columns", async ({ page }) => {
    await page.goto("/browse?view=classic");
    const grid = page.getByRole("main").getByRole("list").first();
    await expect(grid.getByRole("listitem").first()).toBeVisible();
    const columns = () =>
      grid.evaluate((el) => getComputedStyle(el).gridTemplateColumns.split(" ").filter(Boolean).length);
    expect(await columns()).toBe(6);
    await page.getByLabel(gridText.columns).selectOption("3");
    await expect.poll(columns).toBe(3);
    await page.reload();
    await expect.poll(columns).toBe(3);
  });
});
