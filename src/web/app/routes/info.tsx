import { ComingSoonScreen } from "#web/components/ui/coming-soon-screen.tsx";
import { fr } from "#web/i18n/fr.ts";

/** /info/:id — spec §2 "Video card and info modal". Placeholder until its issue lands. */
export default function InfoRoute() {
  return <ComingSoonScreen title={fr.screens.info} />;
}
