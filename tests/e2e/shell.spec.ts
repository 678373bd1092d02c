import fs from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { type HomeResponse, unpackHome } from "../../src/contract/catalogue.ts";
import { homeText } from "../../src/web/i18n/catalogue.ts";
import { commonText, metaText, navText, screenTitles } from "../../src/web/i18n/common.ts";
import { errorPageText, notFoundText } from "../../src/web/i18n/errors.ts";
import { playerText } from "../../src/web/i18n/player.ts";
import { discoveryText } from "../../src/web/i18n/search.ts";
import { seriousA11yViolations } from "./axe.ts";
import { FIXTURE_ADMIN } from "./fixture-accounts.ts";
import { SUBSCRIBER, signIn } from "./fixtures.ts";

/** The id of the catalogue's first video, for the pages that show one. */
async function firstVideoId(request: import("@playwright/test").APIRequestContext) {
  const list = (await (await request.get("/api/videos?limit=1")).json()) as { items: { id: string }[] };
  const id = list.items[0]?.id;
  expect(id).toBeDefined();
  return id;
}

/** Holds the app's scripts until the returned release is called: the page stays as the server drew it. */
async function holdScripts(page: import("@playwright/test").Page): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/.*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

test.describe("home page on the demo catalogue", () => {
  test("shows the demo titles from the API with posters whose alt is the title", async ({
    page,
    request,
  }) => {
    const api = await (await request.get("/api/videos?limit=100")).json();
    expect(api.total).toBeGreaterThanOrEqual(60);
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    // The newest are « Nouveautés », drawn when the reader scrolls to it (decision 054).
    await page.getByRole("region", { name: homeText.rails.newest, exact: true }).scrollIntoViewIfNeeded();
    for (const video of api.items.slice(0, 12) as { title: string }[]) {
      await expect(page.getByRole("img", { name: video.title, exact: true }).first()).toBeAttached();
    }
    await expect(page.getByRole("link", { name: homeText.play })).toBeVisible();
    expect(errors).toEqual([]);
  });

  test("a member's home asks for the session and the home's data once each, preloaded with the page", async ({
    page,
  }) => {
    await signIn(page.request, SUBSCRIBER);
    const asked: string[] = [];
    page.on("request", (r) => {
      const { pathname } = new URL(r.url());
      if (pathname === "/api/auth/session" || pathname === "/api/home") asked.push(pathname);
    });
    const res = await page.goto("/");
    expect(res?.headers().link).toContain("</api/auth/session>; rel=preload");
    expect(res?.headers().link).toContain("</api/home>; rel=preload");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await page.waitForLoadState("networkidle");
    // The app's own fetches took the preloaded answers: no second request for either.
    expect(asked.sort()).toEqual(["/api/auth/session", "/api/home"]);
  });

  test("a member's Explorer, info view and player ask for what their page preloaded once each", async ({
    page,
    request,
  }) => {
    const id = await firstVideoId(request);
    await signIn(page.request, SUBSCRIBER);
    for (const [url, preloaded, screens] of [
      [
        "/browse",
        ["/api/auth/session", "/api/categories", "/api/videos?sort=relevance&limit=60"],
        ["browse"],
      ],
      [
        `/?info=${id}`,
        ["/api/auth/session", "/api/home", `/api/videos/${id}`],
        ["home", "info-modal-screen"],
      ],
      [`/video/${id}`, ["/api/auth/session", `/api/videos/${id}`], ["video"]],
    ] as const) {
      const asked: string[] = [];
      const listen = (r: import("@playwright/test").Request) => {
        const u = new URL(r.url());
        if (u.pathname.startsWith("/api/") || u.pathname.startsWith("/assets/"))
          asked.push(u.pathname + u.search);
      };
      page.on("request", listen);
      const res = await page.goto(url);
      await page.waitForLoadState("networkidle");
      page.off("request", listen);
      const link = res?.headers().link ?? "";
      for (const path of preloaded) {
        expect(link, url).toContain(`<${path}>; rel=preload; as=fetch`);
        expect(
          asked.filter((a) => a === path),
          `${url} → ${path}`,
        ).toHaveLength(1);
      }
      // The screen's own scripts leave with the page, not after the entry ran (issue 14), and the
      // browser takes each preloaded one (same credentials mode): fetched once.
      const scripts = [...link.matchAll(/<(\/assets\/[^>]+\.js)>; rel=modulepreload; crossorigin/g)].map(
        (m) => m[1] as string,
      );
      for (const screen of screens) {
        expect(
          scripts.some((s) => s.startsWith(`/assets/${screen}-`)),
          `${url}: ${screen}'s chunk`,
        ).toBe(true);
      }
      for (const script of scripts) {
        expect(
          asked.filter((a) => a === script),
          `${url} → ${script}`,
        ).toHaveLength(1);
      }
    }
  });

  test("a visitor's home shows the hero its page named, whose image left with the page with the first posters", async ({
    page,
    request,
  }) => {
    // The hero is drawn from the cached home: the first visitor after a change gets a random one.
    await request.get("/api/home");
    const images: string[] = [];
    page.on("request", (r) => {
      if (r.resourceType() === "image") images.push(new URL(r.url()).pathname);
    });
    const res = await page.goto("/");
    const named = await page.locator('meta[name="bobine-hero"]').getAttribute("content");
    expect(named).toMatch(/^[0-9a-f-]{36}$/);
    const video = await (await request.get(`/api/videos/${named}`)).json();
    const image = video.backdrop ?? video.thumbnail;
    expect(res?.headers().link).toContain(`<${image}>; rel=preload; as=image`);
    await expect(page.locator("#hero-title")).toHaveText(video.title);
    await page.waitForLoadState("networkidle");
    // The preloaded image is the one the hero shows: fetched once.
    expect(images.filter((p) => p === image)).toHaveLength(1);
    // So are the first rail's first two posters (a phone's largest paint), which left with the page too.
    const home = unpackHome((await (await request.get("/api/home")).json()) as HomeResponse);
    for (const video of home.trending.slice(0, 2)) {
      expect(res?.headers().link).toContain(`<${video.thumbnail}>; rel=preload; as=image`);
      await expect(page.getByRole("img", { name: video.title, exact: true }).first()).toBeVisible();
      expect(images.filter((p) => p === video.thumbnail)).toHaveLength(1);
    }
  });

  test("serves the hero's poster and backdrop images from the media folder", async ({ page }) => {
    await page.goto("/");
    const img = page.locator("main img").first();
    await expect(img).toBeVisible();
    const natural = await img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0);
    expect(natural).toBe(true);
  });
});

test.describe("a visitor's first screens, drawn by the server (decision 061)", () => {
  test("arrive drawn: each screen is on the page before any script runs", async ({ browser, request }) => {
    const id = await firstVideoId(request);
    // The home is drawn with a hero from the cached catalogue (the first visitor after a change gets the shell).
    await request.get("/api/home");
    const context = await browser.newContext({
      javaScriptEnabled: false,
      viewport: { width: 390, height: 844 },
    });
    const page = await context.newPage();
    try {
      const res = await page.goto("/");
      const named = await page.locator('meta[name="bobine-hero"]').getAttribute("content");
      const hero = (await (await request.get(`/api/videos/${named}`)).json()) as { title: string };
      await expect(page.locator("#hero-title")).toHaveText(hero.title);
      await expect(page.locator("main img").first()).toBeVisible();
      // What it was drawn from travels with it; the scripts start once it has loaded.
      expect(await page.locator("#bobine-first-screen").count()).toBe(1);
      expect(res?.headers().link ?? "").not.toContain("modulepreload");
      for (const [url, heading] of [
        ["/browse", screenTitles.browse],
        ["/movies", screenTitles.movies],
        [`/video/${id}`, playerText.authTitle],
      ] as const) {
        await page.goto(url);
        await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
      }
      // A title's info page and its info view over the home (the modal alone, open in the markup).
      const video = (await (await request.get(`/api/videos/${id}`)).json()) as { title: string };
      await page.goto(`/info/${id}`);
      await expect(page.getByRole("heading", { level: 1, name: video.title })).toBeVisible();
      await page.goto(`/?info=${id}`);
      await expect(page.locator("dialog[open] h2")).toHaveText(video.title);
      // The tab is named by its screen from the start, not once the app runs.
      await page.goto("/browse");
      await expect(page).toHaveTitle(metaText.pageTitle(screenTitles.browse));
      await expect(page.locator("main img").first()).toBeVisible();
    } finally {
      await context.close();
    }
  });

  test("is taken over by the app: the same screen, working, without asking again for what it was drawn from", async ({
    page,
  }) => {
    const asked: string[] = [];
    page.on("request", (r) => {
      const u = new URL(r.url());
      if (u.pathname.startsWith("/api/")) asked.push(u.pathname + u.search);
    });
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    await page.goto("/browse");
    // The drawn screen is inert (no dead clicks) until the app replaces it.
    await expect(page.locator("#root > [inert]")).toHaveCount(0);
    await expect(page.getByRole("heading", { level: 1, name: screenTitles.browse })).toHaveCount(1);
    await page.waitForLoadState("networkidle");
    expect(asked.filter((a) => a.startsWith("/api/videos") || a === "/api/categories")).toEqual([]);
    // And it works: a search from the Explorer's box.
    const first = (await (await page.request.get("/api/videos?limit=1")).json()) as {
      items: { title: string }[];
    };
    const title = first.items[0]?.title ?? "";
    await page.locator("main").getByLabel(discoveryText.searchLabel).fill(title);
    await expect(page.getByRole("img", { name: title, exact: true }).first()).toBeVisible();
    // It keeps the drawn markup and its generated ids: what the app draws later (the filters' panel)
    // is named by the ids the drawn buttons hold (both sides share the tree's shape: providers.tsx).
    await page.getByRole("button", { name: /^Filtres/ }).click();
    const unnamed = await page.evaluate(() =>
      [...document.querySelectorAll("[aria-controls], [aria-labelledby]")].flatMap((el) =>
        ["aria-controls", "aria-labelledby"].flatMap((attr) =>
          (el.getAttribute(attr) ?? "")
            .split(/\s+/)
            .filter((id) => id && !document.getElementById(id))
            .map((id) => `${attr}=${id}`),
        ),
      ),
    );
    expect(unnamed).toEqual([]);
    expect(errors).toEqual([]);
  });

  test("is taken over where the visitor scrolled to: the page stays there and the rails reached draw their cards", async ({
    page,
    request,
  }) => {
    // A drawn home (the catalogue cached), whose scripts are held until the visitor has scrolled.
    await request.get("/api/home");
    const release = await holdScripts(page);
    await page.goto("/", { waitUntil: "commit" });
    // The drawn page is inert until the app takes it over: found by its markup, not its roles.
    const rail = page.locator(`section[data-rail="${homeText.rails.series}"]`);
    await expect(rail).toBeAttached();
    await expect(page.locator("#root > [inert]")).toHaveCount(1);
    await rail.scrollIntoViewIfNeeded();
    const scrolled = await page.evaluate(() => window.scrollY);
    expect(scrolled).toBeGreaterThan(800);
    release();
    await expect(page.locator("#root > [inert]")).toHaveCount(0);
    // The app took over without sending the visitor back to the top, and the rails drawn above
    // the one in view kept their height (a taller card than its box would move the page)…
    expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);
    // …and the rail they are looking at draws its cards (each a link to its title's page).
    await expect(rail.getByRole("link").first()).toBeVisible();
  });

  test("a title's info view arrives open and the app makes it the modal where it stands: focus inside, Escape closes it to the home", async ({
    page,
    request,
  }) => {
    const id = await firstVideoId(request);
    const video = (await (await request.get(`/api/videos/${id}`)).json()) as { title: string };
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    const release = await holdScripts(page);
    // Loaded (its style sheet applied: a box read before it would be the unstyled one); the app's
    // scripts, asked for once the page has loaded (start-app.js), are held.
    await page.goto(`/?info=${id}`);
    const dialog = page.locator("dialog");
    // Drawn open before any script: its title shows, over a dimmed page.
    await expect(dialog.locator("h2")).toHaveText(video.title);
    await expect(dialog).toBeVisible();
    const drawnAt = await dialog.boundingBox();
    expect(await dialog.evaluate((d) => d.matches(":modal"))).toBe(false);
    release();
    await expect(page.locator("#root > [inert]")).toHaveCount(0);
    // The app's: modal (the page behind inert, focus inside), in the same place and size.
    await expect.poll(() => dialog.evaluate((d) => d.matches(":modal"))).toBe(true);
    await expect(page.getByRole("dialog", { name: video.title })).toBeVisible();
    expect(await dialog.boundingBox()).toEqual(drawnAt);
    expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(page).toHaveURL(/\/$/);
    await expect(page.locator("#hero-title")).toBeVisible();
    expect(errors).toEqual([]);
  });

  test("is never sent to a signed-in member, and is drawn anew once the catalogue changes", async ({
    playwright,
    baseURL,
  }) => {
    const visitor = await playwright.request.newContext({ baseURL });
    const member = await playwright.request.newContext({ baseURL });
    const admin = await playwright.request.newContext({ baseURL });
    try {
      const drawn = (html: string) => html.includes('id="bobine-first-screen"');
      expect(drawn(await (await visitor.get("/categories")).text())).toBe(true);
      await signIn(member, SUBSCRIBER);
      expect(drawn(await (await member.get("/categories")).text())).toBe(false);
      expect(drawn(await (await member.get("/")).text())).toBe(false);

      await signIn(admin, FIXTURE_ADMIN);
      const name = `Cinéma e2e ${Date.now().toString(36)}`;
      const created = await admin.post("/api/admin/categories", { data: { name } });
      expect(created.ok(), await created.text()).toBe(true);
      const { id } = (await created.json()) as { id: string };
      try {
        await expect
          .poll(async () => (await (await visitor.get("/categories")).text()).includes(name))
          .toBe(true);
      } finally {
        await admin.delete(`/api/admin/categories/${id}`);
      }
      await expect
        .poll(async () => (await (await visitor.get("/categories")).text()).includes(name))
        .toBe(false);
    } finally {
      await Promise.all([visitor.dispose(), member.dispose(), admin.dispose()]);
    }
  });
});

test("the home, the Explorer, an info view and a player load without breaking the page's security policy", async ({
  page,
  request,
}) => {
  const id = await firstVideoId(request);
  // Every violation the browser reports (an eval tried by a library, an inline script, a foreign image).
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __csp: string[] }).__csp = seen;
    document.addEventListener("securitypolicyviolation", (e) =>
      seen.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`),
    );
  });
  for (const url of ["/", "/browse", `/?info=${id}`, `/video/${id}`]) {
    await page.goto(url);
    await page.waitForLoadState("networkidle");
    expect(await page.evaluate(() => (window as unknown as { __csp: string[] }).__csp), url).toEqual([]);
  }
});

test("serves the SPA's HTML uncached and its hashed assets cached for a year, with an HTML fallback that says 404 for an unknown address", async ({
  request,
}) => {
  expect((await request.get("/profile")).status()).toBe(200);
  const html = await request.get("/une/route/du/client");
  expect(html.status()).toBe(404);
  expect(html.headers()["content-type"]).toContain("text/html");
  expect(html.headers()["cache-control"]).toBe("no-cache");
  const asset = /src="(\/assets\/[^"]+\.js)"/.exec(await html.text())?.[1];
  expect(asset).toBeTruthy();
  const js = await request.get(asset as string);
  expect(js.headers()["cache-control"]).toContain("immutable");
  expect(js.headers()["content-security-policy"]).toContain("object-src 'none'");
});

test.describe("header", () => {
  test("has the spec's links and sign-in buttons, and turns opaque once scrolled", async ({ page }) => {
    await page.goto("/");
    const nav = page.getByRole("navigation", { name: navText.mainLabel });
    for (const name of [navText.home, navText.series, navText.movies, navText.browse]) {
      await expect(nav.getByRole("link", { name })).toBeVisible();
    }
    await expect(page.getByRole("link", { name: navText.login })).toHaveAttribute("href", "/login");
    await expect(page.getByRole("link", { name: navText.register })).toHaveAttribute("href", "/register");
    const header = page.locator("header").first();
    await expect(header).toHaveAttribute("data-opaque", "false");
    // The home's rails arrive after the first paint: a wheel turned before the page is taller than
    // the screen scrolls nothing. Wait until it can scroll, then turn the wheel over the page.
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight))
      .toBeGreaterThan(300);
    const viewport = page.viewportSize() ?? { width: 1440, height: 900 };
    await page.mouse.move(viewport.width / 2, viewport.height / 2);
    await page.mouse.wheel(0, 1200);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await expect(header).toHaveAttribute("data-opaque", "true");
  });

  test("hides the navigation on /login and /register and the whole header on the player", async ({
    page,
  }) => {
    for (const path of ["/login", "/register"]) {
      await page.goto(path);
      await expect(page.getByRole("navigation", { name: navText.mainLabel })).toHaveCount(0);
      await expect(page.getByRole("link", { name: navText.brandHome })).toBeVisible();
    }
    await page.goto("/video/00000000-0000-0000-0000-000000000000");
    await expect(page.locator("header")).toHaveCount(0);
  });

  test("collapses to a compact menu on a phone, which Escape closes", async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto("/");
    const button = page.getByRole("button", { name: navText.openMenu });
    await button.click();
    await expect(page.getByRole("navigation", { name: navText.mobileLabel })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(page.getByRole("navigation", { name: navText.mobileLabel })).toHaveCount(0);
    await expect(button).toBeFocused();
    await context.close();
  });

  test("the phone menu closes when Tab leaves it, and a page opened from it gives its title the focus", async ({
    browser,
  }) => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto("/");
    const button = page.getByRole("button", { name: navText.openMenu });
    const menu = page.getByRole("navigation", { name: navText.mobileLabel });
    await button.click();
    await expect(menu).toBeVisible();
    // Tab through its entries: past the last, the menu closes instead of hiding the focus under it.
    for (let i = 0; i < 40 && (await menu.count()) > 0; i += 1) await page.keyboard.press("Tab");
    await expect(menu).toHaveCount(0);
    await button.click();
    await menu.getByRole("link", { name: navText.browse }).click();
    await expect(page).toHaveURL(/\/browse$/);
    await expect(page.getByRole("heading", { level: 1 })).toBeFocused();
    await context.close();
  });

  test("keeps a way to search on a tablet, where the search box does not fit", async ({ browser }) => {
    for (const width of [800, 1000]) {
      const context = await browser.newContext({ viewport: { width, height: 700 } });
      const page = await context.newPage();
      await page.goto("/");
      const banner = page.getByRole("banner");
      await expect(banner.getByRole("navigation", { name: navText.mainLabel })).toBeVisible();
      const search = banner.getByRole("link", { name: discoveryText.searchLabel });
      await expect(search).toBeVisible();
      await search.click();
      await expect(page).toHaveURL(/\/search$/);
      await context.close();
    }
  });

  test("shows the desktop app a simpler header, without the search box, where a visitor signs in, in a wide and a narrow window", async ({
    browser,
  }) => {
    const context = await browser.newContext({ userAgent: "Mozilla/5.0 BobineDesktop/1.0" });
    const page = await context.newPage();
    await page.goto("/");
    const banner = page.getByRole("banner");
    await expect(banner.getByRole("navigation", { name: navText.mainLabel })).toBeVisible();
    await expect(banner.getByRole("link", { name: discoveryText.searchLabel })).toHaveCount(0);
    await expect(banner.getByRole("combobox")).toHaveCount(0);
    await banner.getByRole("link", { name: navText.login }).click();
    await expect(page).toHaveURL(/\/login$/);

    // A narrow window: the links and the account actions move into the compact menu, nothing is cut.
    await page.setViewportSize({ width: 390, height: 800 });
    await page.goto("/");
    await expect(banner.getByRole("navigation", { name: navText.mainLabel })).toBeHidden();
    await banner.getByRole("button", { name: navText.openMenu }).click();
    await expect(page.getByRole("navigation", { name: navText.mobileLabel })).toBeVisible();
    await expect(banner.getByRole("combobox")).toHaveCount(0);
    await expect(banner.getByRole("link", { name: navText.register })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await context.close();
  });
});

test.describe("error and not-found pages", () => {
  for (const [code, texts] of Object.entries(errorPageText.codes)) {
    test(`/error/${code} shows '${texts.title}' with the suggestions and the code for support`, async ({
      page,
    }) => {
      await page.goto(`/error/${code}`);
      await expect(page.getByRole("heading", { level: 1, name: texts.title })).toBeVisible();
      await expect(page.getByText(errorPageText.suggestionsTitle)).toBeVisible();
      for (const s of errorPageText.suggestions) await expect(page.getByText(s)).toBeVisible();
      await expect(page.getByRole("button", { name: commonText.retry })).toBeVisible();
      await expect(page.getByRole("button", { name: commonText.back })).toBeVisible();
    });
  }

  test("an unknown error code shows 'Erreur inattendue' and Accueil goes home", async ({ page }) => {
    await page.goto("/error/N_IMPORTE_QUOI");
    await expect(
      page.getByRole("heading", { level: 1, name: errorPageText.codes.UNKNOWN_ERROR.title }),
    ).toBeVisible();
    await page.getByRole("button", { name: commonText.home }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test("any unknown path and /404 show 'Page non trouvée', sent with the status 404, with links to / and /search", async ({
    page,
  }) => {
    for (const path of ["/404", "/une/page/qui/n-existe/pas"]) {
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole("heading", { level: 1, name: notFoundText.title })).toBeVisible();
      await expect(page.locator('main a[href="/"]').first()).toBeVisible();
      await expect(page.locator('main a[href^="/search"]').first()).toBeVisible();
    }
  });

  test("a missing file (a stale script, robots.txt) is a 404 in French, never the app's page", async ({
    request,
  }) => {
    for (const path of ["/assets/index-nexistepas.js", "/robots.txt"]) {
      const response = await request.get(path);
      expect(response.status()).toBe(404);
      expect(response.headers()["content-type"]).not.toContain("text/html");
      expect((await response.json()).message).toBe("Fichier introuvable.");
    }
    // A file a new build added while the server runs is served (the page names it at once).
    const late = path.join("dist", "web", "assets", `late-${Date.now().toString(36)}.js`);
    fs.writeFileSync(late, "export {};\n");
    try {
      const added = await request.get(`/${late.split(path.sep).slice(2).join("/")}`);
      expect(added.status()).toBe(200);
      expect(added.headers()["content-type"]).toContain("javascript");
    } finally {
      fs.rmSync(late);
    }
    // A page of the app is still the app's page.
    const browse = await request.get("/browse");
    expect(browse.status()).toBe(200);
    expect(browse.headers()["content-type"]).toContain("text/html");
  });
});

test("every route of the spec's route table renders a screen with one h1", async ({ page }) => {
  const routes = [
    "/series",
    "/movies",
    "/browse",
    "/search?q=nuit",
    "/categories",
    "/top-rated",
    "/info/00000000-0000-0000-0000-000000000000",
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
    "/subscription/success?session_id=x",
    "/payment/paysafecard",
  ];
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  for (const path of routes) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 }), path).toHaveCount(1);
    await expect(page.getByRole("heading", { name: notFoundText.title }), path).toHaveCount(0);
  }
  expect(errors).toEqual([]);
});

test.describe("accessibility", () => {
  test.use({ bypassCSP: true });
  for (const path of ["/", "/error/ACCESS_DENIED", "/404", "/login"]) {
    test(`${path} has no serious or critical axe violation`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      expect(await seriousA11yViolations(page)).toEqual([]);
    });
  }
});
