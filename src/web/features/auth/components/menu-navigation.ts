/**
 * Where focus goes in a menu of `count` items for a key (WAI-ARIA menu pattern): arrows wrap
 * around, Home and End jump to the ends. Null for any other key. `current` is -1 when no item
 * has focus yet.
 */
export function nextMenuIndex(key: string, current: number, count: number): number | null {
  if (count <= 0) return null;
  switch (key) {
    case "ArrowDown":
      return current < 0 ? 0 : (current + 1) % count;
    case "ArrowUp":
      return current < 0 ? count - 1 : (current - 1 + count) % count;
    case "Home":
      return 0;
    case "End":
      return count - 1;
    default:
      return null;
  }
}
