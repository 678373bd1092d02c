import { ComingSoonScreen } from "#web/components/ui/coming-soon-screen.tsx";
import { fr } from "#web/i18n/fr.ts";

/** /admin — spec §2 "Admin panel". Placeholder until its issue lands. */
export default function AdminRoute() {
  return <ComingSoonScreen title={fr.screens.admin} />;
}
