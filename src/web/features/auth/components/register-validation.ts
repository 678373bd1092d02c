import { authMessages, registerBody } from "#contract/auth";

export const registerFields = ["username", "email", "password", "confirmPassword"] as const;
export type RegisterField = (typeof registerFields)[number];
export type RegisterValues = Record<RegisterField, string>;
export type RegisterFieldErrors = Partial<Record<RegisterField, string>>;

export const emptyRegisterValues = (): RegisterValues => ({
  username: "",
  email: "",
  password: "",
  confirmPassword: "",
});

export interface RegisterCheck {
  /** The values to send (trimmed as the server trims them), when every rule passes. */
  data: RegisterValues | null;
  /** Fields left empty: spec §5 'Veuillez remplir tous les champs' is said once, for the form. */
  missing: RegisterField[];
  /** Each other field's first broken rule, in French (spec §5). */
  fields: RegisterFieldErrors;
}

/**
 * The register form's rules are the contract's own (registerBody), with the minimum password
 * length the server announces: the browser refuses exactly what the server would.
 */
export function checkRegisterForm(values: RegisterValues, passwordMin: number): RegisterCheck {
  const result = registerBody(passwordMin).safeParse(values);
  const missing = registerFields.filter((field) =>
    field === "password" || field === "confirmPassword" ? values[field] === "" : values[field].trim() === "",
  );
  if (result.success) return { data: result.data, missing, fields: {} };

  const fields: RegisterFieldErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as RegisterField | undefined;
    if (!field || !registerFields.includes(field) || missing.includes(field) || fields[field]) continue;
    if (issue.message === authMessages.allFieldsRequired) continue;
    fields[field] = issue.message;
  }
  // The contract compares the passwords only once every field is valid; say it straight away.
  if (
    !fields.confirmPassword &&
    !missing.includes("confirmPassword") &&
    values.password !== "" &&
    values.password !== values.confirmPassword
  ) {
    fields.confirmPassword = authMessages.passwordsDontMatch;
  }
  return { data: null, missing, fields };
}

/** The server's per-field messages (VALIDATION_ERROR `fields`) that belong to this form. */
export function pickRegisterFields(
  fields: Readonly<Record<string, string>> | undefined,
): RegisterFieldErrors {
  const picked: RegisterFieldErrors = {};
  for (const field of registerFields) {
    const message = fields?.[field];
    if (message) picked[field] = message;
  }
  return picked;
}
