import { ComingSoonScreen } from "#web/components/ui/coming-soon-screen.tsx";
import { fr } from "#web/i18n/fr.ts";

/** /admin/settings — spec §2 route table. Placeholder until its issue lands. */
export default function AdminSettingsRoute() {
  return <ComingSoonScreen title={fr.screens.adminSettings} />;
}
