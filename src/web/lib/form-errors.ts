import type { z } from "zod";
import { isApiRequestError } from "./api.ts";

/**
 * Field messages of a form, keyed by the field's path as the server writes them (`title`,
 * `episodes.2.seasonNumber`): the contract's schema checks a form before it is sent (the same
 * rules and French messages as the server, spec §5), and the server's refusal lands on the same
 * keys after.
 */
export type FieldErrors = Record<string, string>;

/** The form's value as the contract reads it, or the first message of each faulty field. */
export function checkForm<S extends z.ZodType>(
  schema: S,
  value: unknown,
): { ok: true; data: z.output<S> } | { ok: false; fields: FieldErrors } {
  const result = schema.safeParse(value);
  if (result.success) return { ok: true, data: result.data };
  const fields: FieldErrors = {};
  for (const issue of result.error.issues) {
    const key = issue.path.map(String).join(".");
    if (!(key in fields)) fields[key] = issue.message;
  }
  return { ok: false, fields };
}

/** The server's field messages of a failed request (a VALIDATION_ERROR), or none. */
export const serverFields = (error: unknown): FieldErrors =>
  isApiRequestError(error) && error.fields ? { ...error.fields } : {};
