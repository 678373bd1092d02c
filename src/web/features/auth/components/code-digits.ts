/** spec §5: the verification code is exactly six digits. */
export const CODE_LENGTH = 6;

export type CodeDigits = readonly string[];

export const emptyCode = (): string[] => Array.from({ length: CODE_LENGTH }, () => "");

export const digitsOnly = (text: string): string => text.replace(/\D/g, "");

export const isCodeComplete = (code: CodeDigits): boolean =>
  code.length === CODE_LENGTH && code.every((d) => /^\d$/.test(d));

export const codeValue = (code: CodeDigits): string => code.join("");

/**
 * What a box received: typing (one digit, possibly next to the one it held), a paste or an
 * autofill (several). A full code fills every box from the first; a shorter run fills from the box
 * onwards. Returns the new digits and the box to focus (the one after the last filled).
 */
export function applyCodeInput(
  code: CodeDigits,
  index: number,
  raw: string,
): { code: string[]; focus: number } {
  const next = [...code];
  let digits = digitsOnly(raw);
  if (digits.length === 0) {
    next[index] = "";
    return { code: next, focus: index };
  }
  // A digit typed into a box that already held one: keep the new one, whichever side it landed.
  const previous = code[index] ?? "";
  if (digits.length === 2 && previous && digits.includes(previous)) {
    digits = digits[0] === previous ? digits.slice(1) : digits.slice(0, 1);
  }
  const start = digits.length >= CODE_LENGTH ? 0 : index;
  const run = digits.slice(0, CODE_LENGTH - start);
  for (let i = 0; i < run.length; i++) next[start + i] = run[i] as string;
  return { code: next, focus: Math.min(start + run.length, CODE_LENGTH - 1) };
}

/** Backspace: clears the box, or when it is already empty, the one before (and goes there). */
export function applyCodeBackspace(code: CodeDigits, index: number): { code: string[]; focus: number } {
  const next = [...code];
  if (next[index]) {
    next[index] = "";
    return { code: next, focus: index };
  }
  const previous = Math.max(index - 1, 0);
  next[previous] = "";
  return { code: next, focus: previous };
}

/** Arrow keys, Home and End between the boxes; null for other keys. */
export function codeFocusForKey(key: string, index: number): number | null {
  if (key === "ArrowLeft") return Math.max(index - 1, 0);
  if (key === "ArrowRight") return Math.min(index + 1, CODE_LENGTH - 1);
  if (key === "Home") return 0;
  if (key === "End") return CODE_LENGTH - 1;
  return null;
}
