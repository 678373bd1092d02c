import { LandingScreen } from "#web/features/catalogue/components/landing-screen.tsx";
import { libraryCardActions } from "../slots/video-slots.tsx";

/** /series — spec §2 "Series and Films pages". */
export default function SeriesRoute() {
  return <LandingScreen type="series" cardActions={libraryCardActions} />;
}
