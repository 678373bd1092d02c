import type { FastifyReply, FastifyRequest } from "fastify";
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
import type { AppContext, DomainPlugin } from "../shared/context.ts";
import { CODE_RESEND_SECONDS } from "../shared/rate-limits.ts";
import { router } from "../shared/route.ts";
import {
  clearSessionCookie,
  cookieName,
  createSession,
  resolveSession,
  revokeSession,
  setSessionCookie,
  toSessionUser,
} from "../shared/session.ts";
import { randomToken } from "../shared/tokens.ts";
import { DEVICE_COOKIE_DAYS } from "./device-cookie.ts";
import * as reset from "./reset.service.ts";
import * as signIn from "./sign-in.service.ts";
import * as signUp from "./sign-up.service.ts";

/** The sign-up's browser binding cookie (docs/decisions/004); __Host- needs https. */
const signupCookieName = (ctx: AppContext) =>
  ctx.config.publicUrl.startsWith("https://") ? "__Host-bobine_signup" : "bobine_signup";

/** The device cookie (device-cookie.ts): the accounts this browser signed in to. */
const deviceCookieName = (ctx: AppContext) =>
  ctx.config.publicUrl.startsWith("https://") ? "__Host-bobine_device" : "bobine_device";

/**
 * Opens a session for a member who just proved who they are: a new token at every sign-in, and
 * the browser is remembered for this account (its device cookie).
 */
async function openSession(ctx: AppContext, request: FastifyRequest, reply: FastifyReply, userId: string) {
  const { db, config } = ctx;
  await signIn.afterSignIn(db, userId);
  const deviceCookie = deviceCookieName(ctx);
  reply.setCookie(deviceCookie, await signIn.rememberDevice(db, request.cookies[deviceCookie], userId), {
    httpOnly: true,
    sameSite: "lax",
    secure: config.publicUrl.startsWith("https://"),
    path: "/",
    maxAge: DEVICE_COOKIE_DAYS * 24 * 3600,
  });
  // An older cookie of this browser is revoked.
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

/** Accounts: sign-up, sign-in, sign-out, password reset (spec §2 Login, Register, Reset; §4). */
export const authRoutes: DomainPlugin = async (app, ctx) => {
  const { config } = ctx;
  const route = router(app, ctx);
  const signupCookie = signupCookieName(ctx);
  const secure = config.publicUrl.startsWith("https://");

  route(authOptions, async () => ({
    passwordMinLength: config.passwordMinLength,
    codeResendSeconds: CODE_RESEND_SECONDS,
  }));

  route(getSession, async ({ user, reply }) => {
    reply.header("Cache-Control", "no-store");
    return { user: user ? toSessionUser(user) : null };
  });

  route(register, async ({ body, request, reply }) => {
    // The sign-up belongs to this browser (httpOnly cookie): only it can get and verify the code.
    const token = request.cookies[signupCookie] ?? "";
    const browserToken = /^[A-Za-z0-9_-]{43}$/.test(token) ? token : randomToken();
    await signUp.register(ctx, body, request.ip, browserToken);
    reply.setCookie(signupCookie, browserToken, {
      httpOnly: true,
      sameSite: "lax",
      secure,
      path: "/",
      maxAge: signUp.SIGNUP_TTL_HOURS * 3600,
    });
    return { ok: true as const };
  });

  route(sendEmailCode, async ({ body, request }) => {
    await signUp.sendEmailCode(ctx, body.email, request.ip, request.cookies[signupCookie]);
    return { ok: true as const };
  });

  route(verifyEmailCode, async ({ body, request, reply }) => {
    const userId = await signUp.verifyEmailCode(
      ctx,
      body.email,
      body.code,
      request.ip,
      request.cookies[signupCookie],
    );
    reply.clearCookie(signupCookie, { path: "/", secure });
    return openSession(ctx, request, reply, userId);
  });

  route(login, async ({ body, request, reply }) => {
    const userId = await signIn.login(
      ctx.db,
      body.identifier,
      body.password,
      request.ip,
      request.cookies[deviceCookieName(ctx)],
    );
    return openSession(ctx, request, reply, userId);
  });

  route(logout, async ({ request, reply }) => {
    await revokeSession(ctx.db, request.cookies[cookieName(config)]);
    clearSessionCookie(reply, config);
    return { ok: true as const };
  });

  route(forgotPassword, async ({ body, request, reply }) => {
    reply.header("Referrer-Policy", "no-referrer");
    const deliver = await reset.forgotPassword(ctx, body.email, request.ip);
    // The link is looked up, written and mailed once the answer has left: a known address is
    // answered as fast as an unknown one.
    if (deliver) {
      reply.raw.once("finish", () => {
        deliver().catch((err) => request.log.error({ err }, "password reset link not delivered"));
      });
    }
    return { ok: true as const };
  });

  route(resetPassword, async ({ body, request, reply }) => {
    reply.header("Referrer-Policy", "no-referrer");
    await reset.resetPassword(ctx, body.token, body.password, request.ip);
    return { ok: true as const };
  });
};
