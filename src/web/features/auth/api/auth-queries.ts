import { queryOptions } from "@tanstack/react-query";
import { authOptions } from "#contract/auth";
import { apiGet } from "#web/lib/api.ts";
import { keepOnSignOut } from "#web/lib/session/session-query.ts";

export const authKeys = {
  options: ["auth", "options"] as const,
};

/** The server's public form rules (minimum password length, resend delay): fixed for a visit. */
export const authOptionsQuery = queryOptions({
  queryKey: authKeys.options,
  queryFn: ({ signal }) => apiGet(authOptions, { signal }),
  staleTime: Number.POSITIVE_INFINITY,
  gcTime: Number.POSITIVE_INFINITY,
  meta: keepOnSignOut,
});

/** spec §9: "Password minimum 6", "resend delay 60 s": used until the server's options arrive. */
export const fallbackAuthOptions = { passwordMinLength: 6, codeResendSeconds: 60 } as const;
