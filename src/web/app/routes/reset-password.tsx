import { ComingSoonScreen } from "#web/components/ui/coming-soon-screen.tsx";
import { fr } from "#web/i18n/fr.ts";

/** /reset-password — spec §2 "Reset password", target of the e-mail link. Placeholder until its issue lands. */
export default function ResetPasswordRoute() {
  return <ComingSoonScreen title={fr.screens.resetPassword} />;
}
