import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { type BrowserContext, expect, type Page, test } from "@playwright/test";
import { type AdminVideo, adminVideoMessages } from "../../src/contract/admin-videos.ts";
import { mediaMessages } from "../../src/contract/media.ts";
import {
  adminAuditText,
  adminMediaText,
  adminNotificationsText,
  adminText,
  adminUsersText,
  adminVideosText,
  subtitlesText,
  videoFormText,
} from "../../src/web/i18n/admin.ts";
import { homeText } from "../../src/web/i18n/catalogue.ts";
import { accountText } from "../../src/web/i18n/common.ts";
import { notificationsText } from "../../src/web/i18n/notifications.ts";
import { playerText } from "../../src/web/i18n/player.ts";
import { seriousA11yViolations } from "./axe.ts";
import { FIXTURE_ADMIN } from "./fixture-accounts.ts";
import { type Account, firstFilm, signIn, signUp } from "./fixtures.ts";

/**
 * Decision 015 « Done when », in Chromium as the e2e server's administrator: a series with two seasons
 * and a French subtitle, edited, then seen by a member; a gift, a notification to all arriving
 * live, a deleted member; each action in the journal; a member refused at /admin.
 */

const SRT = `1
00:00:01,000 --> 00:00:04,000
Bonjour, et bienvenue à bord.

2
00:00:05,000 --> 00:00:08,500
Attachez vos ceintures.
`;

async function adminPage(browser: { newContext: () => Promise<BrowserContext> }) {
  const context = await browser.newContext();
  await signIn(context.request, FIXTURE_ADMIN);
  const page = await context.newPage();
  return { context, page };
}

const tab = (page: Page, name: string) => page.getByRole("tab", { name });
const toast = (page: Page, text: string | RegExp) =>
  page.locator("[data-sonner-toast]").filter({ hasText: text });

async function openTab(page: Page, name: string) {
  await tab(page, name).click();
  await expect(tab(page, name)).toHaveAttribute("aria-selected", "true");
}

/** The journal's rows that name `target` (the action's label is in the same row). */
async function expectInJournal(page: Page, target: string, actions: string[]) {
  await openTab(page, adminText.tabs.audit);
  await page.getByLabel(adminAuditText.searchLabel).fill(target);
  for (const action of actions) {
    await expect(
      page.getByRole("row").filter({ hasText: action }).filter({ hasText: target }).first(),
    ).toBeVisible();
  }
}

test.describe("the administration", () => {
  test.use({ bypassCSP: true });

  test("a member opening /admin is refused", async ({ browser }) => {
    const context = await browser.newContext();
    const member = await signUp(context.request);
    const page = await context.newPage();
    await page.goto("/");
    // The account menu offers no « Administration » to a member.
    await page.getByRole("button", { name: accountText.menuLabel(member.username) }).click();
    await expect(page.getByRole("menuitem").first()).toBeVisible();
    await expect(page.getByRole("menuitem", { name: accountText.admin })).toHaveCount(0);
    await page.goto("/admin");
    await expect(page.getByRole("heading", { name: adminText.deniedTitle })).toBeVisible();
    await expect(page.getByText(adminText.deniedText)).toBeVisible();
    await expect(page.getByRole("tablist")).toHaveCount(0);
    // The server refuses too, whatever the screen shows.
    expect((await context.request.get("/api/admin/users")).status()).toBe(403);
    await context.close();
  });

  test("keeps its tabs in sight right under the header while the page scrolls, on a phone and a wide screen", async ({
    browser,
  }) => {
    const { context, page } = await adminPage(browser);
    try {
      await page.goto("/admin");
      const strip = page.getByRole("tablist");
      await expect(strip).toBeVisible();
      // The open tab (Vidéos) lists the catalogue: the page is long only once its rows are in.
      await expect(page.getByRole("row").nth(5)).toBeVisible();
      for (const width of [390, 1440]) {
        await page.setViewportSize({ width, height: 800 });
        await expect
          .poll(() =>
            page.evaluate(async () => {
              // Scrolled again at each look: what the page draws late makes it longer.
              window.scrollTo(0, document.documentElement.scrollHeight);
              await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
              const header = document.querySelector("header")?.getBoundingClientRect().bottom ?? 0;
              const tabs = document.querySelector("[role=tablist]")?.getBoundingClientRect().top ?? 0;
              // Stuck right under the header (its border line may overlap by a pixel), not hidden under it.
              return Math.abs(Math.round(tabs - header)) <= 1;
            }),
          )
          .toBe(true);
        await expect(tab(page, adminText.tabs.videos)).toBeInViewport();
      }
    } finally {
      await context.close();
    }
  });

  test("a row reached with Shift+Tab stays in sight under the tab strip and the selection bar, on a phone and a wide screen", async ({
    browser,
  }) => {
    const { context, page } = await adminPage(browser);
    try {
      for (const width of [390, 1440]) {
        await page.setViewportSize({ width, height: 800 });
        await page.goto("/admin?tab=users");
        // A table on a wide screen, a list of cards on a phone.
        const rows = page.getByRole("main").getByRole(width < 640 ? "listitem" : "row");
        await expect(rows.nth(8)).toBeVisible();
        await page.getByRole("main").getByRole("checkbox").nth(1).check();
        const bar = page.locator("[data-sticky-selection]");
        await expect(bar).toBeVisible();
        await rows.last().getByRole("button").last().focus();
        const hidden: string[] = [];
        for (let i = 0; i < 30; i += 1) {
          await page.keyboard.press("Shift+Tab");
          const seen = await page.evaluate(() => {
            const focused = document.activeElement;
            if (!focused?.closest("table, ul")) return null;
            const bar = document.querySelector("[data-sticky-selection]")?.getBoundingClientRect();
            const top = focused.getBoundingClientRect().top;
            return {
              top,
              under: bar?.bottom ?? 0,
              name: focused.getAttribute("aria-label") ?? focused.tagName,
            };
          });
          if (!seen) break;
          if (seen.top < seen.under - 1) hidden.push(`${width}px: ${seen.name} at ${Math.round(seen.top)}`);
        }
        expect(hidden).toEqual([]);
      }
    } finally {
      await context.close();
    }
  });

  test("a row deleted with the keyboard leaves the focus on the same button of the row that takes its place, and on the empty state once none is left", async ({
    browser,
  }) => {
    const others = await browser.newContext();
    const first = await signUp(others.request);
    const second = await signUp(others.request);
    await others.close();
    // The two accounts only: their names' common start (made a few milliseconds apart).
    let common = 0;
    while (first.username[common] === second.username[common]) common++;
    const { context, page } = await adminPage(browser);
    await page.goto("/admin");
    await openTab(page, adminText.tabs.users);
    await page.getByLabel(adminUsersText.searchLabel).fill(first.username.slice(0, common));
    const remove = (name: string) =>
      page.getByRole("button", { name: adminUsersText.deleteLabel(name), exact: true });
    await expect(remove(first.username)).toBeVisible();
    await expect(remove(second.username)).toBeVisible();
    const [gone, stays] =
      ((await remove(first.username).boundingBox())?.y ?? 0) <
      ((await remove(second.username).boundingBox())?.y ?? 0)
        ? [first, second]
        : [second, first];
    await remove(gone.username).focus();
    await page.keyboard.press("Enter");
    const confirm = page.getByRole("alertdialog");
    await expect(confirm).toContainText(adminUsersText.confirmDelete(gone.username));
    await page.keyboard.press("Tab");
    await page.keyboard.press("Enter");
    await expect(remove(gone.username)).toHaveCount(0);
    await expect(remove(stays.username)).toBeFocused();
    // The last row deleted: the focus goes to the empty state's heading, not to the page's top.
    // Searched by its whole name, the list holds that row alone (other specs' accounts can share
    // the prefix searched above).
    await page.getByLabel(adminUsersText.searchLabel).fill(stays.username);
    await expect(page.getByRole("row")).toHaveCount(2); // the header and that row
    await expect(remove(stays.username)).toHaveCount(1);
    await remove(stays.username).focus();
    await page.keyboard.press("Enter");
    await expect(confirm).toContainText(adminUsersText.confirmDelete(stays.username));
    await page.keyboard.press("Tab");
    await page.keyboard.press("Enter");
    await expect(page.getByRole("heading", { name: adminUsersText.empty })).toBeFocused();
    await context.close();
  });

  test("changes a seeded member's role without touching an e-mail the sign-up rules would now refuse, and never deletes its own account in bulk", async ({
    browser,
  }) => {
    const { context, page } = await adminPage(browser);
    try {
      // The demo's audience has addresses on bobine.example, a test domain sign-up refuses.
      const name = "spectateur-12";
      await page.goto("/admin?tab=users");
      await page.getByLabel(adminUsersText.searchLabel).fill(name);
      const row = page.getByRole("row").filter({ hasText: name });
      for (const role of ["admin", "user"] as const) {
        await page.getByRole("button", { name: adminUsersText.editLabel(name) }).click();
        const edit = page.getByRole("dialog", { name: adminUsersText.editTitle(name) });
        await edit.getByLabel(adminUsersText.role).selectOption(role);
        await edit.getByRole("button", { name: adminText.save }).click();
        await expect(toast(page, adminUsersText.updated).first()).toBeVisible();
        await expect(edit).toHaveCount(0);
        await expect(row).toContainText(adminUsersText.roles[role]);
      }

      // One's own row can take a gift with the others, never a deletion from here.
      await page.getByLabel(adminUsersText.searchLabel).fill(FIXTURE_ADMIN.username);
      await page.getByRole("checkbox", { name: adminText.selectRow(FIXTURE_ADMIN.username) }).check();
      const bar = page.getByRole("region", { name: adminUsersText.bulkLabel });
      await expect(bar.getByRole("button", { name: adminUsersText.bulkDelete })).toBeDisabled();
      await expect(bar.getByRole("button", { name: adminUsersText.bulkGift })).toBeEnabled();

      // A member given lifetime from their row is offered no more gift (it would add nothing; the
      // server refuses it): the button says why and keeps the keyboard's focus.
      const lifelongContext = await browser.newContext();
      const lifelong = await signUp(lifelongContext.request);
      await lifelongContext.close();
      await page.getByLabel(adminUsersText.searchLabel).fill(lifelong.username);
      const lifelongGift = page.getByRole("button", { name: adminUsersText.giftLabel(lifelong.username) });
      await lifelongGift.click();
      const gift = page.getByRole("dialog", { name: adminUsersText.giftTitle(lifelong.username) });
      await gift.getByLabel(adminUsersText.giftPlan).selectOption("lifetime");
      await gift.getByRole("button", { name: adminUsersText.giftButton, exact: true }).click();
      await expect(gift).toHaveCount(0);
      await expect(page.getByRole("row").filter({ hasText: lifelong.username })).toContainText(
        adminUsersText.lifetime,
      );
      await expect(lifelongGift).toHaveAttribute("aria-disabled", "true");
      await expect(lifelongGift).toHaveAccessibleName(
        `${adminUsersText.giftLabel(lifelong.username)} (${adminUsersText.lifetimeGiftHint(lifelong.username)})`,
      );
      await expect(lifelongGift).toBeFocused();
      await page.keyboard.press("Enter");
      await expect(gift).toHaveCount(0);

      // A gift to a selection leaves them out and says so (the administrator's own row, ticked
      // above, stays chosen through the new search); a selection of lifetime members only offers none.
      await page.getByRole("checkbox", { name: adminText.selectRow(lifelong.username) }).check();
      await expect(bar).toContainText(adminText.selected(2));
      await bar.getByRole("button", { name: adminUsersText.bulkGift }).click();
      const bulkGift = page.getByRole("alertdialog", { name: adminUsersText.bulkGiftTitle(1) });
      await expect(bulkGift).toContainText(adminUsersText.bulkLifetimeKept(1));
      await bulkGift.getByRole("button", { name: adminText.cancel }).click();
      await expect(bulkGift).toHaveCount(0);
      await page.getByLabel(adminUsersText.searchLabel).fill(FIXTURE_ADMIN.username);
      await page.getByRole("checkbox", { name: adminText.selectRow(FIXTURE_ADMIN.username) }).uncheck();
      await expect(bar.getByRole("button", { name: adminUsersText.bulkGift })).toBeDisabled();
      await expect(bar.getByRole("button", { name: adminUsersText.bulkGift })).toHaveAttribute(
        "title",
        adminUsersText.bulkAllLifetime,
      );
    } finally {
      await context.close();
    }
  });

  test("a series with two seasons and a French subtitle, edited, is on a member's home and in search, and in the journal", async ({
    browser,
  }) => {
    test.slow();
    const { context, page } = await adminPage(browser);
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    const title = `Les Phares du Nord ${Date.now().toString(36)}`;

    // The account menu leads an administrator to the panel.
    await page.goto("/");
    await page.getByRole("button", { name: accountText.menuLabel(FIXTURE_ADMIN.username) }).click();
    await page.getByRole("menuitem", { name: accountText.admin }).click();
    await expect(page).toHaveURL(/\/admin/);
    await expect(page.getByRole("heading", { level: 1, name: adminText.title })).toBeVisible();
    await expect(tab(page, adminText.tabs.videos)).toHaveAttribute("aria-selected", "true");
    await expect(page.getByRole("button", { name: adminVideosText.add })).toBeVisible();
    expect(await seriousA11yViolations(page)).toEqual([]);

    // The form: a series, two seasons, one episode in each.
    await page.getByRole("button", { name: adminVideosText.add }).click();
    const form = page.getByRole("dialog", { name: videoFormText.addTitle });
    await expect(form).toBeVisible();
    await form.getByText(videoFormText.series, { exact: true }).click();
    await form.getByLabel(videoFormText.title, { exact: true }).fill(title);
    await form.getByRole("checkbox", { name: "Drame" }).check();
    await form
      .getByLabel(videoFormText.description, { exact: true })
      .fill("Deux gardiens de phare, un hiver.");
    await form.getByLabel(videoFormText.year, { exact: true }).fill("2026");
    await form.getByLabel(videoFormText.duration, { exact: true }).fill("45min");
    await form.getByLabel(videoFormText.totalSeasons).fill("2");
    await expect(form.getByRole("heading", { name: videoFormText.season(2) })).toBeVisible();
    expect(await seriousA11yViolations(page)).toEqual([]);

    await form.getByRole("button", { name: videoFormText.addEpisodeTo(1) }).click();
    await form.getByRole("button", { name: videoFormText.addEpisodeTo(2) }).click();
    const episodes = form.getByRole("listitem");
    await expect(episodes).toHaveCount(2);
    // Defaults: number = count + 1, duration 45min.
    await expect(episodes.nth(0).getByLabel(videoFormText.episodeNumber, { exact: true })).toHaveValue("1");
    await expect(episodes.nth(0).getByLabel(videoFormText.episodeDuration, { exact: true })).toHaveValue(
      "45min",
    );
    await episodes.nth(0).getByLabel(videoFormText.episodeTitle, { exact: true }).fill("La lanterne");
    await episodes
      .nth(0)
      .getByLabel(videoFormText.episodeVideo, { exact: true })
      .fill("local:videos/bobine-demo-1.mp4");
    await episodes.nth(1).getByLabel(videoFormText.episodeTitle, { exact: true }).fill("Le retour");
    await episodes
      .nth(1)
      .getByLabel(videoFormText.episodeVideo, { exact: true })
      .fill("local:videos/bobine-demo-2.mp4");
    await form.getByRole("button", { name: videoFormText.create, exact: true }).click();
    await expect(toast(page, adminVideosText.seriesCreated(2))).toBeVisible();
    await expect(form).toHaveCount(0);

    // A French subtitle on the first episode, from an SRT file.
    await page.getByLabel(adminVideosText.searchLabel).fill(title);
    await page.getByRole("button", { name: `${adminVideosText.subtitles} ${title}` }).click();
    const subs = page.getByRole("dialog", { name: subtitlesText.title(title) });
    await expect(subs.getByText(subtitlesText.empty)).toBeVisible();
    // Nothing chosen: the spec's message.
    await subs.getByRole("button", { name: subtitlesText.upload }).click();
    await expect(subs.getByText(subtitlesText.fieldsRequired).first()).toBeVisible();
    await subs
      .getByLabel(subtitlesText.target)
      .selectOption({ label: subtitlesText.episode(1, 1, "La lanterne") });
    await subs.getByLabel(subtitlesText.language, { exact: true }).fill("fr");
    await subs.getByLabel(subtitlesText.languageName).fill("Français");
    await subs
      .getByLabel(subtitlesText.file)
      .setInputFiles({ name: "lanterne.fr.srt", mimeType: "application/x-subrip", buffer: Buffer.from(SRT) });
    await subs.getByRole("button", { name: subtitlesText.upload }).click();
    await expect(toast(page, subtitlesText.uploaded)).toBeVisible();
    // The track says where it goes and how many lines of dialogue its file holds.
    await expect(subs.getByRole("listitem").filter({ hasText: "Français" })).toContainText(
      `${subtitlesText.episode(1, 1, "La lanterne")} · ${subtitlesText.cues(2)}`,
    );
    await subs.getByRole("button", { name: adminText.close }).first().click();
    await expect(subs).toHaveCount(0);

    // Edit: a new description, and a second episode in season 1.
    await page.getByRole("button", { name: `${adminText.edit} ${title}` }).click();
    const edit = page.getByRole("dialog", { name: videoFormText.editTitle(title) });
    await expect(edit.getByLabel(videoFormText.title, { exact: true })).toHaveValue(title);
    await expect(edit.getByRole("listitem")).toHaveCount(2);
    await edit
      .getByLabel(videoFormText.description, { exact: true })
      .fill("Deux gardiens de phare, un long hiver.");
    await edit.getByRole("button", { name: videoFormText.addEpisodeTo(1) }).click();
    const added = edit
      .getByRole("listitem")
      .filter({ has: page.getByText(videoFormText.unsaved, { exact: true }) });
    await expect(added.getByLabel(videoFormText.episodeNumber, { exact: true })).toHaveValue("2");
    await added.getByLabel(videoFormText.episodeTitle, { exact: true }).fill("La tempête");
    await added
      .getByLabel(videoFormText.episodeVideo, { exact: true })
      .fill("local:videos/bobine-demo-3.mp4");
    await edit.getByRole("button", { name: videoFormText.save, exact: true }).click();
    await expect(toast(page, adminVideosText.updated)).toBeVisible();
    await expect(edit).toHaveCount(0);
    await expect(page.getByText(adminVideosText.episodesCount(3)).first()).toBeVisible();

    // The journal has each action.
    await expectInJournal(page, title, [
      adminAuditText.actions["video.create"],
      adminAuditText.actions["subtitle.create"],
      adminAuditText.actions["video.update"],
    ]);
    expect(errors).toEqual([]);

    // A member sees it on the home page (Nouveautés) and in search.
    const memberContext = await browser.newContext();
    await signUp(memberContext.request);
    const member = await memberContext.newPage();
    await member.goto("/");
    // « Nouveautés » draws its cards when the reader scrolls to it (decision 054).
    const newest = member.getByRole("region", { name: homeText.rails.newest, exact: true });
    await newest.scrollIntoViewIfNeeded();
    await expect(newest.getByRole("link", { name: new RegExp(title) }).first()).toBeAttached();
    await member.goto(`/search?q=${encodeURIComponent(title)}`);
    await expect(member.getByRole("link", { name: new RegExp(title) }).first()).toBeVisible();
    await memberContext.close();
    await context.close();
  });

  test("a gift of three months of premium lets the member play at once, with a notification; a notification to all arrives live; a member is deleted; all in the journal", async ({
    browser,
  }) => {
    test.slow();
    // The member, on the home page with its live notification stream open.
    const memberContext = await browser.newContext();
    const member: Account = await signUp(memberContext.request);
    expect((await memberContext.request.post("/api/notifications/read-all")).ok()).toBe(true);
    const memberPage = await memberContext.newPage();
    const stream = memberPage.waitForResponse(
      (r) => r.url().includes("/api/notifications/stream") && r.status() === 200,
    );
    await memberPage.goto("/");
    await stream;
    const badge = memberPage.getByTestId("notification-badge");
    await expect(badge).toHaveCount(0);

    const { context, page } = await adminPage(browser);
    await page.goto("/admin?tab=users");
    await page.getByLabel(adminUsersText.searchLabel).fill(member.username);
    await page.getByRole("button", { name: adminUsersText.giftLabel(member.username) }).click();
    const gift = page.getByRole("dialog", { name: adminUsersText.giftTitle(member.username) });
    await gift.getByLabel(adminUsersText.giftPlan).selectOption("premium");
    await gift.getByLabel(adminUsersText.giftMonths).fill("3");
    expect(await seriousA11yViolations(page)).toEqual([]);
    await gift.getByRole("button", { name: adminUsersText.giftButton, exact: true }).click();
    await expect(toast(page, adminUsersText.gifted)).toBeVisible();
    await expect(gift).toHaveCount(0);
    await expect(page.getByRole("row").filter({ hasText: member.username })).toContainText("Premium");

    // The member is told, live, and plays a film at once.
    await expect(badge).toHaveText("1");
    await memberPage.goto(`/video/${(await firstFilm(memberContext.request)).id}`);
    await expect(memberPage.getByRole("heading", { name: playerText.paywallTitle })).toHaveCount(0);
    await expect
      .poll(() => memberPage.locator("video").evaluate((v: HTMLVideoElement) => v.currentTime), {
        timeout: 20_000,
      })
      .toBeGreaterThan(0.2);
    await memberPage.goto("/");

    // A notification to all, arriving in the member's bell without a reload.
    const title = `Soirée cinéma ${Date.now().toString(36)}`;
    await openTab(page, adminText.tabs.notifications);
    await page.getByRole("button", { name: adminNotificationsText.send }).click();
    const send = page.getByRole("dialog", { name: adminNotificationsText.sendTitle });
    // Sent empty: refused with a word in the form, and the focus on the first field to mend.
    await send.getByRole("button", { name: adminNotificationsText.sendButton, exact: true }).click();
    await expect(send.getByRole("alert")).toHaveText(adminNotificationsText.fixErrorsSend);
    await expect(send.getByLabel(adminNotificationsText.title, { exact: true })).toBeFocused();
    await send.getByLabel(adminNotificationsText.title, { exact: true }).fill(title);
    await send
      .getByLabel(adminNotificationsText.message)
      .fill("Ce soir, Les Phares du Nord en avant-première.");
    // A recipient chosen with the keyboard: the focus follows what replaces the list, and back.
    await send.getByLabel(adminNotificationsText.recipientSearch).fill(member.username);
    await send.getByRole("button", { name: new RegExp(member.username) }).focus();
    await page.keyboard.press("Enter");
    await expect(send.getByText(adminNotificationsText.recipientChosen(member.username))).toBeVisible();
    await expect(send.getByRole("button", { name: adminText.edit, exact: true })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(send.getByLabel(adminNotificationsText.recipientSearch)).toBeFocused();
    await send.getByLabel(adminNotificationsText.sendToAll).check();
    await send.getByRole("button", { name: adminNotificationsText.sendButton, exact: true }).click();
    await expect(toast(page, /Notification envoyée à \d/)).toBeVisible();
    await expect(send).toHaveCount(0);
    await expect(memberPage.getByTestId("notification-badge")).toHaveText("2");
    await memberPage.getByRole("button", { name: /^Notifications/ }).click();
    await expect(
      memberPage.getByRole("dialog", { name: notificationsText.title }).getByRole("listitem").first(),
    ).toContainText(title);

    // Another member is deleted, after a confirmation.
    const goneContext = await browser.newContext();
    const gone = await signUp(goneContext.request);
    await goneContext.close();
    await openTab(page, adminText.tabs.users);
    await page.getByLabel(adminUsersText.searchLabel).fill(gone.username);
    await page.getByRole("button", { name: adminUsersText.deleteLabel(gone.username) }).click();
    const confirm = page.getByRole("alertdialog");
    await expect(confirm).toContainText(adminUsersText.confirmDelete(gone.username));
    await confirm.getByRole("button", { name: adminText.delete }).click();
    await expect(toast(page, adminUsersText.deleted)).toBeVisible();
    await expect(page.getByText(adminUsersText.empty)).toBeVisible();

    await expectInJournal(page, member.username, [adminAuditText.actions["user.gift"]]);
    await expectInJournal(page, gone.username, [adminAuditText.actions["user.delete"]]);
    await expectInJournal(page, title, [adminAuditText.actions["notification.send"]]);
    await memberContext.close();
    await context.close();
  });

  test("a new film is saved as a draft from the form, takes its file with a progress bar through pause, a reload and a network cut, builds its ladder in « En cours », and is published to members", async ({
    browser,
  }) => {
    test.setTimeout(180_000);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bobine-e2e-admin-upload-"));
    const clip = path.join(dir, "phare.mp4");
    execFileSync("ffmpeg", [
      ...["-hide_banner", "-loglevel", "error", "-y"],
      ...["-f", "lavfi", "-i", "testsrc2=size=640x360:rate=10:duration=12"],
      ...["-f", "lavfi", "-i", "sine=frequency=440:duration=12"],
      ...["-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-c:a", "aac", "-shortest", clip],
    ]);
    const notVideo = path.join(dir, "affiche.mp4");
    fs.writeFileSync(notVideo, "Ceci n'est pas une vidéo.\n".repeat(100));

    const { context, page } = await adminPage(browser);
    const title = `Le Gardien du phare ${Date.now().toString(36)}`;

    // A new film, no address: « Ajouter » says what it needs; « Enregistrer en brouillon » saves it
    // and keeps the form open on it, now able to take its file.
    await page.goto("/admin");
    await page.getByRole("button", { name: adminVideosText.add }).click();
    const adding = page.getByRole("dialog", { name: videoFormText.addTitle });
    await adding.getByLabel(videoFormText.title, { exact: true }).fill(title);
    await adding.getByRole("checkbox", { name: "Drame" }).check();
    await adding
      .getByLabel(videoFormText.description, { exact: true })
      .fill("Un film envoyé par l'administration.");
    await adding.getByLabel(videoFormText.duration, { exact: true }).fill("12min");
    // Escape on a filled form asks before throwing it away; « Continuer la saisie » keeps it all.
    await page.keyboard.press("Escape");
    const discard = page.getByRole("alertdialog", { name: videoFormText.discardTitle });
    await expect(discard).toBeVisible();
    await discard.getByRole("button", { name: videoFormText.keepEditing }).click();
    await expect(discard).toHaveCount(0);
    await expect(adding.getByLabel(videoFormText.title, { exact: true })).toHaveValue(title);
    await expect(adding.getByText(adminMediaText.saveFirst)).toBeVisible();
    await adding.getByRole("button", { name: videoFormText.create, exact: true }).click();
    await expect(adding.getByText(adminVideoMessages.videoUrlRequired)).toBeVisible();
    await adding.getByRole("button", { name: videoFormText.saveDraft }).click();
    await expect(toast(page, adminVideosText.draftSaved)).toBeVisible();
    const form = page.getByRole("dialog", { name: videoFormText.editTitle(title) });
    await expect(form.getByText(videoFormText.draftBadge, { exact: true })).toBeVisible();
    const chooser = form.getByLabel(adminMediaText.chooseFor(videoFormText.videoUrl));
    await expect(chooser).toBeAttached();
    const film = (
      (await (await context.request.get(`/api/admin/videos?q=${encodeURIComponent(title)}`)).json()) as {
        items: AdminVideo[];
      }
    ).items[0] as AdminVideo;
    expect(film.published).toBe(false);
    // Nobody sees it outside the administration.
    const visitor = await browser.newContext();
    expect((await visitor.request.get(`/api/videos/${film.id}`)).status()).toBe(404);

    // Not a video: refused in French, nothing kept.
    await chooser.setInputFiles(notVideo);
    await expect(form.getByRole("alert").filter({ hasText: mediaMessages.notAVideo })).toBeVisible();

    // The real file, on a slow line: a progress bar, then pause and resume.
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: 20,
      downloadThroughput: -1,
      uploadThroughput: 150 * 1024,
    });
    await chooser.setInputFiles(clip);
    const bar = form.getByRole("progressbar", { name: adminMediaText.progressLabel("phare.mp4") });
    await expect(bar).toBeVisible();
    await expect.poll(async () => Number(await bar.getAttribute("aria-valuenow"))).toBeGreaterThan(0);
    await form.getByRole("button", { name: adminMediaText.pause }).click();
    await expect(form.getByText(adminMediaText.paused)).toBeVisible();
    // A reload, the same file chosen again: the upload goes on from where the server stands.
    await page.reload();
    await page.getByLabel(adminVideosText.searchLabel).fill(title);
    await page.getByRole("button", { name: `${adminText.edit} ${title}` }).click();
    const resumed = page.waitForRequest((r) => r.method() === "PATCH" && r.url().includes("/media/uploads/"));
    await chooser.setInputFiles(clip);
    expect(Number((await resumed).headers()["upload-offset"])).toBeGreaterThan(0);
    await expect.poll(async () => Number(await bar.getAttribute("aria-valuenow"))).toBeGreaterThan(0);
    await form.getByRole("button", { name: adminMediaText.pause }).click();
    await expect(form.getByText(adminMediaText.paused)).toBeVisible();
    // The network is cut when it resumes: the upload says so and tries again by itself.
    const uploads = "**/api/admin/media/uploads/*";
    await page.route(uploads, (route) =>
      route.request().method() === "PATCH" ? route.abort("internetdisconnected") : route.continue(),
    );
    await form.getByRole("button", { name: adminMediaText.resume }).click();
    await expect(form.getByText(/Connexion perdue/)).toBeVisible();
    await page.unroute(uploads);
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    await expect(form.getByText(adminMediaText.done)).toBeVisible({ timeout: 60_000 });
    await page.keyboard.press("Escape");

    // « En cours »: the file in the transcoding queue, until ready.
    await openTab(page, adminText.tabs.live);
    const item = page.getByRole("listitem").filter({ hasText: title });
    await expect(item).toBeVisible();
    await expect(item.getByText(adminMediaText.statuses.ready, { exact: true })).toBeVisible({
      timeout: 120_000,
    });
    expect(await seriousA11yViolations(page)).toEqual([]);
    const assets = (await (
      await context.request.get(`/api/admin/media/assets?videoId=${film.id}`)
    ).json()) as { items: { status: string }[] };
    expect(assets.items.map((a) => a.status)).toContain("ready");

    // Published from its form: now members and visitors have it.
    await openTab(page, adminText.tabs.videos);
    await page.getByLabel(adminVideosText.searchLabel).fill(title);
    const row = page.getByRole("row").filter({ hasText: title });
    await expect(row.getByText(videoFormText.draftBadge, { exact: true })).toBeVisible();
    await page.getByRole("button", { name: `${adminText.edit} ${title}` }).click();
    await form.getByRole("button", { name: videoFormText.publish, exact: true }).click();
    await expect(toast(page, adminVideosText.published)).toBeVisible();
    await expect(row.getByText(videoFormText.draftBadge, { exact: true })).toHaveCount(0);
    expect((await visitor.request.get(`/api/videos/${film.id}`)).status()).toBe(200);

    // Another file for the published film: asked first (members lose it until the new one plays),
    // and kept when the administrator says so.
    await page.getByRole("button", { name: `${adminText.edit} ${title}` }).click();
    await chooser.setInputFiles(clip);
    const replace = page.getByRole("alertdialog", { name: adminMediaText.replaceTitle });
    await expect(replace).toBeVisible();
    await replace.getByRole("button", { name: adminMediaText.replaceKeep }).click();
    await expect(replace).toHaveCount(0);
    await expect(form.getByRole("progressbar")).toHaveCount(0);
    expect((await visitor.request.get(`/api/videos/${film.id}`)).status()).toBe(200);
    await visitor.close();
    await context.close();
  });
});
