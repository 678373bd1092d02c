import { ComingSoonScreen } from "#web/components/ui/coming-soon-screen.tsx";
import { fr } from "#web/i18n/fr.ts";

/** /subscription/success?session_id= — spec §2 "Success page". Placeholder until its issue lands. */
export default function SubscriptionSuccessRoute() {
  return <ComingSoonScreen title={fr.screens.subscriptionSuccess} />;
}
