import { useState } from "react";
import { useLocation } from "react-router";

/**
 * A visitor's first screen drawn by the server (docs/decisions/061-first-screens-drawn-by-the-server.md):
 * the element holding the answers it was drawn from (TanStack Query's dehydrated state, JSON).
 */
export const FIRST_SCREEN_STATE_ID = "bobine-first-screen";

/**
 * Whether the screen under way is one the server draws or drew for this page: true while the
 * server renders (no document), and in the browser on a page that came drawn. What a drawn page
 * shows without the app's scripts (an info view's modal open in the markup) is asked here.
 */
export function pageIsDrawn(): boolean {
  return typeof document === "undefined" || document.getElementById(FIRST_SCREEN_STATE_ID) !== null;
}

/**
 * Runs `use` once `element` can be used: at once, or when the page the server drew around it is no
 * longer inert (app/take-over.tsx lifts that once the app has taken the page over). Returns a
 * cancel.
 */
export function whenUsable(element: Element, use: () => void): () => void {
  const inert = element.closest("[inert]");
  if (!inert) {
    use();
    return () => {};
  }
  const watch = new MutationObserver(() => {
    if (element.closest("[inert]")) return;
    watch.disconnect();
    use();
  });
  watch.observe(inert, { attributes: true, attributeFilter: ["inert"] });
  return () => watch.disconnect();
}

/**
 * Whether this component is part of the screen the server drew (or the app takes over) — mounted
 * on a drawn page while the address is still the one it was loaded with — read once, at mount.
 */
export function useDrawnAtMount(): boolean {
  const { key } = useLocation();
  const [drawn] = useState(() => key === "default" && pageIsDrawn());
  return drawn;
}

/**
 * The fade-in of what arrives after the page (`animate-fade-in`), except on what the server drew:
 * that is there with the page's first paint, and a fade from transparent would only hold back its
 * largest paint until the app's scripts have run (issue 14: the info view's LCP 3.3 s → …).
 */
export function useFadeIn(): string {
  return useDrawnAtMount() ? "" : "animate-fade-in";
}
