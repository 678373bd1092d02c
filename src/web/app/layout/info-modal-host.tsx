import { lazy, Suspense } from "react";
import { useSearchParams } from "react-router";
import { INFO_PARAM, isVideoId } from "#web/lib/info-link.ts";

const InfoModalScreen = lazy(() => import("./info-modal-screen.tsx"));

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
