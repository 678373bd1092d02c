import { Outlet } from "react-router";
import { LoadingGate } from "#web/components/ui/loading-gate.tsx";

/**
 * spec §2: the subscription, payment and main-app routes wait for authentication behind a
 * spinner, then show their content; the gate never redirects.
 */
export function GatedOutlet() {
  // Nothing to wait for until sign-in exists (auth issue): the session hook will feed this.
  const authLoading = false;
  return (
    <LoadingGate loading={authLoading}>
      <Outlet />
    </LoadingGate>
  );
}
