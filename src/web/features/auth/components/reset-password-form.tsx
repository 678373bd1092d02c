import { KeyRound } from "lucide-react";
import { type FormEvent, useId, useRef, useState } from "react";
import { authMessages } from "#contract/auth";
import { buttonStyles } from "#web/components/ui/button-styles.ts";
import { FormAlert } from "#web/components/ui/form-alert.tsx";
import { PasswordField } from "#web/components/ui/password-field.tsx";
import { Spinner } from "#web/components/ui/spinner.tsx";
import { fr } from "#web/i18n/fr.ts";
import { isApiRequestError, serverMessage } from "#web/lib/api.ts";
import { useResetPassword } from "../hooks/use-auth-actions.ts";
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
  const t = fr.auth.reset;
  const [values, setValues] = useState<NewPasswordValues>({ password: "", confirmPassword: "" });
  const [submitted, setSubmitted] = useState(false);
  const [serverFields, setServerFields] = useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const alertId = useId();
  const refs = useRef<Partial<Record<Field, HTMLInputElement | null>>>({});
  const mutation = useResetPassword();

  const check = checkNewPassword(values, passwordMin);
  const shown = submitted ? { ...check.fields, ...serverFields } : serverFields;
  const missing = submitted ? check.missing : [];

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (mutation.isPending) return;
    setSubmitted(true);
    setServerFields({});
    setFormError(null);
    if (!check.ok) {
      const first = (["password", "confirmPassword"] as const).find(
        (f) => check.missing.includes(f) || check.fields[f],
      );
      if (first) refs.current[first]?.focus();
      return;
    }
    mutation.mutate(
      { token, ...values },
      {
        onSuccess: onDone,
        onError: (error) => {
          if (isInvalidLink(error)) return onInvalidLink();
          const fields = isApiRequestError(error) ? error.fields : undefined;
          if (fields?.password || fields?.confirmPassword) {
            setServerFields({ password: fields.password, confirmPassword: fields.confirmPassword });
            refs.current[fields.password ? "password" : "confirmPassword"]?.focus();
          } else {
            setFormError(serverMessage(error, authMessages.resetFailed));
          }
        },
      },
    );
  };

  const fieldProps = (field: Field) => ({
    ref: (el: HTMLInputElement | null) => {
      refs.current[field] = el;
    },
    name: field,
    value: values[field],
    onChange: (event: { target: { value: string } }) => {
      setValues({ ...values, [field]: event.target.value });
      if (serverFields[field]) setServerFields({ ...serverFields, [field]: undefined });
      if (formError) setFormError(null);
    },
    error: shown[field],
    invalid: missing.includes(field),
    errorRef: alertId,
    autoComplete: "new-password",
    "aria-required": true as const,
  });

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5" aria-busy={mutation.isPending}>
      <FormAlert id={alertId}>{missing.length > 0 ? authMessages.allFieldsRequired : formError}</FormAlert>
      <PasswordField
        {...fieldProps("password")}
        label={t.password}
        hint={fr.auth.register.passwordHint(passwordMin)}
      />
      <PasswordField {...fieldProps("confirmPassword")} label={t.confirmPassword} />
      <button
        type="submit"
        className={`${buttonStyles({ size: "lg" })} mt-1 w-full`}
        disabled={mutation.isPending}
      >
        {mutation.isPending ? <Spinner className="size-5" /> : <KeyRound aria-hidden="true" />}
        {mutation.isPending ? t.submitting : t.submit}
      </button>
    </form>
  );
}
