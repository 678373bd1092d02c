import { type Location, useLocation } from "react-router";

/** The search parameter that opens the info modal over the current screen (`?info={id}`). */
export const INFO_PARAM = "info";

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isVideoId = (value: string | null): value is string => value !== null && uuid.test(value);

/** The player (`/video/{id}`, spec §2): no info view over it. */
const PLAYER_PATH = /^\/video\/[^/]+\/?$/;

/** Whether an address opens the info view over its screen: `?info={id}`, anywhere but on the player. */
export function opensInfoView(pathname: string, search: string): boolean {
  return !PLAYER_PATH.test(pathname) && isVideoId(new URLSearchParams(search).get(INFO_PARAM));
}

/** How many info modals were opened on top of the screen (so closing goes back to it at once). */
export interface InfoLinkState {
  infoDepth: number;
}

export function infoDepthOf(location: Location): number {
  const state = location.state as Partial<InfoLinkState> | null;
  return typeof state?.infoDepth === "number" ? state.infoDepth : 0;
}

/**
 * Where a card's "Plus d'infos" leads: the current screen with `?info={id}` (its own filters and
 * search kept), so the modal opens over it, the back button closes it and the address can be shared.
 */
export function useInfoLink(id: string) {
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  params.set(INFO_PARAM, id);
  return {
    to: { pathname: location.pathname, search: `?${params.toString()}` },
    state: { infoDepth: infoDepthOf(location) + 1 } satisfies InfoLinkState,
    preventScrollReset: true,
  };
}
