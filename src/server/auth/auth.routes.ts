import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import {
  authOptions,
  forgotPassword,
  getSession,
  login,
  logout,
  register,
  resetPassword,
  sendEmailCode,
  verifyEmailCode,
} from "#contract/auth";
import { route } from "../route.ts";
import * as auth from "./auth.service.ts";
import {
  clearSessionCookie,
  cookieName,
  createSession,
  resolveSession,
  revokeSession,
  setSessionCookie,
  toSessionUser,
} from "./session.ts";
import { randomToken } from "./tokens.ts";

/**
 * Resolves the session cookie for every API request, at the application's root so that every
 * route, whichever plugin registers it, sees `request.currentUser`. Static files skip it.
 */
export function registerSessionHook(app: FastifyInstance, deps: Pick<auth.AuthDeps, "db" | "config">) {
  app.decorateRequest("currentUser", null);
  app.addHook("onRequest", async (request) => {
    if (request.url.startsWith("/api/"))
      request.currentUser = await resolveSession(deps.db, deps.config, request);
  });
}

export function registerAuthRoutes(app: FastifyInstance, deps: auth.AuthDeps) {
  const { db, config } = deps;
  const signupCookie = config.publicUrl.startsWith("https://") ? "__Host-bobine_signup" : "bobine_signup";

  async function signIn(request: FastifyRequest, reply: FastifyReply, userId: string) {
    await auth.afterSignIn(db, userId);
    // A new token at every sign-in; an older cookie of this browser is revoked.
    await revokeSession(db, request.cookies[cookieName(config)]);
    const { token, expiresAt } = await createSession(db, config, userId, {
      ip: request.ip,
      userAgent: request.headers["user-agent"],
    });
    setSessionCookie(reply, config, token, expiresAt);
    request.cookies[cookieName(config)] = token;
    const user = await resolveSession(db, config, request);
    if (!user) throw new Error("session just created cannot be read");
    return { user: toSessionUser(user) };
  }

  route(app, authOptions, async () => ({
    passwordMinLength: config.passwordMinLength,
    codeResendSeconds: auth.CODE_RESEND_SECONDS,
  }));

  route(app, getSession, async ({ request, reply }) => {
    reply.header("Cache-Control", "no-store");
    return { user: request.currentUser ? toSessionUser(request.currentUser) : null };
  });

  route(app, register, async ({ body, request, reply }) => {
    // The sign-up belongs to this browser (httpOnly cookie): only it can get and verify the code.
    const token = request.cookies[signupCookie] ?? "";
    const browserToken = /^[A-Za-z0-9_-]{43}$/.test(token) ? token : randomToken();
    await auth.register(deps, body, request.ip, browserToken);
    reply.setCookie(signupCookie, browserToken, {
      httpOnly: true,
      sameSite: "lax",
      secure: config.publicUrl.startsWith("https://"),
      path: "/",
      maxAge: auth.SIGNUP_TTL_HOURS * 3600,
    });
    return { ok: true as const };
  });

  route(app, sendEmailCode, async ({ body, request }) => {
    await auth.sendEmailCode(deps, body.email, request.ip, request.cookies[signupCookie]);
    return { ok: true as const };
  });

  route(app, verifyEmailCode, async ({ body, request, reply }) => {
    const userId = await auth.verifyEmailCode(
      deps,
      body.email,
      body.code,
      request.ip,
      request.cookies[signupCookie],
    );
    reply.clearCookie(signupCookie, { path: "/", secure: config.publicUrl.startsWith("https://") });
    return signIn(request, reply, userId);
  });

  route(app, login, async ({ body, request, reply }) => {
    const userId = await auth.login(deps, body.identifier, body.password, request.ip);
    return signIn(request, reply, userId);
  });

  route(app, logout, async ({ request, reply }) => {
    await revokeSession(db, request.cookies[cookieName(config)]);
    clearSessionCookie(reply, config);
    return { ok: true as const };
  });

  route(app, forgotPassword, async ({ body, request, reply }) => {
    reply.header("Referrer-Policy", "no-referrer");
    await auth.forgotPassword(deps, body.email, request.ip);
    return { ok: true as const };
  });

  route(app, resetPassword, async ({ body, request, reply }) => {
    reply.header("Referrer-Policy", "no-referrer");
    await auth.resetPassword(deps, body.token, body.password, request.ip);
    return { ok: true as const };
  });
}
