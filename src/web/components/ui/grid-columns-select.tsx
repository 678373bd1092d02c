import { Columns3 } from "lucide-react";
import { useId } from "react";
import { gridText } from "#web/i18n/common.ts";
import {
  GRID_COLUMN_CHOICES,
  type GridColumns,
  setGridColumns,
  useGridColumns,
} from "#web/lib/grid-columns.ts";

/** spec §2: the grid's 2 to 6 columns, chosen here and remembered on this device. */
export function GridColumnsSelect() {
  const columns = useGridColumns();
  const id = useId();
  return (
    <div className="hidden items-center gap-2 text-sm text-muted lg:flex">
      <Columns3 className="size-4" aria-hidden="true" />
      <label htmlFor={id}>{gridText.columns}</label>
      <select
        id={id}
        value={columns}
        onChange={(event) => setGridColumns(Number(event.target.value) as GridColumns)}
        className="h-9 rounded-full border border-white/15 bg-surface-2 px-3 text-fg tabular-nums focus-visible:outline-2 focus-visible:outline-accent"
      >
        {GRID_COLUMN_CHOICES.map((n) => (
          <option key={n} value={n}>
            {n}
          </option>
        ))}
      </select>
    </div>
  );
}
