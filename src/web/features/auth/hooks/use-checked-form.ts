import { useId, useRef, useState } from "react";
import { authMessages } from "#contract/auth";

type FieldErrors<F extends string> = Partial<Record<F, string | undefined>>;

/**
 * A form whose fields each carry their message (spec §5 Register, Reset password): the browser's
 * rules (`check`) show once a submit was tried and then follow every keystroke; the server's
 * per-field messages land on their fields until that field changes; a blank field is said once
 * for the form ('Veuillez remplir tous les champs'), other failures above the form. The first
 * faulty field, in `order`, takes focus.
 */
export function useCheckedForm<F extends string>({
  order,
  values,
  onValueChange,
  check,
}: {
  order: readonly F[];
  values: Record<F, string>;
  onValueChange: (field: F, value: string) => void;
  check: { missing: readonly F[]; fields: FieldErrors<F> };
}) {
  const [submitted, setSubmitted] = useState(false);
  const [serverFields, setServerFields] = useState<FieldErrors<F>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const alertId = useId();
  const refs = useRef<Partial<Record<F, HTMLInputElement | null>>>({});

  const shown: FieldErrors<F> = submitted ? { ...check.fields, ...serverFields } : serverFields;
  const missing = submitted ? check.missing : [];

  const focusFirst = (fields: readonly F[]) => {
    const first = order.find((f) => fields.includes(f));
    if (first) refs.current[first]?.focus();
  };

  /** A submit: the last answer goes; false, with the first faulty field focused, when `valid` is not. */
  const submit = (valid: boolean) => {
    setSubmitted(true);
    setServerFields({});
    setFormError(null);
    if (!valid) focusFirst([...check.missing, ...(Object.keys(check.fields) as F[])]);
    return valid;
  };

  /** The server's refusal: its messages on their fields, or `message` above the form when it names none. */
  const refuse = (fields: FieldErrors<F>, message: string) => {
    const named = order.filter((f) => fields[f]);
    if (named.length > 0) {
      setServerFields(fields);
      focusFirst(named);
    } else {
      setFormError(message);
    }
  };

  const fieldProps = (field: F) => ({
    ref: (el: HTMLInputElement | null) => {
      refs.current[field] = el;
    },
    name: field,
    value: values[field],
    onChange: (event: { target: { value: string } }) => {
      onValueChange(field, event.target.value);
      if (serverFields[field]) setServerFields({ ...serverFields, [field]: undefined });
      if (formError) setFormError(null);
    },
    error: shown[field],
    invalid: missing.includes(field),
    errorRef: alertId,
    "aria-required": true as const,
  });

  return {
    submit,
    refuse,
    fieldProps,
    alertId,
    alert: missing.length > 0 ? authMessages.allFieldsRequired : formError,
  };
}
