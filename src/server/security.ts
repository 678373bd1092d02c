import helmet from "@fastify/helmet";
import type { FastifyInstance } from "fastify";
import type { Config } from "./config.ts";
import { AppError, messages } from "./errors.ts";

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
        "media-src": ["'self'", "blob:"],
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
  });

  const allowedOrigins = new Set([new URL(config.publicUrl).origin]);

  app.addHook("onRequest", async (request, reply) => {
    if (request.protocol === "https") {
      reply.header("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
    }
    if (SAFE_METHODS.has(request.method)) return;
    const origin = request.headers.origin;
    if (origin === undefined) return;
    const own = `${request.protocol}://${request.host}`;
    if (origin !== own && !allowedOrigins.has(origin)) {
      throw new AppError("ACCESS_DENIED", messages.foreignOrigin);
    }
  });
}
