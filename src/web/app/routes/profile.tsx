import { ComingSoonScreen } from "#web/components/ui/coming-soon-screen.tsx";
import { fr } from "#web/i18n/fr.ts";

/** /profile — spec §2 "Profile". Placeholder until its issue lands. */
export default function ProfileRoute() {
  return <ComingSoonScreen title={fr.screens.profile} />;
}
