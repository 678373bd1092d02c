/**
 * A value built the first time it is asked for, then kept. For Intl formatters: building one loads
 * its locale's data, and built at a module's load it costs every page that imports the module,
 * in the long task that evaluates the page's scripts (issue 14: an Intl.RelativeTimeFormat built
 * by the header's notifications took 31 ms of a first load, unthrottled), shown or not.
 */
export function builtOnce<T>(build: () => T): () => T {
  let value: T | undefined;
  let built = false;
  return () => {
    if (!built) {
      value = build();
      built = true;
    }
    return value as T;
  };
}
