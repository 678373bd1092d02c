import { LogIn } from "lucide-react";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { authMessages } from "#contract/auth";
import { PasswordField } from "#web/components/ui/password-field.tsx";
import { SubmitButton } from "#web/components/ui/submit-button.tsx";
import { TextField } from "#web/components/ui/text-field.tsx";
import { authText } from "#web/i18n/auth.ts";
import { serverMessage } from "#web/lib/api.ts";
import { useLogin } from "../hooks/use-auth-actions.ts";
import { AuthForm } from "./auth-form.tsx";

/**
 * spec §2 Login and §5: username or e-mail, password with show/hide; a submit with a blank field
 * is ignored (the blank field takes focus); a failure shows the server's message or
 * 'Erreur de connexion'. On success the session changes and the screen redirects.
 */
export function LoginForm({
  onForgot,
  identifier,
  onIdentifierChange,
}: {
  onForgot: () => void;
  identifier: string;
  onIdentifierChange: (value: string) => void;
}) {
  const t = authText.login;
  const [password, setPassword] = useState("");
  const identifierRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const mutation = useLogin();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (mutation.isPending) return;
    // spec §5: "submit ignored if username or password blank".
    if (!identifier.trim()) return identifierRef.current?.focus();
    if (!password) return passwordRef.current?.focus();
    mutation.mutate({ identifier: identifier.trim(), password });
  };

  const error = mutation.isError ? serverMessage(mutation.error, authMessages.loginFailed) : null;
  // The button was disabled while it worked, which dropped the focus: a refusal puts it back in the
  // password, selected, ready to be typed again (the alert above is read out meanwhile).
  useEffect(() => {
    if (!mutation.isError) return;
    passwordRef.current?.focus();
    passwordRef.current?.select();
  }, [mutation.isError]);
  const clearError = () => {
    if (mutation.isError) mutation.reset();
  };

  return (
    <AuthForm onSubmit={onSubmit} busy={mutation.isPending} alert={error}>
      <TextField
        ref={identifierRef}
        label={t.identifier}
        name="identifier"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        aria-required="true"
        value={identifier}
        onChange={(e) => {
          onIdentifierChange(e.target.value);
          clearError();
        }}
        invalid={Boolean(error)}
      />
      <div className="flex flex-col gap-2">
        <PasswordField
          ref={passwordRef}
          label={t.password}
          name="password"
          autoComplete="current-password"
          aria-required="true"
          value={password}
          onChange={(e) => {
            setPassword(e.target.value);
            clearError();
          }}
          invalid={Boolean(error)}
        />
        <button
          type="button"
          onClick={onForgot}
          className="self-end rounded-md text-sm font-medium text-accent underline-offset-4 hover:underline"
        >
          {t.forgot}
        </button>
      </div>
      <SubmitButton busy={mutation.isPending} icon={LogIn} className="mt-1 w-full">
        {mutation.isPending ? t.submitting : t.submit}
      </SubmitButton>
    </AuthForm>
  );
}
