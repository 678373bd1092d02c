import type { QueryClient } from "@tanstack/react-query";

/**
 * Tags that let one feature refresh what another caches without knowing its query keys
 * (docs/decisions/010-web-boundaries.md): a query showing a video's own figures (its average
 * rating, its count of ratings) carries `meta: aboutVideo(id)`; a write that changes them calls
 * `refreshVideo`.
 */
export const aboutVideo = (videoId: string) => ({ aboutVideo: videoId });

export function refreshVideo(queryClient: QueryClient, videoId: string): Promise<void> {
  return queryClient.invalidateQueries({ predicate: (query) => query.meta?.aboutVideo === videoId });
}

/**
 * The administration's answers (the panel's tables, cards and charts) carry `meta: adminData`; an
 * administrator's write refreshes them all (a video added changes the header cards, a category's
 * count, the journal), and marks every other answer stale (the catalogue the member side shows
 * changed too), refetched when next shown.
 */
export const adminData = { adminData: true } as const;

export async function refreshAdminData(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ predicate: (query) => query.meta?.adminData === true }),
    queryClient.invalidateQueries({
      predicate: (query) => query.meta?.adminData !== true,
      refetchType: "none",
    }),
  ]);
}

/**
 * The media assets (uploads, the transcoding queue) carry `meta: { ...adminData, ...mediaData }`;
 * the administrator's event stream says when they change (decision 025), which refreshes them at
 * once instead of waiting for the next poll.
 */
export const mediaData = { mediaData: true } as const;

export function refreshMediaData(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ predicate: (query) => query.meta?.mediaData === true });
}

/**
 * The answers that carry the member's billing preferences (the subscription's state: the plans
 * screen's first method and its note on renewal) have `meta: billingPreferencesData`; saving the
 * settings refreshes them (decision 066).
 */
export const billingPreferencesData = { billingPreferences: true } as const;

export function refreshBillingPreferences(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ predicate: (query) => query.meta?.billingPreferences === true });
}

/**
 * spec §4: the window event that says the member's access changed (a payment confirmed:
 * success-view.tsx; or the desktop app's shell). The app's query client reads every answer again
 * on it (app/query-client.ts): the subscription, the session's plan, the paywall, the plans.
 */
export const SUBSCRIPTION_UPDATED = "subscription-updated";

/** The channel that carries SUBSCRIPTION_UPDATED to the member's other tabs (the plans screen that
 * opened the provider's page in a new one, spec §7). */
const SUBSCRIPTION_CHANNEL = "bobine-subscription";

/** This tab, as its messages on the channel name it: a channel also hears the other channels of
 * the same name in its own tab, and the window event has already told this one. */
const thisTab =
  typeof crypto !== "undefined" && "randomUUID" in crypto ? crypto.randomUUID() : String(Math.random());

/** Calls `changed` when the member's access changes, here or in another tab; returns the unsubscribe. */
export function onSubscriptionUpdated(changed: () => void): () => void {
  window.addEventListener(SUBSCRIPTION_UPDATED, changed);
  const channel = typeof BroadcastChannel === "undefined" ? null : new BroadcastChannel(SUBSCRIPTION_CHANNEL);
  if (channel) {
    channel.onmessage = (message: MessageEvent) => {
      if (message.data?.tab !== thisTab) changed();
    };
  }
  return () => {
    window.removeEventListener(SUBSCRIPTION_UPDATED, changed);
    channel?.close();
  };
}

/** Says the member's access changed, once in this tab and once in each of the member's other tabs. */
export function announceSubscriptionUpdated() {
  window.dispatchEvent(new Event(SUBSCRIPTION_UPDATED));
  if (typeof BroadcastChannel === "undefined") return;
  const channel = new BroadcastChannel(SUBSCRIPTION_CHANNEL);
  channel.postMessage({ type: SUBSCRIPTION_UPDATED, tab: thisTab });
  channel.close();
}
