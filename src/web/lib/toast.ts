import type { toast as SonnerToast } from "sonner";

type Sonner = typeof SonnerToast;

/**
 * The app's toasts (DESIGN.md: every action that changes something says so, every error says what
 * to do next). Texts come from src/web/i18n; the toaster (sonner) is drawn by
 * components/ui/toaster-host.tsx.
 *
 * The toaster is not part of the first screen (issue 14: its script and its style sheet cost a phone
 * a long task at start): the host loads it once the page is idle, or at once when a toast is asked
 * for before that. A toast asked for meanwhile waits here and shows as soon as the toaster listens:
 * none is lost.
 */
let sonner: Sonner | undefined;
const waiting: ((s: Sonner) => void)[] = [];
const onWanted = new Set<() => void>();
let wanted = false;

function show(action: (s: Sonner) => void) {
  if (sonner) {
    action(sonner);
    return;
  }
  waiting.push(action);
  if (!wanted) {
    wanted = true;
    for (const listener of onWanted) listener();
  }
}

/** The host, once its toaster is mounted and listening: the toasts that waited show now. */
export function toasterListening(s: Sonner) {
  sonner = s;
  for (const action of waiting.splice(0)) action(s);
}

/** The host learns here that a toast waits (it then loads the toaster without waiting for idle). */
export function whenToastWanted(listener: () => void): () => void {
  if (wanted) listener();
  onWanted.add(listener);
  return () => onWanted.delete(listener);
}

export const toast = {
  success: (title: string, description?: string) => show((s) => s.success(title, { description })),
  error: (title: string, description?: string) => show((s) => s.error(title, { description })),
  info: (title: string, description?: string) => show((s) => s.info(title, { description })),
  dismiss: (id?: string | number) => {
    if (sonner) sonner.dismiss(id);
    // Before the toaster listens, a dismissal concerns the toasts still waiting: all of them.
    else if (id === undefined) waiting.length = 0;
  },
};
