import type { FastifyRequest } from "fastify";
import type { Access } from "#contract/endpoint";
import type { Db } from "#db/client";
import { activeStreamPlan, type StreamPlan } from "./entitlement.queries.ts";
import { AppError } from "./errors.ts";
import type { CurrentUser } from "./session.ts";

/**
 * The access guards (spec §6; docs/decisions/009-boundaries.md). `route()` installs the guard of
 * each endpoint's declared `access` as an onRequest hook: it runs after the session hook has
 * resolved the member and before the body or the query is parsed or validated, so that a visitor
 * never learns a field rule of a route closed to them (SECURITY-CHECKLIST 14).
 */

/** spec §6: signed-in routes answer 401 'Authentification requise' to a visitor. */
export function requireMember(request: FastifyRequest): CurrentUser {
  if (!request.currentUser) throw new AppError("UNAUTHENTICATED");
  return request.currentUser;
}

/** spec §6: only administrators; anyone else gets 403 'Accès refusé' and no data. */
export function requireAdmin(request: FastifyRequest): CurrentUser {
  const user = requireMember(request);
  if (user.role !== "admin") throw new AppError("ACCESS_DENIED");
  return user;
}

const entitlements = new WeakMap<FastifyRequest, StreamPlan>();

/**
 * spec §6 Subscribed: a member whose entitlement covers now (spec §4, in Paris time); anyone else
 * signed in gets 403 SUBSCRIPTION_REQUIRED, which the web turns into the paywall.
 */
export async function requireSubscriber(db: Db, request: FastifyRequest): Promise<StreamPlan> {
  const user = requireMember(request);
  const plan = await activeStreamPlan(db, user.id);
  if (!plan) throw new AppError("SUBSCRIPTION_REQUIRED");
  entitlements.set(request, plan);
  return plan;
}

/** The plan the subscriber guard found for this request. */
export function entitlementOf(request: FastifyRequest): StreamPlan {
  const plan = entitlements.get(request);
  if (!plan) throw new Error("entitlementOf: the route is not declared for subscribers");
  return plan;
}

/** The onRequest hook of an access level; none for public endpoints. */
export function accessGuard(access: Access, db: Db) {
  switch (access) {
    case "public":
      return undefined;
    case "member":
      return async (request: FastifyRequest) => {
        requireMember(request);
      };
    case "admin":
      return async (request: FastifyRequest) => {
        requireAdmin(request);
      };
    case "subscriber":
      return async (request: FastifyRequest) => {
        await requireSubscriber(db, request);
      };
  }
}
