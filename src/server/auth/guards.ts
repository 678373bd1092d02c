import type { FastifyRequest } from "fastify";
import { AppError } from "../errors.ts";
import type { CurrentUser } from "./session.ts";

declare module "fastify" {
  interface FastifyRequest {
    /** Resolved from the session cookie on every API request; null when signed out. */
    currentUser: CurrentUser | null;
  }
}

/** spec §6: signed-in routes answer 401 'Authentification requise' to a visitor. */
export function requireUser(request: FastifyRequest): CurrentUser {
  if (!request.currentUser) throw new AppError("UNAUTHENTICATED");
  return request.currentUser;
}

/** spec §6: only administrators; anyone else gets 403 'Accès refusé' and no data. */
export function requireAdmin(request: FastifyRequest): CurrentUser {
  const user = requireUser(request);
  if (user.role !== "admin") throw new AppError("ACCESS_DENIED");
  return user;
}
