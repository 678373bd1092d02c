import { useQuery, useQueryClient } from "@tanstack/react-query";
import { CircleCheck, House, MailCheck } from "lucide-react";
import { useCallback, useEffect, useRef, useState } from "react";
import { Link, Navigate, useNavigate } from "react-router";
import { authMessages, type SessionUser } from "#contract/auth";
import { buttonStyles } from "#web/components/ui/button-styles.ts";
import { LoadingScreen } from "#web/components/ui/loading-gate.tsx";
import { authOptionsQuery, fallbackAuthOptions } from "#web/features/auth/api/auth-queries.ts";
import { AuthFooterLink } from "#web/features/auth/components/auth-shell.tsx";
import { RegisterForm } from "#web/features/auth/components/register-form.tsx";
import {
  emptyRegisterValues,
  type RegisterValues,
} from "#web/features/auth/components/register-validation.ts";
import { VerificationStep } from "#web/features/auth/components/verification-step.tsx";
import { PlansDialog } from "#web/features/subscription/components/plans-dialog.tsx";
import { authText } from "#web/i18n/auth.ts";
import { screenTitles } from "#web/i18n/common.ts";
import { plansText } from "#web/i18n/subscription.ts";
import { setSessionUser } from "#web/lib/session/session-query.ts";
import { useSession } from "#web/lib/session/use-session.ts";
import { toast } from "#web/lib/toast.ts";
import { useDocumentTitle } from "#web/lib/use-document-title.ts";
import { AuthScreen } from "../slots/auth-screen.tsx";

type Step = "form" | "code" | "plans";

/**
 * /register — spec §4 Registration: form validated, e-mail code verification, account creation,
 * plans modal, home. No auth gate; a visitor already signed in goes to / (replace). 'Retour' on the
 * code screen finds the form as it was left.
 */
export default function RegisterRoute() {
  useDocumentTitle(screenTitles.register);
  const { user, isPending } = useSession();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const options = useQuery(authOptionsQuery).data ?? fallbackAuthOptions;
  const [step, setStep] = useState<Step>("form");
  const [values, setValues] = useState<RegisterValues>(emptyRegisterValues);
  const [sent, setSent] = useState<RegisterValues | null>(null);
  const [lastCode, setLastCode] = useState<{ email: string; at: number } | null>(null);
  const [autoSend, setAutoSend] = useState(true);
  const [member, setMember] = useState<SessionUser | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const previousStep = useRef<Step>(step);

  // Back on the form from the code screen: focus its title, the values are still there.
  useEffect(() => {
    if (previousStep.current === "code" && step === "form") headingRef.current?.focus();
    previousStep.current = step;
  }, [step]);

  const onVerified = useCallback(
    (created: SessionUser) => {
      // spec §4: account creation, then the plans modal; the member is signed in from now on.
      setMember(created);
      setSessionUser(queryClient, created);
      toast.success(authMessages.accountCreated);
      setStep("plans");
    },
    [queryClient],
  );

  // Only a visitor who arrives signed in is sent away; the one who just signed up stays for the plans.
  if (step === "form" && user) return <Navigate to="/" replace />;
  if (step === "form" && isPending) return <LoadingScreen />;

  if (step === "code" && sent) {
    return (
      <AuthScreen
        title={authText.code.title}
        icon={<MailCheck className="size-6" aria-hidden="true" />}
        intro={
          <>
            {authText.code.intro}
            <strong className="mt-0.5 block font-semibold [overflow-wrap:anywhere] text-fg">
              {sent.email}
            </strong>
          </>
        }
      >
        <VerificationStep
          email={sent.email}
          resendSeconds={options.codeResendSeconds}
          sentAt={lastCode?.email === sent.email ? lastCode.at : null}
          autoSend={autoSend}
          onSent={(at) => setLastCode({ email: sent.email, at })}
          onBack={() => setStep("form")}
          onVerified={onVerified}
        />
      </AuthScreen>
    );
  }

  if (step === "plans") {
    return (
      <>
        <AuthScreen
          title={authMessages.accountCreated}
          icon={<CircleCheck className="size-6" aria-hidden="true" />}
          intro={authText.register.createdText}
        >
          <Link to="/" className={`${buttonStyles({ size: "lg" })} w-full`}>
            <House aria-hidden="true" />
            {authText.register.goHome}
          </Link>
        </AuthScreen>
        <PlansDialog
          notice={authMessages.accountCreated}
          eyebrow={member ? plansText.welcome(member.username) : undefined}
          onClose={() => navigate("/", { replace: true })}
        />
      </>
    );
  }

  return (
    <AuthScreen
      title={authText.register.title}
      intro={authText.register.intro}
      headingRef={headingRef}
      footer={
        <AuthFooterLink
          question={authText.register.hasAccount}
          to="/login"
          label={authText.register.loginLink}
        />
      }
    >
      <RegisterForm
        values={values}
        onValuesChange={setValues}
        passwordMin={options.passwordMinLength}
        registered={sent}
        onRegistered={(body, unchanged) => {
          // spec §4: the code is sent on opening the screen, unless this same sign-up already got one.
          setAutoSend(!(unchanged && lastCode?.email === body.email));
          setSent(body);
          setStep("code");
        }}
      />
    </AuthScreen>
  );
}
