import { useQuery } from "@tanstack/react-query";
import { CircleCheck, KeyRound, Link2Off, LogIn, Send } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Link, useNavigate } from "react-router";
import { authMessages } from "#contract/auth";
import { buttonStyles } from "#web/components/ui/button-styles.ts";
import { authOptionsQuery, fallbackAuthOptions } from "#web/features/auth/api/auth-queries.ts";
import { ResetPasswordForm } from "#web/features/auth/components/reset-password-form.tsx";
import { useFocusOnChange } from "#web/features/auth/hooks/use-focus-on-change.ts";
import { authText } from "#web/i18n/auth.ts";
import { screenTitles } from "#web/i18n/common.ts";
import { toast } from "#web/lib/toast.ts";
import { useDocumentTitle } from "#web/lib/use-document-title.ts";
import { AuthScreen } from "../slots/auth-screen.tsx";

/** spec §9: "reset redirect 3 s". */
const REDIRECT_AFTER_MS = 3000;

type State = "form" | "done" | "invalid";

/**
 * /reset-password?token=… — spec §2 Reset password, the target of the mailed link. The token is
 * read once, then removed from the address bar (and so from the history and any Referer).
 * Success shows its screen, then /login after 3 s; a used or expired link says so and offers a new one.
 */
export default function ResetPasswordRoute() {
  const [token] = useState(() => new URLSearchParams(window.location.search).get("token") ?? "");
  const [state, setState] = useState<State>(token ? "form" : "invalid");
  const options = useQuery(authOptionsQuery).data ?? fallbackAuthOptions;
  const navigate = useNavigate();
  const headingRef = useRef<HTMLHeadingElement>(null);
  useFocusOnChange(headingRef, state);
  useDocumentTitle(screenTitles.resetPassword);

  useEffect(() => {
    if (window.location.search) {
      window.history.replaceState(window.history.state, "", window.location.pathname);
    }
  }, []);

  useEffect(() => {
    if (state !== "done") return;
    const timer = setTimeout(() => navigate("/login", { replace: true }), REDIRECT_AFTER_MS);
    return () => clearTimeout(timer);
  }, [state, navigate]);

  if (state === "done") {
    return (
      <AuthScreen
        title={authMessages.resetDone}
        headingRef={headingRef}
        icon={<CircleCheck className="size-6" aria-hidden="true" />}
        intro={
          <div role="status">
            <p className="font-medium text-fg">{authMessages.resetDoneDetail}</p>
            <p className="mt-1">{authText.reset.redirecting}</p>
          </div>
        }
      >
        <Link to="/login" replace className={`${buttonStyles({ size: "lg" })} w-full`}>
          <LogIn aria-hidden="true" />
          {authText.reset.loginNow}
        </Link>
      </AuthScreen>
    );
  }

  if (state === "invalid") {
    return (
      <AuthScreen
        title={authMessages.resetInvalid}
        headingRef={headingRef}
        icon={<Link2Off className="size-6" aria-hidden="true" />}
      >
        <div className="flex flex-col gap-3">
          <Link to="/reset" className={`${buttonStyles({ size: "lg" })} w-full`}>
            <Send aria-hidden="true" />
            {authText.reset.askNewLink}
          </Link>
          <Link to="/login" className={`${buttonStyles({ variant: "ghost" })} w-full`}>
            {authText.forgot.back}
          </Link>
        </div>
      </AuthScreen>
    );
  }

  return (
    <AuthScreen
      title={authText.reset.title}
      intro={authText.reset.intro}
      icon={<KeyRound className="size-6" aria-hidden="true" />}
    >
      <ResetPasswordForm
        token={token}
        passwordMin={options.passwordMinLength}
        onDone={() => {
          toast.success(authMessages.resetDone, authMessages.resetDoneDetail);
          setState("done");
        }}
        onInvalidLink={() => setState("invalid")}
      />
    </AuthScreen>
  );
}
