import type { IncomingMessage, ServerResponse } from "node:http";
import type { FastifyInstance } from "fastify";
import helmet, { type HelmetOptions } from "helmet";
import { requestMessages } from "#contract/errors";
import type { Config } from "./shared/config.ts";
import { AppError } from "./shared/errors.ts";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** Helmet's choices for Bobine: the same headers on every response. */
const HELMET_OPTIONS: HelmetOptions = {
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
};

/**
 * The headers Helmet sets with HELMET_OPTIONS, read once: Helmet rebuilds them (the whole CSP
 * parsed and validated again) on each response, which cost a seventh of a cached answer's time
 * (issue 14's profile); they never change while the process runs.
 */
function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = String(value);
      return res;
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let failure: unknown;
  helmet(options)({} as IncomingMessage, res as unknown as ServerResponse, (err?: unknown) => {
    failure = err;
  });
  if (failure) throw failure;
  return headers;
}

/**
 * Headers of the API's answers (JSON, media bytes, event streams), which a browser never renders as
 * a page: OWASP's REST set — a policy that allows nothing, no framing, no sniffing, no reading from
 * another site — and nothing that only a document reads (the page's CSP, opener and agent-cluster
 * policies). Fewer bytes on every answer (issue 14: a third of a cached answer's headers).
 */
const API_HEADERS: Record<string, string> = {
  "content-security-policy": "default-src 'none'; base-uri 'none'; object-src 'none'; frame-ancestors 'none'",
  "cross-origin-resource-policy": "same-origin",
  "referrer-policy": "strict-origin-when-cross-origin",
  "x-content-type-options": "nosniff",
  "x-frame-options": "DENY",
};

/** Under /api/, except the API reference's own pages (/api/docs), which are documents. */
function isApiAnswer(url: string): boolean {
  return url.startsWith("/api/") && !url.startsWith("/api/docs");
}

/**
 * Security headers on every response (ARCHITECTURE baseline, SECURITY-CHECKLIST 13, 33) and the
 * same-origin rule for state-changing requests (CSRF defence next to SameSite=Lax cookies).
 */
export async function registerSecurity(app: FastifyInstance, config: Config) {
  // The one origin allowed to change state: PUBLIC_URL's. Never the request's own Host (or a
  // forwarded one): a client chooses those, so `Host: evil.example` with `Origin:
  // http://evil.example` would pass (SECURITY-CHECKLIST 13).
  const allowedOrigins = originsOf(config.publicUrl);

  const pageHeaders = helmetHeaders(HELMET_OPTIONS);
  app.addHook("onRequest", (request, reply, done) => {
    reply.headers(isApiAnswer(request.url) ? API_HEADERS : pageHeaders);
    if (request.protocol === "https") {
      reply.header("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
    }
    const origin = request.headers.origin;
    if (SAFE_METHODS.has(request.method) || origin === undefined || allowedOrigins.has(origin)) return done();
    request.log.warn(
      { origin, allowedOrigins: [...allowedOrigins] },
      "state change from an origin other than PUBLIC_URL's refused",
    );
    done(new AppError("ACCESS_DENIED", requestMessages.foreignOrigin));
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
