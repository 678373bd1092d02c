import { ComingSoonScreen } from "#web/components/ui/coming-soon-screen.tsx";
import { fr } from "#web/i18n/fr.ts";

/** /history — spec §2 "History". Placeholder until its issue lands. */
export default function HistoryRoute() {
  return <ComingSoonScreen title={fr.screens.history} />;
}
