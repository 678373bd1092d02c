import { queryOptions } from "@tanstack/react-query";
import { authOptions, getSession, type SessionUser } from "#contract/auth";
import { apiGet } from "#web/lib/api.ts";

export const sessionQueryKey = ["auth", "session"] as const;

/**
 * GET /api/auth/session. The session itself is an httpOnly cookie the browser sends on its own;
 * the app only ever holds the member's public profile, in this query.
 */
export const sessionOptions = queryOptions({
  queryKey: sessionQueryKey,
  queryFn: ({ signal }) => apiGet(getSession, { signal }),
  staleTime: 60_000,
  refetchOnWindowFocus: true,
});

export type SessionData = { user: SessionUser | null };

/** The server's public form rules (minimum password length, resend delay): fixed for a visit. */
export const authOptionsQuery = queryOptions({
  queryKey: ["auth", "options"] as const,
  queryFn: ({ signal }) => apiGet(authOptions, { signal }),
  staleTime: Number.POSITIVE_INFINITY,
  gcTime: Number.POSITIVE_INFINITY,
});

/** spec §9: "Password minimum 6", "resend delay 60 s": used until the server's options arrive. */
export const fallbackAuthOptions = { passwordMinLength: 6, codeResendSeconds: 60 } as const;
