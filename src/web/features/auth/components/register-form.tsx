import { ArrowRight } from "lucide-react";
import { type FormEvent, useId, useRef, useState } from "react";
import { authMessages } from "#contract/auth";
import { buttonStyles } from "#web/components/ui/button-styles.ts";
import { FormAlert } from "#web/components/ui/form-alert.tsx";
import { PasswordField } from "#web/components/ui/password-field.tsx";
import { Spinner } from "#web/components/ui/spinner.tsx";
import { TextField } from "#web/components/ui/text-field.tsx";
import { fr } from "#web/i18n/fr.ts";
import { isApiRequestError, serverMessage } from "#web/lib/api.ts";
import { useRegister } from "../hooks/use-auth-actions.ts";
import {
  checkRegisterForm,
  pickRegisterFields,
  type RegisterField,
  type RegisterFieldErrors,
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
  const t = fr.auth.register;
  const mutation = useRegister();
  const [submitted, setSubmitted] = useState(false);
  const [serverFields, setServerFields] = useState<RegisterFieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const formAlertId = useId();
  const refs = useRef<Partial<Record<RegisterField, HTMLInputElement | null>>>({});

  // Once the visitor tried to submit, the rules follow every keystroke.
  const check = checkRegisterForm(values, passwordMin);
  const shown: RegisterFieldErrors = submitted ? { ...check.fields, ...serverFields } : serverFields;
  const missing = submitted ? check.missing : [];

  const focusFirst = (fields: readonly RegisterField[]) => {
    const first = registerFields.find((f) => fields.includes(f));
    if (first) refs.current[first]?.focus();
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (mutation.isPending) return;
    setSubmitted(true);
    setServerFields({});
    setFormError(null);
    if (!check.data) {
      focusFirst([...check.missing, ...(Object.keys(check.fields) as RegisterField[])]);
      return;
    }
    const body = check.data;
    // Registering again would void the code already mailed for this same sign-up.
    if (registered && registerFields.every((field) => registered[field] === body[field])) {
      onRegistered(body, true);
      return;
    }
    mutation.mutate(body, {
      onSuccess: () => onRegistered(body, false),
      onError: (error) => {
        const fields = pickRegisterFields(isApiRequestError(error) ? error.fields : undefined);
        const named = Object.keys(fields) as RegisterField[];
        if (named.length > 0) {
          setServerFields(fields);
          focusFirst(named);
        } else {
          setFormError(serverMessage(error, authMessages.registerFailed));
        }
      },
    });
  };

  const update = (field: RegisterField) => (event: { target: { value: string } }) => {
    onValuesChange({ ...values, [field]: event.target.value });
    if (serverFields[field]) {
      const { [field]: _, ...rest } = serverFields;
      setServerFields(rest);
    }
    if (formError) setFormError(null);
  };

  const alert = missing.length > 0 ? authMessages.allFieldsRequired : formError;
  const fieldProps = (field: RegisterField) => ({
    ref: (el: HTMLInputElement | null) => {
      refs.current[field] = el;
    },
    name: field,
    value: values[field],
    onChange: update(field),
    error: shown[field],
    invalid: missing.includes(field),
    errorRef: formAlertId,
    "aria-required": true as const,
  });

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5" aria-busy={mutation.isPending}>
      <FormAlert id={formAlertId}>{alert}</FormAlert>
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
      <button
        type="submit"
        className={`${buttonStyles({ size: "lg" })} mt-1 w-full`}
        disabled={mutation.isPending}
      >
        {mutation.isPending ? t.submitting : t.submit}
        {mutation.isPending ? <Spinner className="size-5" /> : <ArrowRight aria-hidden="true" />}
      </button>
    </form>
  );
}
