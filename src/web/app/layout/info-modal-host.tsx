import { Suspense } from "react";
import { useSearchParams } from "react-router";
import { INFO_PARAM, isVideoId } from "#web/lib/info-link.ts";
import { preloadable } from "#web/lib/preloadable.ts";

const { Component: InfoModalScreen, preload: preloadInfoView } = preloadable(
  () => import("./info-modal-screen.tsx"),
);

/** Loads the info view's chunk (app/router.tsx: before the app takes over a drawn `?info=` page). */
export { preloadInfoView };

/** Mounted by the root layout: opens the info modal when the address carries `?info={id}`. */
export function InfoModalHost() {
  const [params] = useSearchParams();
  const id = params.get(INFO_PARAM);
  if (!isVideoId(id)) return null;
  return (
    <Suspense fallback={null}>
      <InfoModalScreen id={id} />
    </Suspense>
  );
}
