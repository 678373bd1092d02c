import { ComingSoonScreen } from "#web/components/ui/coming-soon-screen.tsx";
import { fr } from "#web/i18n/fr.ts";

/** /browse — spec §2 "Explore (/browse) and Search". Placeholder until its issue lands. */
export default function BrowseRoute() {
  return <ComingSoonScreen title={fr.screens.browse} />;
}
