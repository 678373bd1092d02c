import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { CatalogueCache } from "../shared/catalogue-cache.ts";
import { type FirstScreens, isDrawnAddress, openFirstScreens } from "./first-screens.ts";

/**
 * The server's side of decision 061 with a stand-in for the built web app (dist/ssr): a module
 * exporting renderFirstScreen as the real one does, which asks the server's own routes through the
 * transport it is given and draws what they answered. The real render runs in the e2e tier
 * (tests/e2e/shell.spec.ts), on a real build.
 */
const renderer = `
export async function renderFirstScreen(path, transport, hero, seed) {
  globalThis.__renders = (globalThis.__renders ?? 0) + 1;
  if (path === "/top-rated") throw new Error("a component read window");
  if (path === "/series") return null;
  if (path === "/browse" && hero === "never") return new Promise(() => {});
  const answer = await transport("/api/title");
  const { title } = await answer.json();
  return {
    html: "<main><h1>" + title.replace(/</g, "&lt;") + "</h1><ul>" + "<li>Carte</li>".repeat(100) + "</ul></main>",
    state: { queries: [{ queryKey: ["title"], state: { data: { title } } }] },
    hero: path === "/movies" ? "hero-" + Math.floor(seed * 10) : undefined,
    title: path === "/categories" ? undefined : "Explorer & " + title + " — Bobine",
  };
}
`;

const indexHtml = `<!doctype html>
<html lang="fr">
  <head>
    <title>Bobine — Films et séries en streaming</title>
    <script src="/theme.js"></script>
    <script type="module" crossorigin src="/assets/index-1.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react-1.js">
    <link rel="stylesheet" crossorigin href="/assets/index-1.css">
  </head>
  <body>
    <div id="root">
      <div aria-hidden="true">Bobine</div>
    </div>
    <noscript><p>Bobine a besoin de JavaScript.</p></noscript>
  </body>
</html>
`;

/** A title that would end the page's data block if it were written as it is. */
const TITLE = "Le </script><script>alert(1)</script> retour";

const renders = () => (globalThis as { __renders?: number }).__renders ?? 0;

describe("a visitor's first screen drawn by the server (decision 061)", () => {
  let dir: string;
  let app: FastifyInstance;
  let cache: CatalogueCache;
  let screens: FirstScreens;
  let askedWith: Record<string, unknown> = {};

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "bobine-first-screens-"));
    const modulePath = path.join(dir, "entry-server.mjs");
    fs.writeFileSync(modulePath, renderer);
    app = Fastify();
    app.get("/api/title", async (request) => {
      askedWith = request.headers;
      return { title: TITLE };
    });
    await app.ready();
    cache = new CatalogueCache();
    cache.setListening(true);
    const opened = await openFirstScreens(app, cache, modulePath);
    if (!opened) throw new Error("the stand-in module did not load");
    screens = opened;
  });

  afterAll(async () => {
    await app.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  beforeEach(() => {
    cache.invalidate();
  });

  it("puts the screen in #root with the answers it was drawn from, which cannot end their data block", async () => {
    const page = await screens.page(indexHtml, "/browse", undefined, ["/assets/browse-1.js"]);
    const html = page?.identity.toString("utf8") ?? "";
    expect(html).toContain(
      '<div id="root"><main><h1>Le &lt;/script>&lt;script>alert(1)&lt;/script> retour</h1><ul><li>Carte</li>',
    );
    expect(html).not.toContain("aria-hidden");
    const block = /<script type="application\/json" id="bobine-first-screen">(.*?)<\/script>/.exec(html)?.[1];
    expect(block).toBeDefined();
    expect(block).not.toContain("<");
    expect(JSON.parse(block ?? "null").queries[0].state.data.title).toBe(TITLE);
    // Compressed once, for every visitor.
    expect(page?.br).not.toBeNull();
    expect(page?.gzip).not.toBeNull();
  });

  it("starts the app's scripts once the page has loaded, not with it", async () => {
    const html = (
      await screens.page(indexHtml, "/browse", undefined, ["/assets/browse-1.js"])
    )?.identity.toString();
    expect(html).not.toContain('type="module"');
    expect(html).not.toContain("modulepreload");
    expect(html).toContain(
      '<script src="/start-app.js" data-entry="/assets/index-1.js" data-chunks="/assets/react-1.js /assets/browse-1.js"></script>',
    );
    // The style sheet and the theme stay in the head.
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/index-1.css">');
    expect(html).toContain('<script src="/theme.js"></script>');
  });

  it("gives the page the title its screen names (as text), or keeps the app's when it names none", async () => {
    const browse = (await screens.page(indexHtml, "/browse", undefined, []))?.identity.toString() ?? "";
    expect(browse).toContain(
      "<title>Explorer &amp; Le &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; retour — Bobine</title>",
    );
    expect(browse.match(/<title>/g)).toHaveLength(1);
    const categories =
      (await screens.page(indexHtml, "/categories", undefined, []))?.identity.toString() ?? "";
    expect(categories).toContain("<title>Bobine — Films et séries en streaming</title>");
  });

  it("asks the server's routes as a visitor would, without a cookie", async () => {
    askedWith = {};
    await screens.page(indexHtml, "/categories", undefined, []);
    expect(askedWith.accept).toBe("application/json");
    expect(askedWith.cookie).toBeUndefined();
  });

  it("draws a page once, and again after the catalogue changes", async () => {
    const before = renders();
    await screens.page(indexHtml, "/categories", undefined, []);
    await screens.page(indexHtml, "/categories", undefined, []);
    expect(renders() - before).toBe(1);
    cache.invalidate();
    await screens.page(indexHtml, "/categories", undefined, []);
    expect(renders() - before).toBe(2);
  });

  it("names the hero a Films page was drawn with, for the app to show that one", async () => {
    const html = (await screens.page(indexHtml, "/movies", undefined, []))?.identity.toString() ?? "";
    expect(html).toMatch(/<meta name="bobine-hero" content="hero-\d" \/>\s*<\/head>/);
  });

  it("leaves the page to the shell when the render fails, never ends or draws nothing, or while the catalogue cache is off", async () => {
    expect(await screens.page(indexHtml, "/top-rated", undefined, [])).toBeNull();
    expect(await screens.page(indexHtml, "/series", undefined, [])).toBeNull();
    // A render that never ends is given up, and the next one is drawn.
    expect(await screens.page(indexHtml, "/browse", "never", [])).toBeNull();
    expect(await screens.page(indexHtml, "/browse", undefined, [])).not.toBeNull();
    cache.setListening(false);
    try {
      expect(await screens.page(indexHtml, "/browse", undefined, [])).toBeNull();
    } finally {
      cache.setListening(true);
    }
  });
});

describe("the addresses drawn for a visitor", () => {
  const drawn = (address: string) => {
    const [pathname = "", search = ""] = address.split("?");
    return isDrawnAddress(pathname, new URLSearchParams(search));
  };

  it("are the catalogue's screens as they open, and a title's info page, info view and player", () => {
    for (const address of ["/", "/browse", "/movies", "/series", "/categories", "/top-rated"])
      expect(drawn(address), address).toBe(true);
    for (const address of [
      "/video/3be9a033-c981-5dc7-9b89-f24098e94879",
      "/info/3be9a033-c981-5dc7-9b89-f24098e94879",
      "/?info=3be9a033-c981-5dc7-9b89-f24098e94879",
    ])
      expect(drawn(address), address).toBe(true);
  });

  it("are not the ones that vary without end, nor the member's own screens", () => {
    for (const address of [
      "/browse?q=nuit",
      "/?info=3be9a033-c981-5dc7-9b89-f24098e94879&utm=x",
      "/?info=not-an-id",
      "/browse?info=3be9a033-c981-5dc7-9b89-f24098e94879",
      "/info/not-an-id",
      "/categories?genre=Thriller",
      "/video/not-an-id",
      "/video/3be9a033-c981-5dc7-9b89-f24098e94879/extra",
      "/search",
      "/my-list",
      "/history",
      "/profile",
      "/admin",
      "/login",
    ])
      expect(drawn(address), address).toBe(false);
  });
});
