import { ComingSoonScreen } from "#web/components/ui/coming-soon-screen.tsx";
import { fr } from "#web/i18n/fr.ts";

/** /video/:id — spec §2 "Player"; the header is hidden here. Placeholder until its issue lands. */
export default function VideoRoute() {
  return <ComingSoonScreen title={fr.screens.player} />;
}
