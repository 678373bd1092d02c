import { builtOnce } from "#web/lib/built-once.ts";

const rtf = builtOnce(() => new Intl.RelativeTimeFormat("fr", { numeric: "auto" }));

const units: [Intl.RelativeTimeFormatUnit, number][] = [
  ["year", 365 * 24 * 3600],
  ["month", 30 * 24 * 3600],
  ["week", 7 * 24 * 3600],
  ["day", 24 * 3600],
  ["hour", 3600],
  ["minute", 60],
];

/** « il y a 5 minutes », « hier », « maintenant »: the largest whole unit of the time since `iso`. */
export function relativeTime(iso: string, now: number = Date.now()): string {
  const seconds = Math.round((Date.parse(iso) - now) / 1000);
  for (const [unit, size] of units) {
    if (Math.abs(seconds) >= size) return rtf().format(Math.trunc(seconds / size), unit);
  }
  return rtf().format(0, "second");
}
