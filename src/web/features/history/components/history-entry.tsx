import { CircleCheck, Clock3, X } from "lucide-react";
import type { HistoryItem } from "#contract/history";
import { CardBadgeButton } from "#web/components/ui/card-badge-button.tsx";
import { historyText } from "#web/i18n/history.ts";
import { formatLongDate } from "#web/lib/format.ts";
import { formatMinutesLeft } from "../lib/format-history.ts";
import { WatchCard } from "./watch-card.tsx";

/** spec §4 History class on the poster: 'Terminé' or 'En cours'. */
function StatusBadge({ status }: { status: HistoryItem["status"] }) {
  const completed = status === "completed";
  const Icon = completed ? CircleCheck : Clock3;
  return (
    <span
      className={`inline-flex h-5 shrink-0 items-center gap-1 rounded-full px-1.5 text-[0.7rem] font-bold ${
        completed
          ? "bg-emerald-400/12 text-emerald-300 ring-1 ring-emerald-300/30"
          : "bg-accent/12 text-accent ring-1 ring-accent/35"
      }`}
    >
      <Icon className="size-3.5" aria-hidden="true" />
      {historyText.status[status]}
    </span>
  );
}

/**
 * One card of /history (spec §2 History): poster with progress bar and class, episode label for a
 * series, the day it was watched and what is left, and the per-item delete above the card's link.
 */
export function HistoryEntry({
  item,
  eager,
  onRemove,
}: {
  item: HistoryItem;
  eager: boolean;
  onRemove: () => void;
}) {
  return (
    <>
      <WatchCard video={item.video} episode={item.episode} progress={item.progress} eager={eager}>
        {/* On a narrow card the time left goes under the badge, whole, rather than cut (« Reste 1 … »). */}
        <p className="mt-1.5 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-muted tabular-nums">
          <StatusBadge status={item.status} />
          {item.status === "in-progress" && item.totalDuration > 0 && (
            <span className="whitespace-nowrap">
              {historyText.remaining(formatMinutesLeft(item.currentPosition, item.totalDuration))}
            </span>
          )}
        </p>
        <p className="mt-1 truncate text-xs text-muted tabular-nums">
          {historyText.watchedOn(formatLongDate(item.watchedAt))}
        </p>
      </WatchCard>
      <CardBadgeButton label={historyText.remove(item.video.title)} data-history-remove onClick={onRemove}>
        <X className="size-[1.05rem]" aria-hidden="true" />
      </CardBadgeButton>
    </>
  );
}
