import { ComingSoonScreen } from "#web/components/ui/coming-soon-screen.tsx";
import { fr } from "#web/i18n/fr.ts";

/** /subscription — spec §2 "Plans screen / modal". Placeholder until its issue lands. */
export default function SubscriptionRoute() {
  return <ComingSoonScreen title={fr.screens.subscription} />;
}
