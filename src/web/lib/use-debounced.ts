import { useEffect, useState } from "react";

/** spec §9: search reruns 300 ms after typing stops (the header, the search page, the administration tables). */
export const SEARCH_DEBOUNCE_MS = 300;

export function useDebounced<T>(value: T, delay = SEARCH_DEBOUNCE_MS): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return debounced;
}
