import { useDeferredValue } from "react";

/**
 * A screen's first answer, drawn in a deferred render (issue 14). A query's answer arrives as an
 * urgent update, which React draws in one task however long it takes: a phone's first screen of
 * rails or posters froze it for a few hundred milliseconds. Deferred, React draws it in slices and
 * gives the main thread back between them; the skeleton stays meanwhile. Once a first answer is on
 * screen, later ones (a refetch, the next page) are drawn at once, as before.
 */
export function useFirstAnswerDeferred<T>(value: T | undefined): T | undefined {
  const deferred = useDeferredValue(value);
  return deferred === undefined ? undefined : value;
}
