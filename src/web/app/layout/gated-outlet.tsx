import { startTransition, useEffect, useState } from "react";
import { Outlet, useMatches } from "react-router";
import { LoadingGate } from "#web/components/ui/loading-gate.tsx";
import { useSession } from "#web/lib/session/use-session.ts";

/** What a screen's route carries: a way to fetch its chunk before it renders (router.tsx). */
export interface ScreenHandle {
  preload: () => Promise<unknown>;
}

const isScreenHandle = (handle: unknown): handle is ScreenHandle =>
  typeof (handle as ScreenHandle | undefined)?.preload === "function";

/**
 * spec §2: the subscription, payment and main-app routes wait for authentication behind a
 * spinner, then show their content; the gate never redirects. While it waits, the screen's chunk
 * is already on its way, and the gate opens in a transition: the spinner stays until the screen
 * can show, instead of handing over to a second loading screen.
 */
export function GatedOutlet() {
  const { isPending } = useSession();
  const [open, setOpen] = useState(!isPending);
  const matches = useMatches();

  useEffect(() => {
    if (open) return;
    if (isPending) {
      for (const match of matches) if (isScreenHandle(match.handle)) void match.handle.preload();
    } else {
      startTransition(() => setOpen(true));
    }
  }, [isPending, open, matches]);

  return (
    <LoadingGate loading={!open}>
      <Outlet />
    </LoadingGate>
  );
}
