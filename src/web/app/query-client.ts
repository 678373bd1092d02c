import { hydrate, QueryClient } from "@tanstack/react-query";
import { isApiRequestError } from "#web/lib/api.ts";
import { FIRST_SCREEN_STATE_ID } from "#web/lib/first-screen.ts";
import { onSubscriptionUpdated } from "#web/lib/query-tags.ts";

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

// Access changed (SUBSCRIPTION_UPDATED), here or in another tab (a payment confirmed in the tab the
// plans screen opened): every screen's answers are read again.
if (typeof window !== "undefined") onSubscriptionUpdated(() => void queryClient.invalidateQueries());

/**
 * A page the server drew for a visitor (decision 061) comes with the answers it was drawn from:
 * the app starts from them, before any of its modules asks for anything (the session included).
 */
export const startedFromDrawnPage = ((): boolean => {
  if (typeof document === "undefined") return false;
  const state = document.getElementById(FIRST_SCREEN_STATE_ID)?.textContent;
  if (!state) return false;
  try {
    hydrate(queryClient, JSON.parse(state));
    return true;
  } catch {
    return false; // unreadable: the app asks for its data as on any other page
  }
})();
