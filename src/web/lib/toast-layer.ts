import { useSyncExternalStore } from "react";

/**
 * Where the toaster is drawn. A modal dialog (components/ui/dialog.tsx) sits in the browser's top
 * layer and makes the rest of the page inert: a toast drawn in the page would stay hidden behind
 * its backdrop (the info view's « Ma liste », J'aime, « Lien copié »). Each open dialog offers an
 * element of its own here; the toaster is drawn in the newest one, and back in the page when it
 * closes (sonner shows the toasts still on screen again when the toaster mounts elsewhere).
 */
const layers: HTMLElement[] = [];
const listeners = new Set<() => void>();

function changed() {
  for (const listener of listeners) listener();
}

/** A dialog that has just opened offers its element; the returned function takes it back. */
export function offerToastLayer(element: HTMLElement): () => void {
  layers.push(element);
  changed();
  return () => {
    const index = layers.lastIndexOf(element);
    if (index !== -1) layers.splice(index, 1);
    changed();
  };
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const top = () => layers.at(-1) ?? null;

/** The element the toaster is drawn in: the newest open dialog's, or null for the page itself. */
export function useToastLayer(): HTMLElement | null {
  return useSyncExternalStore(subscribe, top, () => null);
}
