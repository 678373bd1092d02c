import { useCallback, useMemo } from "react";
import { useSearchParams } from "react-router";
import { type DiscoveryState, parseDiscovery, serializeDiscovery } from "./discovery-params.ts";

/**
 * The page's state lives in the URL: every change is a history entry (the back button undoes a
 * filter), except typing, which replaces the current entry.
 */
export function useDiscoveryState() {
  const [params, setParams] = useSearchParams();
  const key = params.toString();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the string is the identity of the params
  const state = useMemo(() => parseDiscovery(params), [key]);
  const update = useCallback(
    (next: Partial<DiscoveryState>, options: { replace?: boolean } = {}) => {
      setParams((current) => serializeDiscovery({ ...parseDiscovery(current), ...next }), {
        replace: options.replace ?? false,
        preventScrollReset: true,
      });
    },
    [setParams],
  );
  const replaceAll = useCallback(
    (next: DiscoveryState) => setParams(serializeDiscovery(next), { preventScrollReset: true }),
    [setParams],
  );
  return { state, update, replaceAll };
}
