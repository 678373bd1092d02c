import { Heart, Play, Star, ThumbsUp } from "lucide-react";
import { Link } from "react-router";
import type { ActivityItem } from "#contract/member";
import { memberText } from "#web/i18n/member.ts";
import { formatLongDate, formatPercent, formatRating } from "#web/lib/format.ts";

const icons = { watch: Play, favorite: Heart, rate: Star, like: ThumbsUp } as const;

/** spec §2 Profile: the last 10 activities (spec §3 Activity item), newest first. */
export function ActivityList({ items }: { items: ActivityItem[] }) {
  return (
    <ol className="divide-y divide-line overflow-hidden rounded-2xl border border-line bg-surface/70">
      {items.map((item) => {
        const Icon = icons[item.type];
        return (
          <li key={`${item.type}-${item.videoId}-${item.date}`}>
            <Link
              to={`/info/${item.videoId}`}
              className="flex items-center gap-4 px-4 py-3 transition-colors hover:bg-white/5 sm:px-5"
            >
              <span className="relative w-12 shrink-0 overflow-hidden rounded-md bg-surface-2 aspect-[2/3]">
                {item.thumbnail && (
                  <img
                    src={item.thumbnail}
                    alt={item.title}
                    width={48}
                    height={72}
                    loading="lazy"
                    className="size-full object-cover"
                  />
                )}
              </span>
              <span className="min-w-0 flex-1">
                <span className="flex items-center gap-2 text-xs font-semibold tracking-wide text-accent uppercase">
                  <Icon className="size-3.5" aria-hidden="true" />
                  {memberText.activity[item.type]}
                  {item.type === "rate" && item.userRating !== null && (
                    <span className="text-fg normal-case">{memberText.activityRating(item.userRating)}</span>
                  )}
                </span>
                <span className="mt-0.5 block truncate font-semibold">{item.title}</span>
                <span className="mt-0.5 block truncate text-sm text-muted">
                  {[
                    item.videoType === "series" ? memberText.series : memberText.movie,
                    item.category,
                    item.episodeTitle && item.seasonNumber !== null && item.episodeNumber !== null
                      ? memberText.episodeLabel(item.seasonNumber, item.episodeNumber, item.episodeTitle)
                      : null,
                    item.type === "watch" && item.progress !== null
                      ? memberText.activityProgress(formatPercent(item.progress))
                      : null,
                  ]
                    .filter(Boolean)
                    .join(" · ")}
                </span>
                <time dateTime={item.date} className="mt-0.5 block text-xs text-subtle sm:hidden">
                  {formatLongDate(item.date)}
                </time>
              </span>
              <span className="hidden shrink-0 flex-col items-end gap-1 text-sm sm:flex">
                <span className="flex items-center gap-1 tabular-nums">
                  <Star className="size-3.5 fill-accent text-accent" aria-hidden="true" />
                  {formatRating(item.averageRating)}
                </span>
                <time dateTime={item.date} className="text-muted">
                  {formatLongDate(item.date)}
                </time>
              </span>
            </Link>
          </li>
        );
      })}
    </ol>
  );
}
