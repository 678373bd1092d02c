import { Clock, Eye, Heart, Star } from "lucide-react";
import type { UserStats } from "#contract/member";
import { StatTiles } from "#web/components/ui/stat-tiles.tsx";
import { memberText } from "#web/i18n/member.ts";
import { formatInteger } from "#web/lib/format.ts";
import { formatHours } from "../lib/format-member.ts";

/** spec §2 Profile stats (spec §3 User stats) as four tiles under their heading. */
export function ProfileStats({ stats }: { stats: UserStats | undefined }) {
  const t = memberText.stats;
  return (
    <StatTiles
      tiles={[
        { icon: Eye, label: t.totalWatched, value: stats ? formatInteger(stats.totalWatched) : null },
        { icon: Heart, label: t.totalFavorites, value: stats ? formatInteger(stats.totalFavorites) : null },
        { icon: Star, label: t.totalRatings, value: stats ? formatInteger(stats.totalRatings) : null },
        {
          icon: Clock,
          label: t.totalHours,
          value: stats ? memberText.hours(formatHours(stats.totalHours)) : null,
        },
      ]}
    />
  );
}
