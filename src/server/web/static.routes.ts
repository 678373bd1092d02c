import fs from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";
import { requestMessages } from "#contract/errors";
import type { Config } from "../shared/config.ts";
import { AppError } from "../shared/errors.ts";

/** Built SPA location (vite build output). */
export const webDistDir = path.resolve(import.meta.dirname, "../../../dist/web");

/**
 * Public images under /media/images (posters, backdrops) and the built SPA with long-cache hashed
 * assets and an HTML fallback for client routes. Video and subtitle bytes are never served here:
 * they go through the protected stream endpoint.
 */
const SESSION_PRELOAD = "</api/auth/session>; rel=preload; as=fetch; crossorigin";
const HOME_PRELOAD = "</api/home>; rel=preload; as=fetch; crossorigin";

export async function registerStatic(app: FastifyInstance, config: Config) {
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

  app.setNotFoundHandler((request, reply) => {
    const url = request.url;
    // The reset link's token is in this page's URL: never send it on as a referrer.
    if (url.startsWith("/reset-password")) reply.header("Referrer-Policy", "no-referrer");
    const isApi = url === "/api" || url.startsWith("/api/") || url.startsWith("/media/");
    if (!isApi && hasWeb && (request.method === "GET" || request.method === "HEAD")) {
      reply.header("Cache-Control", "no-cache");
      const pathname = url.split("?")[0] ?? "/";
      // The requests every first screen waits on leave with the page's scripts instead of after
      // them (issue 14: a phone's largest paint waits on them): the session on every page (the
      // gate and the header read it first), the home's data on the home. The app's fetch takes
      // each preloaded answer (same URL, same credentials): one request each.
      reply.header("Link", pathname === "/" ? `${SESSION_PRELOAD}, ${HOME_PRELOAD}` : SESSION_PRELOAD);
      return reply.type("text/html; charset=utf-8").send(fs.createReadStream(indexHtml));
    }
    throw new AppError("NOT_FOUND", isApi ? requestMessages.routeNotImplemented : undefined);
  });
}
