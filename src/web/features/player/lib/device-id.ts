const KEY = "bobine.deviceId";
let memory: string | null = null;

/**
 * A random id for this browser (stream leases count devices, docs/decisions/006): kept in localStorage so a
 * reload reuses its lease instead of taking a second one; in memory when storage is unavailable.
 */
export function deviceId(): string {
  try {
    const stored = window.localStorage.getItem(KEY);
    if (stored && /^[A-Za-z0-9_-]{8,64}$/.test(stored)) return stored;
    const fresh = crypto.randomUUID();
    window.localStorage.setItem(KEY, fresh);
    return fresh;
  } catch {
    memory ??= crypto.randomUUID();
    return memory;
  }
}
