import { type FavoriteSort, favoriteSorts } from "#contract/library";
import { SelectField } from "#web/components/ui/select-field.tsx";
import { libraryText } from "#web/i18n/library.ts";

/** spec §2 Ma liste sort: recent, title A-Z, year, rating, views. */
export function FavoriteSortSelect({
  value,
  onChange,
}: {
  value: FavoriteSort;
  onChange: (sort: FavoriteSort) => void;
}) {
  return (
    <SelectField
      label={libraryText.sortLabel}
      value={value}
      options={favoriteSorts.map((sort) => ({ value: sort, label: libraryText.sorts[sort] }))}
      onChange={onChange}
    />
  );
}
