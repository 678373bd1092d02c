import { historyText } from "#web/i18n/history.ts";
import { formatPercent } from "#web/lib/format.ts";

/**
 * The thin bar under a poster: how far the member got (spec §2 History "cards with progress bar").
 * A progressbar with its French name, so screen readers hear "Progression : 46 %".
 */
export function WatchProgressBar({ progress, flush = false }: { progress: number; flush?: boolean }) {
  const value = Math.round(Math.min(Math.max(progress, 0), 1) * 100);
  return (
    <div
      role="progressbar"
      aria-label={historyText.progress(formatPercent(progress))}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={value}
      className={
        flush ? "absolute inset-x-0 bottom-0 h-1 bg-black/60" : "h-1 overflow-hidden rounded-full bg-white/25"
      }
    >
      <div className={`h-full bg-accent ${flush ? "" : "rounded-full"}`} style={{ width: `${value}%` }} />
    </div>
  );
}
