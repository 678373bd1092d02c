import { KeyRound } from "lucide-react";
import { type FormEvent, useState } from "react";
import { authMessages } from "#contract/auth";
import { PasswordField } from "#web/components/ui/password-field.tsx";
import { SubmitButton } from "#web/components/ui/submit-button.tsx";
import { authText } from "#web/i18n/auth.ts";
import { isApiRequestError, serverMessage } from "#web/lib/api.ts";
import { useResetPassword } from "../hooks/use-auth-actions.ts";
import { useCheckedForm } from "../hooks/use-checked-form.ts";
import { AuthForm } from "./auth-form.tsx";
import { checkNewPassword, type NewPasswordValues } from "./new-password-validation.ts";

type Field = keyof NewPasswordValues;

/** A refusal that means the link itself is no good (used, expired, unknown). */
const isInvalidLink = (error: unknown) =>
  isApiRequestError(error) && (Boolean(error.fields?.token) || error.message === authMessages.resetInvalid);

/**
 * spec §2 Reset password: new password and confirmation (show/hide), checked as spec §5 says, sent
 * with the token of the mailed link.
 */
export function ResetPasswordForm({
  token,
  passwordMin,
  onDone,
  onInvalidLink,
}: {
  token: string;
  passwordMin: number;
  onDone: () => void;
  onInvalidLink: () => void;
}) {
  const t = authText.reset;
  const [values, setValues] = useState<NewPasswordValues>({ password: "", confirmPassword: "" });
  const mutation = useResetPassword();
  const check = checkNewPassword(values, passwordMin);
  const form = useCheckedForm({
    order: ["password", "confirmPassword"],
    values,
    onValueChange: (field, value) => setValues({ ...values, [field]: value }),
    check,
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (mutation.isPending) return;
    if (!form.submit(check.ok)) return;
    mutation.mutate(
      { token, ...values },
      {
        onSuccess: onDone,
        onError: (error) => {
          if (isInvalidLink(error)) return onInvalidLink();
          const fields = isApiRequestError(error) ? error.fields : undefined;
          form.refuse(
            { password: fields?.password, confirmPassword: fields?.confirmPassword },
            serverMessage(error, authMessages.resetFailed),
          );
        },
      },
    );
  };

  const fieldProps = (field: Field) => ({ ...form.fieldProps(field), autoComplete: "new-password" });

  return (
    <AuthForm onSubmit={onSubmit} busy={mutation.isPending} alert={form.alert} alertId={form.alertId}>
      <PasswordField
        {...fieldProps("password")}
        label={t.password}
        hint={authText.register.passwordHint(passwordMin)}
      />
      <PasswordField {...fieldProps("confirmPassword")} label={t.confirmPassword} />
      <SubmitButton busy={mutation.isPending} icon={KeyRound} className="mt-1 w-full">
        {mutation.isPending ? t.submitting : t.submit}
      </SubmitButton>
    </AuthForm>
  );
}
