import { ComingSoonScreen } from "#web/components/ui/coming-soon-screen.tsx";
import { fr } from "#web/i18n/fr.ts";

/** /movies — spec §2 "Series and Films pages". Placeholder until its issue lands. */
export default function MoviesRoute() {
  return <ComingSoonScreen title={fr.screens.movies} />;
}
