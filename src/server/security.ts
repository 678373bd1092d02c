import helmet from "@fastify/helmet";
import type { FastifyInstance } from "fastify";
import { requestMessages } from "#contract/errors";
import type { Config } from "./shared/config.ts";
import { AppError } from "./shared/errors.ts";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Security headers on every response (ARCHITECTURE baseline, SECURITY-CHECKLIST 13, 33) and the
 * same-origin rule for state-changing requests (CSRF defence next to SameSite=Lax cookies).
 */
export async function registerSecurity(app: FastifyInstance, config: Config) {
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        "default-src": ["'self'"],
        "script-src": ["'self'"],
        // Toasts and the component library set inline styles; no inline script is allowed.
        "style-src": ["'self'", "'unsafe-inline'"],
        "img-src": ["'self'", "data:", "blob:", "https:"],
        // A film an operator hosts elsewhere (a public http(s) address) is read by the element from
        // there (decision 006, amended 2026-11-27); Bobine's own media stay same-origin.
        "media-src": ["'self'", "blob:", "https:", "http:"],
        "font-src": ["'self'", "data:"],
        "connect-src": ["'self'"],
        "object-src": ["'none'"],
        "base-uri": ["'none'"],
        "form-action": ["'self'"],
        "frame-ancestors": ["'none'"],
      },
    },
    // HSTS only when the request really came over https (see the hook below).
    strictTransportSecurity: false,
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    // The same rule as `frame-ancestors 'none'`, for browsers that only read the older header.
    xFrameOptions: { action: "deny" },
  });

  // The one origin allowed to change state: PUBLIC_URL's. Never the request's own Host (or a
  // forwarded one): a client chooses those, so `Host: evil.example` with `Origin:
  // http://evil.example` would pass (SECURITY-CHECKLIST 13).
  const allowedOrigins = originsOf(config.publicUrl);

  app.addHook("onRequest", async (request, reply) => {
    if (request.protocol === "https") {
      reply.header("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
    }
    if (SAFE_METHODS.has(request.method)) return;
    const origin = request.headers.origin;
    if (origin === undefined) return;
    if (!allowedOrigins.has(origin)) {
      request.log.warn(
        { origin, allowedOrigins: [...allowedOrigins] },
        "state change from an origin other than PUBLIC_URL's refused",
      );
      throw new AppError("ACCESS_DENIED", requestMessages.foreignOrigin);
    }
  });
}

const LOOPBACK_NAMES = ["localhost", "127.0.0.1", "[::1]"];

/**
 * PUBLIC_URL's origin; when it names this machine's loopback, the other loopback spellings of the
 * same scheme and port too (someone trying Bobine opens http://127.0.0.1:3000 as often as
 * http://localhost:3000, and no other site can be served from those origins).
 */
function originsOf(publicUrl: string): Set<string> {
  const url = new URL(publicUrl);
  if (!LOOPBACK_NAMES.includes(url.hostname)) return new Set([url.origin]);
  return new Set(
    LOOPBACK_NAMES.map((name) => {
      const alias = new URL(url.origin);
      alias.hostname = name;
      return alias.origin;
    }),
  );
}
