import { type ComponentType, type LazyExoticComponent, lazy } from "react";

/**
 * A component in its own chunk (React.lazy) that can be loaded ahead of its first render. Once its
 * chunk is loaded, React gets it on the spot (a thenable that settles as it is asked), so its
 * <Suspense> boundary never suspends: a page the server drew (decision 061) is taken over with the
 * component already in place, in the same pass as the rest of the page. A plain lazy component
 * would suspend there even when its chunk is in, and its part of the page would be taken over
 * later than the rest, after the page was made usable (app/take-over.tsx): a click in it between
 * the two would be held by React and replayed without the gesture the clipboard asks for.
 */
export function preloadable<Props>(load: () => Promise<{ default: ComponentType<Props> }>): {
  Component: LazyExoticComponent<ComponentType<Props>>;
  preload: () => Promise<unknown>;
} {
  type Module = { default: ComponentType<Props> };
  let loaded: Module | undefined;
  let loading: Promise<Module> | undefined;
  const preload = () => {
    loading ??= load().then((module) => {
      loaded = module;
      return module;
    });
    return loading;
  };
  const Component = lazy(() => {
    const module = loaded;
    if (!module) return preload();
    // React reads a settled thenable on the spot (no suspension).
    // biome-ignore lint/suspicious/noThenProperty: a thenable that settles when asked is the point.
    return { then: (resolve: (m: Module) => void) => resolve(module) } as Promise<Module>;
  });
  return { Component, preload };
}
