import { ArrowLeft } from "lucide-react";
import { useRef, useState } from "react";
import { Link, Navigate } from "react-router";
import { LoadingScreen } from "#web/components/ui/loading-gate.tsx";
import { AuthShell } from "#web/features/auth/components/auth-shell.tsx";
import { backLinkClass, ForgotPasswordForm } from "#web/features/auth/components/forgot-password-form.tsx";
import { LoginForm } from "#web/features/auth/components/login-form.tsx";
import { useFocusOnChange } from "#web/features/auth/hooks/use-focus-on-change.ts";
import { useSession } from "#web/features/auth/hooks/use-session.ts";
import { PosterWall } from "#web/features/catalogue/components/poster-wall.tsx";
import { fr } from "#web/i18n/fr.ts";
import { useDocumentTitle } from "#web/lib/use-document-title.ts";

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
  useDocumentTitle(mode === "login" ? fr.screens.login : fr.screens.reset);

  if (user) return <Navigate to="/" replace />;
  if (isPending) return <LoadingScreen />;

  if (mode === "forgot") {
    return (
      <AuthShell
        backdrop={<PosterWall />}
        title={fr.auth.forgot.title}
        intro={fr.auth.forgot.intro}
        headingRef={headingRef}
      >
        <ForgotPasswordForm
          initialEmail={identifier.includes("@") ? identifier.trim() : ""}
          back={
            <button type="button" className={backLinkClass} onClick={() => setMode("login")}>
              <ArrowLeft aria-hidden="true" />
              {fr.auth.forgot.back}
            </button>
          }
        />
      </AuthShell>
    );
  }

  return (
    <AuthShell
      backdrop={<PosterWall />}
      title={fr.auth.login.title}
      intro={fr.auth.login.intro}
      headingRef={headingRef}
      footer={
        <>
          {fr.auth.login.noAccount}{" "}
          <Link
            to="/register"
            className="rounded-md font-semibold text-accent underline-offset-4 hover:underline"
          >
            {fr.auth.login.registerLink}
          </Link>
        </>
      }
    >
      <LoginForm
        onForgot={() => setMode("forgot")}
        identifier={identifier}
        onIdentifierChange={setIdentifier}
      />
    </AuthShell>
  );
}
