import { type RefObject, useEffect, useRef } from "react";

/**
 * Moves focus to `ref` whenever `key` changes after the first render: when a screen swaps one
 * step for another in place, keyboard and screen-reader users land on the new step's title.
 */
export function useFocusOnChange(ref: RefObject<HTMLElement | null>, key: unknown) {
  const first = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on purpose when the key changes
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    ref.current?.focus();
  }, [key]);
}
