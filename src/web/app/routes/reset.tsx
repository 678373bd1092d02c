import { ArrowLeft } from "lucide-react";
import { Link } from "react-router";
import { AuthShell } from "#web/features/auth/components/auth-shell.tsx";
import { backLinkClass, ForgotPasswordForm } from "#web/features/auth/components/forgot-password-form.tsx";
import { PosterWall } from "#web/features/catalogue/components/poster-wall.tsx";
import { fr } from "#web/i18n/fr.ts";
import { useDocumentTitle } from "#web/lib/use-document-title.ts";

/** /reset — spec §2 route table: the forgot-password form on its own page. */
export default function ResetRoute() {
  useDocumentTitle(fr.screens.reset);
  return (
    <AuthShell backdrop={<PosterWall />} title={fr.auth.forgot.title} intro={fr.auth.forgot.intro}>
      <ForgotPasswordForm
        back={
          <Link to="/login" className={backLinkClass}>
            <ArrowLeft aria-hidden="true" />
            {fr.auth.forgot.back}
          </Link>
        }
      />
    </AuthShell>
  );
}
