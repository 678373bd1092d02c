import { Clock, Eye, Heart, Star } from "lucide-react";
import type { UserStats } from "#contract/member";
import { fr } from "#web/i18n/fr.ts";
import { formatInteger } from "#web/lib/format.ts";
import { formatHours } from "../lib/format-member.ts";

/** spec §2 Profile stats (spec §3 User stats) as four tiles; skeletons keep their size while loading. */
export function ProfileStats({ stats }: { stats: UserStats | undefined }) {
  const tiles = [
    { icon: Eye, label: fr.member.stats.totalWatched, value: stats && formatInteger(stats.totalWatched) },
    {
      icon: Heart,
      label: fr.member.stats.totalFavorites,
      value: stats && formatInteger(stats.totalFavorites),
    },
    { icon: Star, label: fr.member.stats.totalRatings, value: stats && formatInteger(stats.totalRatings) },
    {
      icon: Clock,
      label: fr.member.stats.totalHours,
      value: stats && fr.member.hours(formatHours(stats.totalHours)),
    },
  ];
  return (
    <dl className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
      {tiles.map(({ icon: Icon, label, value }) => (
        <div
          key={label}
          className="flex flex-col gap-2 rounded-2xl border border-line bg-surface/70 p-4 sm:p-5"
        >
          <dt className="flex items-center gap-2 text-sm text-muted">
            <Icon className="size-4 text-accent" aria-hidden="true" />
            {label}
          </dt>
          <dd className="text-2xl font-extrabold tabular-nums sm:text-3xl">
            {value ?? <span className="skeleton inline-block h-8 w-16 rounded-md align-middle" />}
          </dd>
        </div>
      ))}
    </dl>
  );
}
