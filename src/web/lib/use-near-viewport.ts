import { type RefObject, useEffect, useState } from "react";

/**
 * Whether the element has come within `margin` of the viewport (a latch: once true, it stays).
 * Screens draw what is far below the fold only when the reader gets near it (issue 14: a phone's
 * first load draws the first screens, not the whole page). Without IntersectionObserver, or when
 * `enabled` is false, at once.
 */
export function useNearViewport(
  ref: RefObject<Element | null>,
  enabled = true,
  margin = "400px 0px",
): boolean {
  const [near, setNear] = useState(!enabled);
  useEffect(() => {
    if (near || !enabled) return;
    const element = ref.current;
    if (!element || typeof IntersectionObserver === "undefined") {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setNear(true);
          observer.disconnect();
        }
      },
      { rootMargin: margin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, near, enabled, margin]);
  // Not deferred (any more): at once, whatever was latched before.
  return near || !enabled;
}
