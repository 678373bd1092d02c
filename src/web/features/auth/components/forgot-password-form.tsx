import { MailCheck, Send } from "lucide-react";
import { type FormEvent, type ReactNode, useRef, useState } from "react";
import { authMessages, forgotPassword } from "#contract/auth";
import { buttonStyles } from "#web/components/ui/button-styles.ts";
import { SubmitButton } from "#web/components/ui/submit-button.tsx";
import { TextField } from "#web/components/ui/text-field.tsx";
import { authText } from "#web/i18n/auth.ts";
import { serverMessage } from "#web/lib/api.ts";
import { useForgotPassword } from "../hooks/use-auth-actions.ts";
import { AuthForm } from "./auth-form.tsx";

/** spec §5 Forgot password: the contract's rules ('Veuillez saisir votre adresse email', format). */
export function forgotEmailError(email: string): string | null {
  const result = forgotPassword.body.safeParse({ email });
  return result.success ? null : (result.error.issues[0]?.message ?? authMessages.forgotEmailInvalid);
}

/**
 * spec §2 Login "'Mot de passe oublié ?' switches to a forgot-password form (email, send link,
 * back)" and §4 "form, then success message". `back` is the way back (a button or a link).
 */
export function ForgotPasswordForm({ initialEmail = "", back }: { initialEmail?: string; back: ReactNode }) {
  const t = authText.forgot;
  const [email, setEmail] = useState(initialEmail);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  const mutation = useForgotPassword();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (mutation.isPending) return;
    const problem = forgotEmailError(email);
    setFieldError(problem);
    if (problem) return emailRef.current?.focus();
    mutation.mutate(email.trim());
  };

  if (mutation.isSuccess) {
    return (
      <div className="flex flex-col gap-6">
        <div
          role="status"
          className="flex items-start gap-3 rounded-2xl border border-emerald-400/25 bg-emerald-400/8 p-4"
        >
          <MailCheck className="mt-0.5 size-5 shrink-0 text-emerald-300" aria-hidden="true" />
          <p className="text-[0.95rem] text-emerald-50">{authMessages.forgotSent}</p>
        </div>
        {back}
      </div>
    );
  }

  const serverError = mutation.isError ? serverMessage(mutation.error, authMessages.forgotFailed) : null;

  return (
    <AuthForm onSubmit={onSubmit} busy={mutation.isPending} alert={serverError}>
      <TextField
        ref={emailRef}
        label={t.email}
        type="email"
        name="email"
        autoComplete="email"
        autoCapitalize="none"
        spellCheck={false}
        aria-required="true"
        value={email}
        onChange={(e) => {
          setEmail(e.target.value);
          if (fieldError) setFieldError(forgotEmailError(e.target.value));
          if (mutation.isError) mutation.reset();
        }}
        error={fieldError ?? undefined}
      />
      <SubmitButton busy={mutation.isPending} icon={Send} className="w-full">
        {mutation.isPending ? t.submitting : t.submit}
      </SubmitButton>
      {back}
    </AuthForm>
  );
}

/** The look of the "back to sign-in" control, shared by the in-place button and the /reset link. */
export const backLinkClass = `${buttonStyles({ variant: "ghost" })} w-full`;
