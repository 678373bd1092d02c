import { LandingScreen } from "#web/features/catalogue/components/landing-screen.tsx";

/** /series — spec §2 "Series and Films pages". */
export default function SeriesRoute() {
  return <LandingScreen type="series" />;
}
