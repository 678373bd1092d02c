import { useCallback, useMemo } from "react";
import { useSearchParams } from "react-router";
import { type DiscoveryState, parseDiscovery, serializeDiscovery } from "../lib/discovery-params.ts";

/**
 * The page's state lives in the URL: every change is a history entry (the back button undoes a
 * filter), except typing, which replaces the current entry. `defaultView` is the view of an
 * address that names none (the Explorer's Moderne, the search page's classic grid).
 */
export function useDiscoveryState(defaultView: DiscoveryState["view"] = "modern") {
  const [params, setParams] = useSearchParams();
  const key = params.toString();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the string is the identity of the params
  const state = useMemo(() => parseDiscovery(params, undefined, defaultView), [key, defaultView]);
  const update = useCallback(
    (next: Partial<DiscoveryState>, options: { replace?: boolean } = {}) => {
      // From the address as it is now, not as last rendered: react-router's functional form hands
      // the params of the last render, so two quick changes (language, then a year) would lose
      // the first one.
      const current = new URLSearchParams(window.location.search);
      setParams(
        serializeDiscovery({ ...parseDiscovery(current, undefined, defaultView), ...next }, defaultView),
        {
          replace: options.replace ?? false,
          preventScrollReset: true,
        },
      );
    },
    [setParams, defaultView],
  );
  const replaceAll = useCallback(
    (next: DiscoveryState) => setParams(serializeDiscovery(next, defaultView), { preventScrollReset: true }),
    [setParams, defaultView],
  );
  return { state, update, replaceAll };
}
