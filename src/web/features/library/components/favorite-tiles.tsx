import { Eye, Film, type LucideIcon, Star, Tags } from "lucide-react";
import type { FavoriteStats } from "#contract/library";
import { formatCompactViews } from "#web/features/catalogue/lib/format-views.ts";
import { fr } from "#web/i18n/fr.ts";
import { formatInteger, formatRating } from "#web/lib/format.ts";

interface Tile {
  icon: LucideIcon;
  label: string;
  value: string | null;
  /** Read in full by screen readers and as a tooltip (e.g. "3,4 M" → "3 400 000 vues"). */
  full?: string | undefined;
}

/**
 * spec §2 Ma liste: four tiles (total, average rating to one decimal, distinct categories by
 * first category, total views as K or M). The boxes keep one height loaded or not: no shift.
 */
export function FavoriteTiles({ stats }: { stats: FavoriteStats | undefined }) {
  const t = fr.library.tiles;
  const tiles: Tile[] = [
    { icon: Film, label: t.total, value: stats ? formatInteger(stats.total) : null },
    {
      icon: Star,
      label: t.averageRating,
      value: stats
        ? stats.averageRating > 0
          ? fr.library.averageValue(formatRating(stats.averageRating))
          : "—"
        : null,
    },
    { icon: Tags, label: t.categories, value: stats ? formatInteger(stats.categories) : null },
    {
      icon: Eye,
      label: t.totalViews,
      value: stats ? formatCompactViews(stats.totalViews) : null,
      full: stats ? fr.video.views(stats.totalViews, formatInteger(stats.totalViews)) : undefined,
    },
  ];
  return (
    <section aria-label={fr.library.tilesLabel} aria-busy={stats === undefined}>
      <dl className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        {tiles.map(({ icon: Icon, label, value, full }) => (
          <div
            key={label}
            className="flex min-w-0 flex-col rounded-2xl border border-line bg-surface/80 p-4 sm:p-5"
          >
            <dt className="flex items-center gap-2 text-sm font-medium text-muted">
              <Icon className="size-4 shrink-0 text-accent" aria-hidden="true" />
              <span className="truncate">{label}</span>
            </dt>
            <dd className="mt-2 flex h-9 items-center text-2xl font-extrabold tracking-tight tabular-nums sm:text-3xl">
              {value === null ? (
                <span aria-hidden="true" className="skeleton h-7 w-20 max-w-full rounded-md" />
              ) : full ? (
                <span className="truncate" title={full}>
                  <span aria-hidden="true">{value}</span>
                  <span className="sr-only">{full}</span>
                </span>
              ) : (
                <span className="truncate">{value}</span>
              )}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
