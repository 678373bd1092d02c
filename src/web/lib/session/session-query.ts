import { type QueryClient, queryOptions } from "@tanstack/react-query";
import { getSession, type SessionUser } from "#contract/auth";
import { apiGet } from "#web/lib/api.ts";

/**
 * The member's session, shared by every feature (docs/decisions/010-web-boundaries.md): the
 * session itself is an httpOnly cookie the browser sends on its own; the app only ever holds the
 * member's public profile, in this one query.
 */
export const sessionKeys = {
  all: ["session"] as const,
};

export type SessionData = { user: SessionUser | null };

/** GET /api/auth/session (spec §4 Session: loaded at start, kept fresh). */
export const sessionOptions = queryOptions({
  queryKey: sessionKeys.all,
  queryFn: ({ signal }) => apiGet(getSession, { signal }),
  staleTime: 60_000,
  refetchOnWindowFocus: true,
});

/** The member is now signed in (the server set the cookie) or out: the app shows it at once. */
export function setSessionUser(queryClient: QueryClient, user: SessionUser | null): void {
  queryClient.setQueryData<SessionData>(sessionKeys.all, { user });
}

/**
 * A query the app keeps when the member leaves (public data that no member owns, such as the
 * account forms' rules): `meta: keepOnSignOut`.
 */
export const keepOnSignOut = { keepOnSignOut: true } as const;

/**
 * spec §4 Logout: the app forgets the member at once (every cached answer may be theirs), keeping
 * only the now empty session and the queries marked `keepOnSignOut`.
 */
export function forgetMember(queryClient: QueryClient): void {
  setSessionUser(queryClient, null);
  queryClient.removeQueries({
    predicate: (query) => !isSessionKey(query.queryKey) && query.meta?.keepOnSignOut !== true,
  });
}

/** True for the session's own query (which a change of the member's data never invalidates). */
export const isSessionKey = (queryKey: readonly unknown[]): boolean => queryKey[0] === sessionKeys.all[0];
