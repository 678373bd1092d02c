import { ArrowRight } from "lucide-react";
import type { FormEvent } from "react";
import { authMessages } from "#contract/auth";
import { PasswordField } from "#web/components/ui/password-field.tsx";
import { SubmitButton } from "#web/components/ui/submit-button.tsx";
import { TextField } from "#web/components/ui/text-field.tsx";
import { authText } from "#web/i18n/auth.ts";
import { isApiRequestError, serverMessage } from "#web/lib/api.ts";
import { useRegister } from "../hooks/use-auth-actions.ts";
import { useCheckedForm } from "../hooks/use-checked-form.ts";
import { AuthForm } from "./auth-form.tsx";
import {
  checkRegisterForm,
  pickRegisterFields,
  type RegisterValues,
  registerFields,
} from "./register-validation.ts";

/**
 * spec §2 Register and §5: username, e-mail, password and confirmation (show/hide), checked in the
 * browser with the contract's rules, each message under its field; then the server checks again
 * (temporary-mail list, username taken...) and its per-field messages land on their fields.
 * The values live in the screen, so that 'Retour' from the code screen finds them again.
 */
export function RegisterForm({
  values,
  onValuesChange,
  passwordMin,
  registered,
  onRegistered,
}: {
  values: RegisterValues;
  onValuesChange: (values: RegisterValues) => void;
  passwordMin: number;
  /** The sign-up the server already holds (after 'Retour'): sent again only if something changed. */
  registered: RegisterValues | null;
  onRegistered: (sent: RegisterValues, unchanged: boolean) => void;
}) {
  const t = authText.register;
  const mutation = useRegister();
  const check = checkRegisterForm(values, passwordMin);
  const form = useCheckedForm({
    order: registerFields,
    values,
    onValueChange: (field, value) => onValuesChange({ ...values, [field]: value }),
    check,
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (mutation.isPending) return;
    const body = check.data;
    if (!form.submit(Boolean(body)) || !body) return;
    // Registering again would void the code already mailed for this same sign-up.
    if (registered && registerFields.every((field) => registered[field] === body[field])) {
      onRegistered(body, true);
      return;
    }
    mutation.mutate(body, {
      onSuccess: () => onRegistered(body, false),
      onError: (error) =>
        form.refuse(
          pickRegisterFields(isApiRequestError(error) ? error.fields : undefined),
          serverMessage(error, authMessages.registerFailed),
        ),
    });
  };
  const fieldProps = form.fieldProps;

  return (
    <AuthForm onSubmit={onSubmit} busy={mutation.isPending} alert={form.alert} alertId={form.alertId}>
      <TextField
        {...fieldProps("username")}
        label={t.username}
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
      />
      <TextField
        {...fieldProps("email")}
        label={t.email}
        type="email"
        autoComplete="email"
        autoCapitalize="none"
        spellCheck={false}
      />
      <PasswordField
        {...fieldProps("password")}
        label={t.password}
        autoComplete="new-password"
        hint={t.passwordHint(passwordMin)}
      />
      <PasswordField
        {...fieldProps("confirmPassword")}
        label={t.confirmPassword}
        autoComplete="new-password"
      />
      <SubmitButton busy={mutation.isPending} icon={ArrowRight} iconAfter className="mt-1 w-full">
        {mutation.isPending ? t.submitting : t.submit}
      </SubmitButton>
    </AuthForm>
  );
}
