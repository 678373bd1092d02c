import type { FastifyInstance } from "fastify";
import type { Response as InjectResponse } from "light-my-request";
import type { Access } from "#contract/endpoint";
import type { Db } from "#db/client";
import { accounts } from "#db/schema/auth";
import type { Config } from "#server/shared/config";
import { hashPassword } from "#server/shared/password";
import { cookieName, createSession } from "#server/shared/session";
import { type PlanCode, subscribe } from "../factories/stream.ts";
import { makeUser } from "../factories/users.ts";

/**
 * Signed-in members for API tests, in one call (ARCHITECTURE rule 6: each test builds the data it
 * needs). The member row and a real session are made directly: the sign-up and sign-in flows have
 * their own tests (tests/api/auth-*.test.ts), so a test may have hundreds of members.
 */

export type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** What a test application offers the helpers (TestApp, or an app built by hand). */
export interface AppUnderTest {
  app: FastifyInstance;
  database: { db: Db };
  config: Config;
}

/** The password of members made with `{ password: true }`, for the flows that ask for it again. */
export const MEMBER_PASSWORD = "Pellicule-Argentique-2026";

export interface MemberOptions {
  role?: "membre" | "admin";
  username?: string;
  /** An active subscription to this plan (and its end, null for none). */
  plan?: PlanCode;
  periodEnd?: Date | null;
  status?: "active" | "canceled" | "expired";
  /** Credentials with MEMBER_PASSWORD (account deletion asks for it). */
  password?: boolean;
}

export interface SignedIn {
  id: string;
  username: string;
  email: string;
  /** `name=token`, for a Cookie header. */
  cookie: string;
  /** A request as this member (the session cookie sent). */
  call(method: Method, url: string, payload?: object): Promise<InjectResponse>;
}

/** A member with a profile, a session and, when asked, a password and a subscription. */
export async function signedIn(t: AppUnderTest, opts: MemberOptions = {}): Promise<SignedIn> {
  const db = t.database.db;
  const user = await makeUser(db, {
    ...(opts.role ? { role: opts.role } : {}),
    ...(opts.username ? { username: opts.username } : {}),
  });
  if (opts.password) {
    await db.insert(accounts).values({
      userId: user.id,
      providerId: "credential",
      accountId: user.id,
      password: await hashPassword(MEMBER_PASSWORD),
    });
  }
  if (opts.plan) await subscribe(db, user.id, opts.plan, opts.periodEnd ?? null, opts.status ?? "active");
  const { token } = await createSession(db, t.config, user.id, { ip: "203.0.113.9", userAgent: "vitest" });
  const cookie = `${cookieName(t.config)}=${token}`;
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    cookie,
    call: (method, url, payload) =>
      t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) }),
  };
}

/** An administrator, signed in. */
export const signedInAdmin = (t: AppUnderTest, opts: Omit<MemberOptions, "role"> = {}) =>
  signedIn(t, { ...opts, role: "admin" });

/** A member whose subscription covers now (Premium unless another plan is given), signed in. */
export const signedInSubscriber = (t: AppUnderTest, opts: MemberOptions = {}) =>
  signedIn(t, { plan: "premium_monthly", ...opts });

/**
 * One signed-in member per access level of the contract, for the tiers generated from it: a plain
 * member where `public` or `member` is declared (a public endpoint must also answer a member),
 * a subscriber, an administrator.
 */
export async function signedInPerAccess(t: AppUnderTest): Promise<Record<Access, SignedIn>> {
  const member = await signedIn(t);
  return {
    public: member,
    member,
    subscriber: await signedInSubscriber(t),
    admin: await signedInAdmin(t),
  };
}

/** A request from a visitor (no cookie). */
export const anonymous =
  (t: Pick<AppUnderTest, "app">) =>
  (method: Method, url: string, payload?: object): Promise<InjectResponse> =>
    t.app.inject({ method, url, ...(payload ? { payload } : {}) });
