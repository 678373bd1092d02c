import { ComingSoonScreen } from "#web/components/ui/coming-soon-screen.tsx";
import { fr } from "#web/i18n/fr.ts";

/** /login — spec §2 "Login"; no auth gate, header without nav. Placeholder until its issue lands. */
export default function LoginRoute() {
  return <ComingSoonScreen title={fr.screens.login} />;
}
