import { z } from "zod";

/**
 * The one type of every string a request carries (docs/decisions/009-boundaries.md). Whatever the
 * field, a text is refused with a French 400 before it reaches a query when it holds:
 *  - a control character (C0, DEL, C1): PostgreSQL refuses NUL deep inside a query, and the others
 *    have no place in a name, a search or an address (a multi-line field keeps newlines and tabs);
 *  - a lone surrogate (half of an emoji): it cannot be stored as UTF-8;
 * then it is normalised to Unicode NFC (« é » typed as e + accent and as one letter are the same
 * text), trimmed, and its length checked (in UTF-16 units, as the browser's maxlength counts).
 */

/** French messages of the rules every text shares; a field may give its own for length and absence. */
export const textMessages = {
  notText: "Ce champ doit être un texte.",
  required: "Ce champ est requis.",
  tooLong: (max: number) => `Ce texte ne peut pas dépasser ${max} caractères.`,
  controlCharacter: "Ce texte contient un caractère de contrôle non autorisé.",
  loneSurrogate: "Ce texte contient un caractère invalide.",
} as const;

/** C0 controls, DEL and C1 controls. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is this pattern's purpose.
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
/** The same, newline, carriage return and tab excepted (multi-line fields). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is this pattern's purpose.
const CONTROL_EXCEPT_LINES = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;
/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export interface TextOptions {
  /** Longest accepted, after trimming. */
  max: number;
  /** Shortest accepted after trimming (1 makes the field required); none by default. */
  min?: number;
  /** Newlines and tabs allowed (a notification's message). */
  multiline?: boolean;
  /** French messages of this field for its absence (or emptiness) and its length. */
  required?: string;
  tooLong?: string;
}

/** A text field (see above). Chain `.regex()`, `.optional()`, `.default()` as with any zod string. */
export function text(opts: TextOptions) {
  const required = opts.required ?? textMessages.required;
  const schema = z
    .string({ error: (issue) => (issue.input === undefined ? required : textMessages.notText) })
    .refine((v) => !(opts.multiline ? CONTROL_EXCEPT_LINES : CONTROL).test(v), {
      error: textMessages.controlCharacter,
      abort: true,
    })
    .refine((v) => !LONE_SURROGATE.test(v), { error: textMessages.loneSurrogate, abort: true })
    .normalize("NFC")
    .trim();
  const bounded = opts.min ? schema.min(opts.min, required) : schema;
  return bounded.max(opts.max, opts.tooLong ?? textMessages.tooLong(opts.max));
}

/**
 * A secret typed by a person (a password): kept exactly as typed (no trimming, no normalisation,
 * which the hashing does itself), but a NUL or a lone surrogate is refused, since neither survives
 * the way to the hash unchanged. Length counts characters (an emoji is one), not UTF-16 units.
 */
export function secretText(opts: { max: number; required: string; tooLong: string }) {
  return z
    .string({ error: (issue) => (issue.input === undefined ? opts.required : textMessages.notText) })
    .refine((v) => !v.includes("\u0000"), { error: textMessages.controlCharacter, abort: true })
    .refine((v) => !LONE_SURROGATE.test(v), { error: textMessages.loneSurrogate, abort: true })
    .min(1, opts.required)
    .refine((v) => [...v].length <= opts.max, opts.tooLong);
}

/** Opaque tokens (a stream ticket, a reset link): printable ASCII only, bounded. */
export function tokenText(opts: { max: number; invalid: string }) {
  return z
    .string({ error: opts.invalid })
    .min(1, opts.invalid)
    .max(opts.max, opts.invalid)
    .regex(/^[\x21-\x7e]+$/, opts.invalid);
}
