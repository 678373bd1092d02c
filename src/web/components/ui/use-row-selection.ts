import { useState } from "react";
import type { RowSelection } from "./data-table.tsx";

/**
 * The rows an administrator ticked in a DataTable, kept across pages and searches (a bulk action
 * applies to every ticked row, seen or not): `selection(rows, label, allLabel)` is the table's
 * `selection` prop for the rows on screen, « tout sélectionner » ticking or unticking those only.
 * `selectable` leaves out the rows a bulk action cannot touch (one's own account, a protected one):
 * their checkboxes are disabled, and « tout sélectionner » passes them by.
 */
export function useRowSelection<R extends { id: string }>() {
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const toggle = (id: string) =>
    setSelected((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const selection = (
    rows: readonly R[],
    label: (row: R) => string,
    allLabel: string,
    selectable: (row: R) => boolean = () => true,
  ): RowSelection<R> => ({
    selected,
    onToggle: (row) => {
      if (selectable(row)) toggle(row.id);
    },
    onToggleAll: (all) =>
      setSelected((s) => {
        const next = new Set(s);
        for (const row of rows) {
          if (all && selectable(row)) next.add(row.id);
          else next.delete(row.id);
        }
        return next;
      }),
    label,
    allLabel,
    selectable,
  });
  return { selected, count: selected.size, clear: () => setSelected(new Set()), selection };
}
