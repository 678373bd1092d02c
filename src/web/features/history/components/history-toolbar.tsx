import { type HistoryFilter, type HistorySort, historyFilters, historySorts } from "#contract/history";
import { SelectField } from "#web/components/ui/select-field.tsx";
import { historyText } from "#web/i18n/history.ts";

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
  return (
    <div className="flex flex-wrap items-center gap-x-6 gap-y-3">
      <fieldset className="flex items-center gap-3">
        <legend className="sr-only">{historyText.filterLabel}</legend>
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
              {historyText.filters[value]}
            </button>
          ))}
        </div>
      </fieldset>
      <SelectField
        label={historyText.sortLabel}
        value={sort}
        options={historySorts.map((value) => ({ value, label: historyText.sorts[value] }))}
        onChange={onSort}
      />
    </div>
  );
}
