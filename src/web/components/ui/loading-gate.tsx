import type { ReactNode } from "react";
import { commonText } from "#web/i18n/common.ts";
import { Spinner } from "./spinner.tsx";

/** The full-screen wait: a spinner and 'Chargement...', announced politely. */
export function LoadingScreen() {
  return (
    <div
      role="status"
      className="flex min-h-dvh animate-fade-in-late flex-col items-center justify-center gap-4 px-6 text-muted"
    >
      <Spinner />
      <p className="text-sm font-medium tracking-wide">{commonText.loading}</p>
    </div>
  );
}

/**
 * spec §2: the gate on the subscription, payment and main-app routes shows a spinner with
 * 'Chargement...' while authentication loads, then the content. It never redirects.
 */
export function LoadingGate({ loading, children }: { loading: boolean; children: ReactNode }) {
  return loading ? <LoadingScreen /> : children;
}
