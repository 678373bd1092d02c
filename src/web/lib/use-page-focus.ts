import { useEffect, useRef } from "react";
import { useLocation } from "react-router";

/** How long a new page's heading is waited for (its screen may still be loading its chunk). */
const HEADING_WAIT_FRAMES = 120;

/**
 * After a move to another page inside the app, the new page's h1 takes the focus (a screen reader
 * reads where it has arrived; Tab goes on from the page's top) when the focus was lost (the link
 * followed is gone: the phone menu) or was on the header's links. A field keeps its focus (the
 * header search leads to /search with its text). The first page of a visit is left alone.
 */
export function usePageFocus() {
  const { pathname } = useLocation();
  const first = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on purpose when the page changes
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const active = document.activeElement;
    const lost = active === null || active === document.body;
    const fromHeader =
      active instanceof HTMLElement &&
      active.closest("header") !== null &&
      !(active instanceof HTMLInputElement || active instanceof HTMLTextAreaElement);
    if (!lost && !fromHeader) return;
    let frames = 0;
    let frame = 0;
    const place = () => {
      const heading = document.querySelector<HTMLElement>("main h1");
      if (heading) {
        if (!heading.hasAttribute("tabindex")) {
          heading.tabIndex = -1;
          heading.dataset.pageFocus = "";
        }
        heading.focus({ preventScroll: true });
      } else if (++frames < HEADING_WAIT_FRAMES) frame = requestAnimationFrame(place);
      else document.getElementById("contenu")?.focus({ preventScroll: true });
    };
    place();
    return () => cancelAnimationFrame(frame);
  }, [pathname]);
}
