import { type FavoriteSort, favoriteSorts } from "#contract/library";

/** spec §9 favourite sorts, kept in the URL (?sort=title); `recent` is the default and left out. */
export const DEFAULT_FAVORITE_SORT: FavoriteSort = "recent";

export function parseFavoriteSort(value: string | null): FavoriteSort {
  return favoriteSorts.find((sort) => sort === value) ?? DEFAULT_FAVORITE_SORT;
}
