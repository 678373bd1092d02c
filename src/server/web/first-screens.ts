import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { FastifyInstance } from "fastify";
import { type CatalogueCache, type PreparedAnswer, prepareAnswer } from "../shared/catalogue-cache.ts";
import { escapeHtml } from "../shared/html.ts";
import { heroMeta } from "./hero-meta.ts";

/**
 * A visitor's first screen drawn here (docs/decisions/061-first-screens-drawn-by-the-server.md):
 * the web app's own routes and components (dist/ssr, built by `vite build --ssr` from
 * src/web/entry-server.tsx) rendered with the answers of this server's routes, put into the page
 * with those answers. A phone then paints the screen as soon as the page and its style sheet
 * arrive, not once ~200 KB of script has downloaded and run (issue 14: Lighthouse's largest paint).
 */

/** The server-side build of the web app. */
export const firstScreensModule = path.resolve(import.meta.dirname, "../../../dist/ssr/entry-server.js");

/** The id of the element holding the answers (src/web/lib/first-screen.ts says the same). */
const STATE_ID = "bobine-first-screen";

interface Renderer {
  renderFirstScreen(
    path: string,
    transport: typeof fetch,
    hero?: string,
    seed?: number,
  ): Promise<{ html: string; state: unknown; hero: string | undefined; title?: string | undefined } | null>;
}

/** Screens with a hero the render draws (spec §2: random among the first 10): one page per draw. */
const HERO_SCREENS = new Set(["/movies", "/series"]);
const HERO_DRAWS = 10;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** Whether an address's part can be a video's id (a UUID as the database writes it). */
export const isVideoId = (value: string): boolean => UUID.test(value);
const TITLED = /^\/(?:video|info)\/([^/]+)$/;
/** The title a page is about: `/video/{id}` (its player) or `/info/{id}` (its info page), the id a UUID. */
export function titledVideoId(pathname: string): string | undefined {
  const id = TITLED.exec(pathname)?.[1];
  return id !== undefined && isVideoId(id) ? id : undefined;
}
/** The catalogue's screens as they open: the same for every visitor, cached with the catalogue. */
const CATALOGUE_SCREENS = new Set(["/", "/browse", "/movies", "/series", "/categories", "/top-rated"]);

/**
 * Whether the page at this address is drawn for a visitor: the catalogue's screens without a
 * filter or a search in their address (those vary without end), and one page per title: its info
 * page (`/info/{id}`, the link « Partager » gives), its info view opened on the home (`/?info={id}`:
 * the modal alone, decision 060) and its player (a visitor's is the sign-in screen).
 */
export function isDrawnAddress(pathname: string, query: URLSearchParams): boolean {
  if (isInfoAddress(pathname, query)) return true;
  if (query.size > 0) return false;
  if (CATALOGUE_SCREENS.has(pathname)) return true;
  return titledVideoId(pathname) !== undefined;
}

/** A title's shared info link as the info view's « Partager » writes it: the home and `?info={id}` alone. */
export function isInfoAddress(pathname: string, query: URLSearchParams): boolean {
  return pathname === "/" && query.size === 1 && isVideoId(query.get("info") ?? "");
}

/** A render that takes longer is given up (the page goes out as the shell) and the next one starts. */
const RENDER_TIMEOUT_MS = 3000;

function withinTime<T>(work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`render longer than ${RENDER_TIMEOUT_MS} ms`)),
      RENDER_TIMEOUT_MS,
    );
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/** More renders than this waiting: the page goes out as the bare shell (a drawn page is a bonus, not a queue). */
const MAX_WAITING = 4;

export interface FirstScreens {
  /**
   * The page for a visitor at `address` (path, and `hero` on the home), prepared (bytes, br, gzip,
   * validator) and cached with the catalogue; null when it is not drawn (see isDrawnAddress), when
   * the catalogue cache is off, when too many renders wait, or when the render failed.
   */
  page(
    indexHtml: string,
    address: string,
    hero: string | undefined,
    chunks: string[],
  ): Promise<PreparedAnswer | null>;
}

/**
 * The first screens of this process, or null without a server-side build (then every page is the
 * shell, as before it). Renders run one at a time: each is CPU work (tens of milliseconds, the first
 * one loading the module more), and the module's transport and hero are set for the render under way.
 */
export async function openFirstScreens(
  app: FastifyInstance,
  cache: CatalogueCache,
  modulePath = firstScreensModule,
): Promise<FirstScreens | null> {
  if (!fs.existsSync(modulePath)) return null;
  const renderer = (await import(pathToFileURL(modulePath).href)) as Renderer;

  // The app's requests, answered by this server's own routes without a cookie: what a visitor gets.
  const transport: typeof fetch = async (input) => {
    const answer = await app.inject({
      method: "GET",
      url: String(input),
      headers: { accept: "application/json" },
    });
    const empty = answer.statusCode === 204 || answer.statusCode === 304;
    return new Response(empty ? null : new Uint8Array(answer.rawPayload), {
      status: answer.statusCode,
      headers: { "content-type": String(answer.headers["content-type"] ?? "application/json") },
    });
  };

  let queue: Promise<unknown> = Promise.resolve();
  let waiting = 0;
  const render = (address: string, hero: string | undefined, seed: number | undefined) => {
    waiting++;
    const run = queue.then(() => withinTime(renderer.renderFirstScreen(address, transport, hero, seed)));
    queue = run.then(
      () => waiting--,
      () => waiting--,
    );
    return run;
  };

  return {
    async page(indexHtml, address, hero, chunks) {
      if (!cache.active) return null;
      const rootAt = indexHtml.indexOf(ROOT_OPEN);
      if (rootAt < 0 || indexHtml.indexOf(ROOT_AFTER, rootAt) < 0) return null;
      // Films and Séries: one of ten draws of their hero, each its own page (the home's is drawn by the caller).
      const draw = HERO_SCREENS.has(address) ? Math.floor(Math.random() * HERO_DRAWS) : undefined;
      const seed = draw === undefined ? undefined : (draw + 0.5) / HERO_DRAWS;
      const key = `${address}#${hero ?? ""}#${draw ?? ""}`;
      const bucket = CATALOGUE_SCREENS.has(address) ? cache.pages : cache.playerPages;
      const cached = bucket.peek<PreparedAnswer | null>(key);
      if (cached !== undefined) return cached;
      if (waiting >= MAX_WAITING) return null;
      try {
        return await bucket.get(key, async () => {
          const screen = await render(address, hero, seed);
          if (!screen) return null;
          const named =
            hero !== undefined || screen.hero === undefined ? indexHtml : heroMeta(indexHtml, screen.hero);
          const state = JSON.stringify(screen.state).replace(/</g, "\\u003c");
          const { head, entry, vendors } = startAfterLoad(
            titled(named.slice(0, named.indexOf(ROOT_OPEN)), screen.title),
          );
          if (!entry) return null;
          const starter = `<script src="/start-app.js" data-entry="${entry}" data-chunks="${[...vendors, ...chunks].join(" ")}"></script>`;
          return prepareAnswer(
            `${head}${ROOT_OPEN}${screen.html}</div>\n    <script type="application/json" id="${STATE_ID}">${state}</script>\n    ${starter}\n    ${named.slice(named.indexOf(ROOT_AFTER))}`,
          );
        });
      } catch (err) {
        app.log.warn({ err, address }, "first screen not drawn: the page goes out as the shell");
        return null;
      }
    },
  };
}

/** The head with the screen's own title (the tab's name from the start), written as text. */
function titled(head: string, title: string | undefined): string {
  if (!title) return head;
  return head.replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(title)}</title>`);
}

const ENTRY_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/;
const MODULE_PRELOAD = /<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g;

/**
 * The page's head without its scripts: a drawn page starts the app once it has loaded
 * (public/start-app.js), with the entry and the chunks index.html named.
 */
function startAfterLoad(head: string): { head: string; entry: string | undefined; vendors: string[] } {
  const entry = ENTRY_SCRIPT.exec(head)?.[1];
  const vendors = [...head.matchAll(MODULE_PRELOAD)].map((m) => m[1] as string);
  return { head: head.replace(ENTRY_SCRIPT, "").replace(MODULE_PRELOAD, ""), entry, vendors };
}

/** The page's #root (index.html): its content, the wordmark painted before the scripts, is replaced. */
const ROOT_OPEN = '<div id="root">';
/** What follows #root in index.html. */
const ROOT_AFTER = "<noscript>";
