import fs from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { EXPLORER_PAGE_SIZE } from "#contract/catalogue";
import { requestMessages } from "#contract/errors";
import { type PreparedAnswer, preferredEncoding } from "../shared/catalogue-cache.ts";
import type { Config } from "../shared/config.ts";
import { AppError } from "../shared/errors.ts";
import { cookieName as sessionCookieName } from "../shared/session.ts";
import { isAppRoute, isFileAddress, isFileRequest } from "./app-routes.ts";
import {
  type FirstScreens,
  isDrawnAddress,
  isInfoAddress,
  isVideoId,
  titledVideoId,
} from "./first-screens.ts";
import { heroMeta } from "./hero-meta.ts";
import { chunksFor, manifestReader, screenModules } from "./screen-chunks.ts";

/** Built SPA location (vite build output). */
export const webDistDir = path.resolve(import.meta.dirname, "../../../dist/web");

const SESSION_PRELOAD = "</api/auth/session>; rel=preload; as=fetch; crossorigin";
const HOME_PRELOAD = "</api/home>; rel=preload; as=fetch; crossorigin";
/** An image address written into a Link header as it is: Bobine's own images or https, no separators. */
const LINKABLE_IMAGE = /^(\/media\/images\/|https:\/\/)[^\s<>,;"'\\]+$/;

/** What the page may learn from the rest of the application before its scripts run. */
export interface PageHints {
  /** A visitor's home, from the catalogue cache (nothing when cold): its hero candidates and first posters. */
  visitorHome?: () => { heroChoices: { id: string; image: string }[]; firstPosters: string[] };
  /** A visitor's first screen drawn here (decision 061), when the server-side build is there. */
  firstScreens?: () => Promise<FirstScreens | null>;
}

/**
 * Public images under /media/images (posters, backdrops) and the built SPA with long-cache hashed
 * assets and an HTML fallback for client routes. Video and subtitle bytes are never served here:
 * they go through the protected stream endpoint.
 */
export async function registerStatic(app: FastifyInstance, config: Config, page: PageHints = {}) {
  const imagesDir = path.join(config.mediaDir, "images");
  fs.mkdirSync(imagesDir, { recursive: true });
  await app.register(fastifyStatic, {
    root: imagesDir,
    prefix: "/media/images/",
    decorateReply: false,
    index: false,
    dotfiles: "deny",
    setHeaders(res) {
      res.header("Cache-Control", "public, max-age=86400");
      // An SVG opened directly must not run script nor load anything.
      res.header("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'; sandbox");
    },
  });

  const indexHtml = path.join(webDistDir, "index.html");
  const hasWeb = config.serveWeb && fs.existsSync(indexHtml);
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDistDir,
      prefix: "/",
      wildcard: false,
      index: false,
      // The build's manifest (.vite/) is the server's to read, not a page's.
      dotfiles: "ignore",
      setHeaders(res, filePath) {
        res.header(
          "Cache-Control",
          filePath.includes(`${path.sep}assets${path.sep}`)
            ? "public, max-age=31536000, immutable"
            : "no-cache",
        );
      },
    });
  }

  const manifest = manifestReader(webDistDir);
  const cookie = sessionCookieName(config);
  const hasSessionCookie = (request: FastifyRequest) => (request.headers.cookie ?? "").includes(`${cookie}=`);
  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url;
    // The reset link's token is in this page's URL: never send it on as a referrer.
    if (url.startsWith("/reset-password")) reply.header("Referrer-Policy", "no-referrer");
    const isRoute = url === "/api" || url.startsWith("/api/");
    const isApi = isRoute || url.startsWith("/media/");
    const pathname = url.split("?")[0] ?? "/";
    const reading = request.method === "GET" || request.method === "HEAD";
    // A build made while this server runs (npm start rebuilds when the sources are newer) names new
    // hashed files the static plugin did not list when it started: served when they exist.
    // (Its cache headers are the plugin's setHeaders', set only once the file is sent.)
    if (hasWeb && reading && BUILT_ASSET.test(pathname)) {
      const file = pathname.slice(1);
      if (fs.statSync(path.join(webDistDir, file), { throwIfNoEntry: false })?.isFile()) {
        return reply.sendFile(file, webDistDir);
      }
    }
    if (!isApi && hasWeb && !isFileAddress(pathname) && reading) {
      reply.header("Cache-Control", "no-cache");
      // The app's « Page non trouvée » for an address it does not answer, with its status.
      if (!isAppRoute(pathname)) reply.code(404);
      const query = new URLSearchParams(url.slice(pathname.length));
      const built = manifest();
      const scripts = built ? chunksFor(built, screenModules(pathname, query)) : [];
      reply.header(
        "Link",
        [
          ...pagePreloads(pathname, query),
          ...scripts.map((file) => `<${file}>; rel=modulepreload; crossorigin`),
        ].join(", "),
      );
      reply.type("text/html; charset=utf-8");
      const visitor = !hasSessionCookie(request);
      const visitorHome = pathname === "/" && visitor ? page.visitorHome?.() : undefined;
      const hero = visitorHome ? drawHero(visitorHome.heroChoices) : undefined;
      // A visitor's home: the hero is drawn here (spec §2: random among the first 10) and its image
      // leaves with the page, before the scripts that will show it, with the first rail's first
      // posters (issue 14: the phone's largest paint is one of them); the page names the hero so
      // the app shows that one (use-hero-video.ts).
      // Not when the page opens on a title's info (`?info=`): the home is drawn once the modal
      // closes (decision 060), its images are not the first screen's.
      if (visitorHome && hero && !query.has("info")) {
        const images = [
          ...(LINKABLE_IMAGE.test(hero.image)
            ? [`<${hero.image}>; rel=preload; as=image; fetchpriority=high`]
            : []),
          ...visitorHome.firstPosters
            .filter((poster) => LINKABLE_IMAGE.test(poster))
            .map((poster) => `<${poster}>; rel=preload; as=image`),
        ];
        if (images.length > 0) reply.header("Link", [reply.getHeader("Link"), ...images].join(", "));
      }
      // The screen itself, drawn here for a visitor (decision 061); the home only with its hero.
      // Not for the desktop app (its user agent's marker), whose screens differ (spec §1: its
      // header, its cards).
      const desktop = (request.headers["user-agent"] ?? "").includes(config.desktopUaMarker);
      // A title's info view on the home is the modal alone (decision 060): one page per title,
      // whatever the hero; the home, drawn when the modal closes, draws its own.
      const info = isInfoAddress(pathname, query);
      const drawable =
        visitor &&
        !desktop &&
        isDrawnAddress(pathname, query) &&
        (pathname !== "/" || info || hero !== undefined);
      const screens = drawable ? await page.firstScreens?.() : null;
      if (screens) {
        const html = await fs.promises.readFile(indexHtml, "utf8");
        const drawn = info
          ? await screens.page(html, url, undefined, scripts)
          : await screens.page(heroMeta(html, hero?.id), url, hero?.id, scripts);
        if (drawn) return sendPage(request, reply, drawn);
      }
      if (!hero) return reply.send(fs.createReadStream(indexHtml));
      return reply.send(heroMeta(await fs.promises.readFile(indexHtml, "utf8"), hero.id));
    }
    throw new AppError(
      "NOT_FOUND",
      isRoute
        ? requestMessages.routeNotImplemented
        : isFileRequest(url)
          ? requestMessages.fileNotFound
          : undefined,
    );
  });
}

/** A file of the build's assets folder: one plain name, nothing that climbs out of it. */
const BUILT_ASSET = /^\/assets\/[A-Za-z0-9_-][A-Za-z0-9._-]*$/;

/**
 * A drawn page, prepared once (its bytes, br and gzip forms): it carries the answers it was drawn
 * from, so the page's own preloads of them are not sent, and starts its scripts once loaded
 * (first-screens.ts), so they are not sent ahead either: the images stay.
 */
function sendPage(request: FastifyRequest, reply: FastifyReply, page: PreparedAnswer) {
  const links = String(reply.getHeader("Link") ?? "")
    .split(", ")
    .filter((link) => !(link.includes("as=fetch") || link.includes("modulepreload")));
  reply.header("Link", links.join(", "));
  reply.header("vary", "Accept-Encoding, Cookie");
  const encoding = page.br ? preferredEncoding(request.headers["accept-encoding"]) : null;
  if (encoding === "br" && page.br) return reply.header("content-encoding", "br").send(page.br);
  if (encoding === "gzip" && page.gzip) return reply.header("content-encoding", "gzip").send(page.gzip);
  return reply.send(page.identity);
}

/**
 * The requests a first screen waits on, sent with the page instead of after its scripts (issue 14:
 * a phone's largest paint waits on them): the session on every page (the gate and the header read
 * it first), the home's data on the home, the title's on its info view and its player, the
 * Explorer's first page and categories when it opens unfiltered. The app's
 * fetch takes each preloaded answer (same URL, same credentials): one request each.
 */
function pagePreloads(pathname: string, query: URLSearchParams): string[] {
  const links = [SESSION_PRELOAD];
  const fetchOf = (path: string) => `<${path}>; rel=preload; as=fetch; crossorigin`;
  if (pathname === "/") {
    links.push(HOME_PRELOAD);
    const info = query.get("info");
    if (info && isVideoId(info)) links.push(fetchOf(`/api/videos/${info}`));
  }
  // The Explorer as it opens (no filter in its address): its first page and the category names.
  if (pathname === "/browse" && query.size === 0) {
    links.push(fetchOf(`/api/videos?sort=relevance&limit=${EXPLORER_PAGE_SIZE}`), fetchOf("/api/categories"));
  }
  const titled = titledVideoId(pathname);
  if (titled) links.push(fetchOf(`/api/videos/${titled}`));
  return links;
}

/** One of the visitor home's hero candidates, drawn at random (none when the cache has none). */
function drawHero(choices: { id: string; image: string }[]): { id: string; image: string } | undefined {
  const valid = choices.filter((c) => isVideoId(c.id));
  return valid[Math.floor(Math.random() * valid.length)];
}
