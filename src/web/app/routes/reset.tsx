import { ArrowLeft } from "lucide-react";
import { Link } from "react-router";
import { backLinkClass, ForgotPasswordForm } from "#web/features/auth/components/forgot-password-form.tsx";
import { authText } from "#web/i18n/auth.ts";
import { screenTitles } from "#web/i18n/common.ts";
import { useDocumentTitle } from "#web/lib/use-document-title.ts";
import { AuthScreen } from "../slots/auth-screen.tsx";

/** /reset — spec §2 route table: the forgot-password form on its own page. */
export default function ResetRoute() {
  useDocumentTitle(screenTitles.reset);
  return (
    <AuthScreen title={authText.forgot.title} intro={authText.forgot.intro}>
      <ForgotPasswordForm
        back={
          <Link to="/login" className={backLinkClass}>
            <ArrowLeft aria-hidden="true" />
            {authText.forgot.back}
          </Link>
        }
      />
    </AuthScreen>
  );
}
