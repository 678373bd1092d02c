import { useEffect, useId, useRef, useState } from "react";
import type { DayPoint } from "#contract/admin-stats";
import { adminStatsText as text } from "#web/i18n/admin.ts";
import { formatInteger } from "#web/lib/format.ts";

const dayShort = new Intl.DateTimeFormat("fr-FR", { day: "numeric", month: "short", timeZone: "UTC" });
const dayLong = new Intl.DateTimeFormat("fr-FR", { dateStyle: "long", timeZone: "UTC" });
const ofDay = (day: string) => new Date(`${day}T12:00:00Z`);

/**
 * One chart of « Statistiques » (decision 015: plays per day, new members per week, active
 * subscriptions over 90 days), with what a screen reader or a keyboard user needs: the figure's
 * summary as its name, and the same data as a table (« Voir les données »). The drawing library is
 * loaded when the chart first shows (lib/plot.ts); it follows the box's width and the theme.
 */
export function DayChart({
  title,
  caption,
  points,
  bars = false,
  firstColumn,
}: {
  title: string;
  caption: string;
  points: readonly DayPoint[];
  bars?: boolean;
  firstColumn: string;
}) {
  const box = useRef<HTMLDivElement>(null);
  const [loading, setLoading] = useState(true);
  const [showTable, setShowTable] = useState(false);
  const headingId = useId();
  const tableId = useId();
  const total = points.reduce((n, p) => n + p.value, 0);
  const peak = points.reduce<DayPoint | null>((best, p) => (!best || p.value > best.value ? p : best), null);
  const summary = text.chartSummary(
    title,
    formatInteger(total),
    peak && peak.value > 0 ? formatInteger(peak.value) : null,
    peak ? dayLong.format(ofDay(peak.day)) : null,
  );

  useEffect(() => {
    const target = box.current;
    if (!target) return;
    let chart: { resize(width: number): void; destroy(): void } | null = null;
    let cancelled = false;
    const draw = async () => {
      const { drawPlot } = await import("../lib/plot.ts");
      if (cancelled) return;
      chart?.destroy();
      target.replaceChildren();
      chart = drawPlot(target, {
        width: target.clientWidth,
        height: 220,
        days: points.map((p) => p.day),
        values: points.map((p) => p.value),
        bars,
        format: (v) => formatInteger(v),
        formatDay: (d) => dayShort.format(ofDay(d)),
      });
      setLoading(false);
    };
    void draw();
    const resize = new ResizeObserver(() => chart?.resize(target.clientWidth));
    resize.observe(target);
    // The theme's colours are read when drawing: a change of theme draws again.
    const theme = new MutationObserver(() => void draw());
    theme.observe(document.documentElement, { attributes: true, attributeFilter: ["data-theme"] });
    return () => {
      cancelled = true;
      resize.disconnect();
      theme.disconnect();
      chart?.destroy();
    };
  }, [points, bars]);

  return (
    <figure
      aria-labelledby={headingId}
      className="min-w-0 rounded-2xl border border-line bg-surface/70 p-4 sm:p-5"
    >
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 id={headingId} className="font-bold">
            {title}
          </h3>
          <figcaption className="text-sm text-muted">{caption}</figcaption>
        </div>
        <button
          type="button"
          className="shrink-0 rounded-lg px-2 py-1 text-sm font-medium text-accent hover:underline"
          aria-expanded={showTable}
          aria-controls={tableId}
          onClick={() => setShowTable((s) => !s)}
        >
          {showTable ? text.hideTable : text.showTable}
        </button>
      </div>
      <div role="img" aria-label={summary} className="relative mt-3 h-[220px] w-full overflow-hidden">
        <div ref={box} className="size-full" />
        {loading && (
          <p className="absolute inset-0 grid place-items-center text-sm text-muted">{text.chartLoading}</p>
        )}
      </div>
      <div id={tableId} hidden={!showTable} className="mt-3 max-h-64 overflow-y-auto">
        <table className="w-full text-sm">
          <caption className="sr-only">{title}</caption>
          <thead className="text-left text-muted">
            <tr>
              <th scope="col" className="py-1 font-medium">
                {firstColumn}
              </th>
              <th scope="col" className="py-1 text-right font-medium">
                {text.valueColumn}
              </th>
            </tr>
          </thead>
          <tbody className="tabular-nums">
            {[...points].reverse().map((p) => (
              <tr key={p.day} className="border-t border-line/60">
                <td className="py-1">{dayLong.format(ofDay(p.day))}</td>
                <td className="py-1 text-right">{formatInteger(p.value)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
