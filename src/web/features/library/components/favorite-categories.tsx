import type { FavoriteCategory } from "#contract/library";
import { libraryText } from "#web/i18n/library.ts";
import { formatInteger } from "#web/lib/format.ts";

/** spec §2 Ma liste: favourite categories with counts (by first category), most frequent first. */
export function FavoriteCategories({ categories }: { categories: readonly FavoriteCategory[] }) {
  if (categories.length === 0) return null;
  return (
    <section aria-labelledby="favorite-categories-title">
      <h2 id="favorite-categories-title" className="text-lg font-bold tracking-tight">
        {libraryText.categoriesTitle}
      </h2>
      <ul className="mt-3 flex flex-wrap gap-2">
        {categories.map((category) => (
          <li
            key={category.name}
            className="inline-flex items-center gap-2 rounded-full border border-white/12 bg-surface/80 py-1.5 pr-1.5 pl-4 text-sm font-medium"
            title={libraryText.categoryCount(category.name, category.count, formatInteger(category.count))}
          >
            <span>{category.name}</span>
            <span className="grid h-6 min-w-6 place-items-center rounded-full bg-white/10 px-2 text-xs font-bold tabular-nums">
              <span aria-hidden="true">{formatInteger(category.count)}</span>
              <span className="sr-only">
                {libraryText.categoryCount(category.name, category.count, formatInteger(category.count))}
              </span>
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
