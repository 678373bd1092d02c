import { LandingScreen } from "#web/features/catalogue/components/landing-screen.tsx";
import { libraryCardActions } from "../slots/video-slots.tsx";

/** /movies — spec §2 "Series and Films pages". */
export default function MoviesRoute() {
  return <LandingScreen type="movie" cardActions={libraryCardActions} />;
}
