import { useId } from "react";
import { type FavoriteSort, favoriteSorts } from "#contract/library";
import { fr } from "#web/i18n/fr.ts";

/** spec §2 Ma liste sort: recent, title A-Z, year, rating, views. */
export function FavoriteSortSelect({
  value,
  onChange,
}: {
  value: FavoriteSort;
  onChange: (sort: FavoriteSort) => void;
}) {
  const id = useId();
  return (
    <div className="flex items-center gap-3">
      <label htmlFor={id} className="text-sm font-medium text-muted">
        {fr.library.sortLabel}
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value as FavoriteSort)}
        className="h-10 rounded-full border border-white/15 bg-surface px-4 pr-9 text-sm font-semibold text-fg outline-none transition-colors hover:border-white/30 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent"
      >
        {favoriteSorts.map((sort) => (
          <option key={sort} value={sort}>
            {fr.library.sorts[sort]}
          </option>
        ))}
      </select>
    </div>
  );
}
