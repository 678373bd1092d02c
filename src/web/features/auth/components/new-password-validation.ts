import { authMessages, PASSWORD_MAX } from "#contract/auth";

export interface NewPasswordValues {
  password: string;
  confirmPassword: string;
}

export interface NewPasswordCheck {
  ok: boolean;
  /** Fields left empty (spec §5 'Veuillez remplir tous les champs', said once for the form). */
  missing: (keyof NewPasswordValues)[];
  fields: Partial<Record<keyof NewPasswordValues, string>>;
}

/**
 * spec §5 Reset password: "both required, match, at least 6 characters" (the server's configured
 * minimum, which may be higher), and the contract's maximum.
 */
export function checkNewPassword(values: NewPasswordValues, passwordMin: number): NewPasswordCheck {
  const missing = (["password", "confirmPassword"] as const).filter((field) => values[field] === "");
  const fields: NewPasswordCheck["fields"] = {};
  if (values.password !== "") {
    if (values.password.length < passwordMin) fields.password = authMessages.passwordTooShort(passwordMin);
    else if (values.password.length > PASSWORD_MAX) fields.password = authMessages.passwordTooLong;
  }
  if (values.password !== "" && values.confirmPassword !== "" && values.password !== values.confirmPassword) {
    fields.confirmPassword = authMessages.passwordsDontMatch;
  }
  return { ok: missing.length === 0 && Object.keys(fields).length === 0, missing, fields };
}
