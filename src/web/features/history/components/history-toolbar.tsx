import { useId } from "react";
import { type HistoryFilter, type HistorySort, historyFilters, historySorts } from "#contract/history";
import { fr } from "#web/i18n/fr.ts";

/** spec §2 History: filter (all, in progress, completed — the classes of §4) and the four sorts of §9. */
export function HistoryToolbar({
  filter,
  sort,
  onFilter,
  onSort,
}: {
  filter: HistoryFilter;
  sort: HistorySort;
  onFilter: (filter: HistoryFilter) => void;
  onSort: (sort: HistorySort) => void;
}) {
  const sortId = useId();
  return (
    <div className="flex flex-wrap items-center gap-x-6 gap-y-3">
      <fieldset className="flex items-center gap-3">
        <legend className="sr-only">{fr.history.filterLabel}</legend>
        <div className="flex rounded-full border border-white/15 bg-surface p-1">
          {historyFilters.map((value) => (
            <button
              key={value}
              type="button"
              aria-pressed={value === filter}
              onClick={() => onFilter(value)}
              className={`h-8 rounded-full px-3.5 text-sm font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent ${
                value === filter ? "bg-fg text-bg" : "text-muted hover:text-fg"
              }`}
            >
              {fr.history.filters[value]}
            </button>
          ))}
        </div>
      </fieldset>
      <div className="flex items-center gap-3">
        <label htmlFor={sortId} className="text-sm font-medium text-muted">
          {fr.history.sortLabel}
        </label>
        <select
          id={sortId}
          value={sort}
          onChange={(event) => onSort(event.target.value as HistorySort)}
          className="h-10 rounded-full border border-white/15 bg-surface px-4 pr-9 text-sm font-semibold text-fg outline-none transition-colors hover:border-white/30 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent"
        >
          {historySorts.map((value) => (
            <option key={value} value={value}>
              {fr.history.sorts[value]}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
