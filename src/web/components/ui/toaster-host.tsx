import { lazy, type ReactNode, Suspense, useEffect, useRef, useState } from "react";
import { createPortal } from "react-dom";
import { whenToastWanted } from "#web/lib/toast.ts";
import { useToastLayer } from "#web/lib/toast-layer.ts";

const Toaster = lazy(() => import("./toaster.tsx"));

/** How long the host waits for an idle moment before loading the toaster anyway. */
const IDLE_TIMEOUT_MS = 3000;

/**
 * Draws the toaster once the first screen is done (an idle moment after the page's load), or at once
 * when a toast is asked for before (lib/toast.ts keeps it meanwhile); inside the open modal dialog
 * when there is one (lib/toast-layer.ts), so that its backdrop does not hide the toasts.
 */
export function ToasterHost() {
  const [mounted, setMounted] = useState(false);
  const layer = useToastLayer();

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

  if (!mounted) return null;
  const toaster = (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
  return layer ? createPortal(<TabPassesThrough>{toaster}</TabPassesThrough>, layer) : toaster;
}

/**
 * Inside a modal dialog, Tab goes on from a toast to the dialog's next control. Sonner sends the
 * focus back to where it came from when it leaves the toasts (a page's habit: the toasts are out of
 * its flow); in a dialog, whose last control leads to them, that made a loop between that control
 * and the toast — keyboard users never reached « Fermer » again. The focus leaving the toasts is
 * kept from Sonner here.
 */
function TabPassesThrough({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const keep = (event: FocusEvent) => event.stopPropagation();
    element.addEventListener("focusout", keep);
    return () => element.removeEventListener("focusout", keep);
  }, []);
  return (
    <div ref={ref} className="contents">
      {children}
    </div>
  );
}
