import { useCallback, useSyncExternalStore } from "react";

/**
 * The page's vertical scroll, as last seen by a scroll event (or by the first frame after the first
 * subscriber came). React reads a store's snapshot during every render and after every commit, and
 * reading `window.scrollY` there forces the browser to lay out the page being built, on the spot
 * (issue 14: profiled at 12 ms of a phone's first load); read in a scroll event or in a frame's
 * callback, it costs no layout the browser was not about to do.
 */
let lastY = 0;
const listeners = new Set<() => void>();
let frame: number | undefined;

const read = () => {
  const y = window.scrollY;
  if (y === lastY) return;
  lastY = y;
  for (const listener of listeners) listener();
};

const subscribe = (onChange: () => void) => {
  listeners.add(onChange);
  if (listeners.size === 1) {
    window.addEventListener("scroll", read, { passive: true });
    frame = window.requestAnimationFrame(read);
  }
  return () => {
    listeners.delete(onChange);
    if (listeners.size === 0) {
      window.removeEventListener("scroll", read);
      if (frame !== undefined) window.cancelAnimationFrame(frame);
    }
  };
};

/** True once the page has scrolled past `threshold` px; re-renders only when that flips. */
export function useScrolled(threshold = 8): boolean {
  const getSnapshot = useCallback(() => lastY > threshold, [threshold]);
  return useSyncExternalStore(subscribe, getSnapshot, () => false);
}
