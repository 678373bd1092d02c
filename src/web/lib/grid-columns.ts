import { useSyncExternalStore } from "react";

/** spec §2 "Grid of 2 to 6 configurable columns" (§9: grid 2 to 6); 6 by default. */
export const GRID_COLUMN_CHOICES = [2, 3, 4, 5, 6] as const;
export type GridColumns = (typeof GRID_COLUMN_CHOICES)[number];
export const DEFAULT_GRID_COLUMNS: GridColumns = 6;

const KEY = "bobine.gridColumns";
const listeners = new Set<() => void>();

/** A stored choice, or the default for anything else (absent, edited by hand, unavailable storage). */
export function parseGridColumns(value: string | null): GridColumns {
  const n = Number(value);
  return (GRID_COLUMN_CHOICES as readonly number[]).includes(n) ? (n as GridColumns) : DEFAULT_GRID_COLUMNS;
}

function read(): GridColumns {
  try {
    return parseGridColumns(window.localStorage.getItem(KEY));
  } catch {
    return DEFAULT_GRID_COLUMNS;
  }
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  // Another tab changed it.
  const onStorage = (event: StorageEvent) => {
    if (event.key === KEY) listener();
  };
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}

export function setGridColumns(columns: GridColumns) {
  try {
    window.localStorage.setItem(KEY, String(columns));
  } catch {
    // Private mode without storage: the choice lasts for this page only.
  }
  for (const listener of listeners) listener();
}

/** The member's column count for video grids on wide screens (phones keep 2, tablets at most 4). */
export function useGridColumns(): GridColumns {
  return useSyncExternalStore(subscribe, read, () => DEFAULT_GRID_COLUMNS);
}

/**
 * Tailwind classes for a grid of at most `columns`: the count grows with the screen up to the
 * choice, so a 6-column choice still shows 2 on a 360 px phone (DESIGN.md).
 */
export function gridColumnClasses(columns: GridColumns): string {
  const steps = ["grid-cols-2", "sm:grid-cols-3", "md:grid-cols-4", "lg:grid-cols-5", "xl:grid-cols-6"];
  return steps.slice(0, columns - 1).join(" ");
}
