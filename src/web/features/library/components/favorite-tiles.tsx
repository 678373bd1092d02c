import { Eye, Film, Star, Tags } from "lucide-react";
import type { FavoriteStats } from "#contract/library";
import { StatTiles } from "#web/components/ui/stat-tiles.tsx";
import { videoText } from "#web/i18n/common.ts";
import { libraryText } from "#web/i18n/library.ts";
import { formatCompactViews, formatInteger, formatRating } from "#web/lib/format.ts";

/**
 * spec §2 Ma liste: four tiles (total, average rating to one decimal, distinct categories by
 * first category, total views as K or M).
 */
export function FavoriteTiles({ stats }: { stats: FavoriteStats | undefined }) {
  const t = libraryText.tiles;
  return (
    <StatTiles
      label={libraryText.tilesLabel}
      tiles={[
        { icon: Film, label: t.total, value: stats ? formatInteger(stats.total) : null },
        {
          icon: Star,
          label: t.averageRating,
          value: stats
            ? stats.averageRating > 0
              ? libraryText.averageValue(formatRating(stats.averageRating))
              : "—"
            : null,
        },
        { icon: Tags, label: t.categories, value: stats ? formatInteger(stats.categories) : null },
        {
          icon: Eye,
          label: t.totalViews,
          value: stats ? formatCompactViews(stats.totalViews) : null,
          full: stats ? videoText.views(stats.totalViews, formatInteger(stats.totalViews)) : undefined,
        },
      ]}
    />
  );
}
