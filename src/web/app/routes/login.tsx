import { ArrowLeft } from "lucide-react";
import { useRef, useState } from "react";
import { Navigate } from "react-router";
import { LoadingScreen } from "#web/components/ui/loading-gate.tsx";
import { AuthFooterLink } from "#web/features/auth/components/auth-shell.tsx";
import { backLinkClass, ForgotPasswordForm } from "#web/features/auth/components/forgot-password-form.tsx";
import { LoginForm } from "#web/features/auth/components/login-form.tsx";
import { useFocusOnChange } from "#web/features/auth/hooks/use-focus-on-change.ts";
import { authText } from "#web/i18n/auth.ts";
import { screenTitles } from "#web/i18n/common.ts";
import { useSession } from "#web/lib/session/use-session.ts";
import { useDocumentTitle } from "#web/lib/use-document-title.ts";
import { AuthScreen } from "../slots/auth-screen.tsx";

/**
 * /login — spec §2 Login: no auth gate, header without nav. 'Mot de passe oublié ?' swaps the form
 * for the forgot-password one in place. A signed-in visitor (also right after signing in) goes to /
 * without leaving /login in the history.
 */
export default function LoginRoute() {
  const { user, isPending } = useSession();
  const [mode, setMode] = useState<"login" | "forgot">("login");
  const [identifier, setIdentifier] = useState("");
  const headingRef = useRef<HTMLHeadingElement>(null);
  useFocusOnChange(headingRef, mode);
  useDocumentTitle(mode === "login" ? screenTitles.login : screenTitles.reset);

  if (user) return <Navigate to="/" replace />;
  if (isPending) return <LoadingScreen />;

  if (mode === "forgot") {
    return (
      <AuthScreen title={authText.forgot.title} intro={authText.forgot.intro} headingRef={headingRef}>
        <ForgotPasswordForm
          initialEmail={identifier.includes("@") ? identifier.trim() : ""}
          back={
            <button type="button" className={backLinkClass} onClick={() => setMode("login")}>
              <ArrowLeft aria-hidden="true" />
              {authText.forgot.back}
            </button>
          }
        />
      </AuthScreen>
    );
  }

  return (
    <AuthScreen
      title={authText.login.title}
      intro={authText.login.intro}
      headingRef={headingRef}
      footer={
        <AuthFooterLink
          question={authText.login.noAccount}
          to="/register"
          label={authText.login.registerLink}
        />
      }
    >
      <LoginForm
        onForgot={() => setMode("forgot")}
        identifier={identifier}
        onIdentifierChange={setIdentifier}
      />
    </AuthScreen>
  );
}
