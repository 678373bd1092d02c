import uPlot from "uplot";
import "uplot/dist/uPlot.min.css";

/**
 * The charts of « Statistiques », drawn by uPlot (docs/decisions/017-admin-charts.md): a small
 * canvas library, loaded with this module only when the tab is opened. Colours are the theme's
 * tokens, read when drawn (the chart is drawn again when the theme changes).
 */
export interface PlotOptions {
  width: number;
  height: number;
  /** Day of each point (YYYY-MM-DD), oldest first. */
  days: string[];
  values: number[];
  bars: boolean;
  format: (value: number) => string;
  formatDay: (day: string) => string;
}

const WHOLE_STEPS = [
  1, 2, 5, 10, 20, 50, 100, 200, 500, 1e3, 2e3, 5e3, 1e4, 2e4, 5e4, 1e5, 2e5, 5e5, 1e6, 2e6, 5e6, 1e7,
];

const token = (name: string) => getComputedStyle(document.documentElement).getPropertyValue(name).trim();

export function drawPlot(
  target: HTMLElement,
  o: PlotOptions,
): { resize(width: number): void; destroy(): void } {
  const accent = token("--color-accent") || "#f2a93b";
  const muted = token("--color-muted") || "#a6a6b5";
  const line = token("--color-line") || "#2c2c38";
  const xs = o.days.map((d) => Date.parse(`${d}T12:00:00Z`) / 1000);
  const axis = {
    stroke: muted,
    grid: { stroke: line, width: 1 },
    ticks: { stroke: line, width: 1 },
    font: "12px system-ui, sans-serif",
  };
  const plot = new uPlot(
    {
      width: o.width,
      height: o.height,
      padding: [12, 20, 0, 4],
      legend: { show: false },
      cursor: { drag: { x: false, y: false }, points: { size: 7 } },
      scales: { x: { time: true }, y: { range: (_u, _min, max) => [0, Math.max(1, max * 1.1)] } },
      axes: [
        {
          ...axis,
          values: (_u, splits) =>
            splits.map((s) => o.formatDay(new Date(s * 1000).toISOString().slice(0, 10))),
        },
        // Counts: whole numbers only on the vertical axis.
        { ...axis, size: 52, incrs: WHOLE_STEPS, values: (_u, splits) => splits.map((s) => o.format(s)) },
      ],
      series: [
        {},
        {
          stroke: accent,
          width: 2,
          fill: `color-mix(in oklab, ${accent} 22%, transparent)`,
          points: { show: false },
          ...(o.bars ? { paths: uPlot.paths.bars?.({ size: [0.7, 40] }) } : {}),
        },
      ],
    },
    [xs, o.values],
    target,
  );
  return {
    resize: (width) => plot.setSize({ width, height: o.height }),
    destroy: () => plot.destroy(),
  };
}
