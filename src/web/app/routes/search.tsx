import { ComingSoonScreen } from "#web/components/ui/coming-soon-screen.tsx";
import { fr } from "#web/i18n/fr.ts";

/** /search?q= — spec §2 "Explore (/browse) and Search". Placeholder until its issue lands. */
export default function SearchRoute() {
  return <ComingSoonScreen title={fr.screens.search} />;
}
