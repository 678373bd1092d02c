import { useEffect, useRef } from "react";
import type { FieldErrors } from "./form-errors.ts";

/**
 * After a refusal, the form's first faulty field takes the focus (and scrolls into view): a screen
 * reader reads its label and the error tied to it. Without it, a submit refused while the focus
 * stayed on « Envoyer », or on a field left with Enter, said nothing.
 */
export function useFocusFirstInvalid<T extends HTMLElement = HTMLFormElement>(errors: FieldErrors) {
  const ref = useRef<T>(null);
  useEffect(() => {
    if (Object.keys(errors).length === 0) return;
    ref.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [errors]);
  return ref;
}
