import { lazy, Suspense, useEffect, useState } from "react";
import { whenToastWanted } from "#web/lib/toast.ts";

const Toaster = lazy(() => import("./toaster.tsx"));

/** How long the host waits for an idle moment before loading the toaster anyway. */
const IDLE_TIMEOUT_MS = 3000;

/**
 * Draws the toaster once the first screen is done (an idle moment after the page's load), or at once
 * when a toast is asked for before (lib/toast.ts keeps it meanwhile).
 */
export function ToasterHost() {
  const [mounted, setMounted] = useState(false);

  useEffect(() => {
    if (mounted) return;
    const mount = () => setMounted(true);
    const stopWanted = whenToastWanted(mount);
    let cancelIdle: (() => void) | undefined;
    const whenIdle = () => {
      if (typeof window.requestIdleCallback === "function") {
        const id = window.requestIdleCallback(mount, { timeout: IDLE_TIMEOUT_MS });
        cancelIdle = () => window.cancelIdleCallback(id);
      } else {
        const id = window.setTimeout(mount, 1);
        cancelIdle = () => window.clearTimeout(id);
      }
    };
    if (document.readyState === "complete") whenIdle();
    else window.addEventListener("load", whenIdle, { once: true });
    return () => {
      stopWanted();
      window.removeEventListener("load", whenIdle);
      cancelIdle?.();
    };
  }, [mounted]);

  return mounted ? (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  ) : null;
}
