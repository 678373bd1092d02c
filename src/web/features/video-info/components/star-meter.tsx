import { Star } from "lucide-react";
import { videoText } from "#web/i18n/common.ts";
import { formatRating } from "#web/lib/format.ts";

/**
 * spec §2 second card style: "inline star rating". Five stars filled to the average (a clipped
 * overlay draws the fraction), read as "Note moyenne : 4,2 sur 5" by screen readers.
 */
export function StarMeter({
  average,
  rated,
  className = "",
}: {
  average: number;
  rated: boolean;
  className?: string;
}) {
  const label = rated ? videoText.rating(formatRating(average)) : videoText.unrated;
  const percent = rated ? Math.max(0, Math.min(100, (average / 5) * 100)) : 0;
  return (
    <span
      role="img"
      aria-label={label}
      title={label}
      className={`relative inline-flex shrink-0 ${className}`}
    >
      <span aria-hidden="true" className="flex gap-0.5 text-white/25">
        {[1, 2, 3, 4, 5].map((n) => (
          <Star key={n} className="size-3.5 fill-current" />
        ))}
      </span>
      <span
        aria-hidden="true"
        className="absolute inset-y-0 left-0 flex gap-0.5 overflow-hidden text-accent"
        style={{ width: `${percent}%` }}
      >
        {[1, 2, 3, 4, 5].map((n) => (
          <Star key={n} className="size-3.5 shrink-0 fill-current" />
        ))}
      </span>
    </span>
  );
}
