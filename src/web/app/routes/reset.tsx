import { ComingSoonScreen } from "#web/components/ui/coming-soon-screen.tsx";
import { fr } from "#web/i18n/fr.ts";

/** /reset — spec §2 route table (password reset request). Placeholder until its issue lands. */
export default function ResetRoute() {
  return <ComingSoonScreen title={fr.screens.reset} />;
}
