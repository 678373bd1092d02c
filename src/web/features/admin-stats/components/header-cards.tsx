import { useQuery } from "@tanstack/react-query";
import { Eye, Film, Tags, Users } from "lucide-react";
import { StatTiles } from "#web/components/ui/stat-tiles.tsx";
import { adminStatsText as text } from "#web/i18n/admin.ts";
import { formatCompactViews, formatInteger } from "#web/lib/format.ts";
import { headerStatsOptions } from "../api/stats-queries.ts";

/**
 * spec §2 Admin header cards: total videos (+ added in the last 7 days), total users (+ new in 7
 * days), total views (thousands formatting), category count. Skeletons while loading, no shift.
 */
export function AdminHeaderCards() {
  const { data } = useQuery(headerStatsOptions);
  return (
    <StatTiles
      label={text.cardsLabel}
      tiles={[
        {
          icon: Film,
          label: text.totalVideos,
          value: data ? formatInteger(data.videos.total) : null,
          caption: data ? text.recentVideos(formatInteger(data.videos.recent)) : null,
        },
        {
          icon: Users,
          label: text.totalUsers,
          value: data ? formatInteger(data.users.total) : null,
          caption: data ? text.recentUsers(formatInteger(data.users.recent)) : null,
        },
        {
          icon: Eye,
          label: text.totalViews,
          value: data ? formatCompactViews(data.views) : null,
          full: data ? text.viewsFull(formatInteger(data.views)) : undefined,
          caption: data ? formatInteger(data.views) : null,
        },
        {
          icon: Tags,
          label: text.categories,
          value: data ? formatInteger(data.categories) : null,
          caption: data ? "" : null,
        },
      ]}
    />
  );
}
