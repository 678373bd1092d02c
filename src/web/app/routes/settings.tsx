import { ComingSoonScreen } from "#web/components/ui/coming-soon-screen.tsx";
import { fr } from "#web/i18n/fr.ts";

/** /settings — spec §2 "Settings". Placeholder until its issue lands. */
export default function SettingsRoute() {
  return <ComingSoonScreen title={fr.screens.settings} />;
}
