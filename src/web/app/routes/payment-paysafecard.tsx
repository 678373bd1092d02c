import { ComingSoonScreen } from "#web/components/ui/coming-soon-screen.tsx";
import { fr } from "#web/i18n/fr.ts";

/** /payment/paysafecard — spec §2 "Prepaid-card page". Placeholder until its issue lands. */
export default function PaymentPaysafecardRoute() {
  return <ComingSoonScreen title={fr.screens.paysafecard} />;
}
