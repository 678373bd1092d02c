import { ComingSoonScreen } from "#web/components/ui/coming-soon-screen.tsx";
import { fr } from "#web/i18n/fr.ts";

/** /register — spec §2 "Register"; no auth gate, header without nav. Placeholder until its issue lands. */
export default function RegisterRoute() {
  return <ComingSoonScreen title={fr.screens.register} />;
}
