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
      // The home's one request leaves with the page's scripts instead of after them (issue 14: the
      // largest paint of a phone waits on it); the app's fetch takes the preloaded answer.
      if (pathname === "/") reply.header("Link", "</api/home>; rel=preload; as=fetch; crossorigin");
      return reply.type("text/html; charset=utf-8").send(fs.createReadStream(indexHtml));
    }
    throw new AppError("NOT_FOUND", isApi ? requestMessages.routeNotImplemented : undefined);
  });
}
