import { QueryClient } from "@tanstack/react-query";
import { isApiRequestError } from "#web/lib/api.ts";

/** A request the server refused on purpose (4xx) will be refused again: do not retry it. */
const shouldRetry = (failureCount: number, error: unknown) =>
  failureCount < 2 && !(isApiRequestError(error) && error.status >= 400 && error.status < 500);

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // spec §9: the catalogue is cached 5 min; going back to a screen is instant (DESIGN.md).
      staleTime: 5 * 60_000,
      gcTime: 15 * 60_000,
      retry: shouldRetry,
      refetchOnWindowFocus: false,
    },
  },
});
