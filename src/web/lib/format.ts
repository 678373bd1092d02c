/**
 * Numbers and dates in fr-FR (DESIGN.md: French typography, Intl everywhere, dates in
 * Europe/Paris). Formatters are built once; every screen formats through here.
 */

import { builtOnce } from "#web/lib/built-once.ts";

const nbsp = "\u00a0";
const integer = builtOnce(() => new Intl.NumberFormat("fr-FR", { maximumFractionDigits: 0 }));
const oneDecimal = builtOnce(
  () => new Intl.NumberFormat("fr-FR", { minimumFractionDigits: 1, maximumFractionDigits: 1 }),
);
const upToOneDecimal = builtOnce(() => new Intl.NumberFormat("fr-FR", { maximumFractionDigits: 1 }));
const percent = builtOnce(
  () => new Intl.NumberFormat("fr-FR", { style: "percent", maximumFractionDigits: 0 }),
);
/** spec §9: format 'dd MMMM yyyy' in Europe/Paris. */
const longDate = builtOnce(
  () =>
    new Intl.DateTimeFormat("fr-FR", {
      day: "2-digit",
      month: "long",
      year: "numeric",
      timeZone: "Europe/Paris",
    }),
);

const clamp01 = (ratio: number) => Math.min(Math.max(ratio, 0), 1);

export const formatInteger = (n: number): string => integer().format(n);

/**
 * An estimated count as people say it: two significant digits, 98 765 → "99 000" (the server's
 * estimate is the planner's, not a count: docs/decisions/031-keyset-paging.md).
 */
export function formatEstimate(n: number): string {
  if (n < 100) return integer().format(n);
  const unit = 10 ** (Math.floor(Math.log10(n)) - 1);
  return integer().format(Math.round(n / unit) * unit);
}

/** An average rating on the 5-star scale, one decimal: 4.25 → "4,3". */
export const formatRating = (rating: number): string => oneDecimal().format(rating);

/** spec §9: percent match = averageRating × 20, e.g. 4.3 → "86 %". */
export const formatMatch = (averageRating: number): string =>
  percent().format(Math.min(Math.max(averageRating, 0), 5) / 5);

/** A share of something, kept in 0–100 %: 0.456 → "46 %". */
export const formatPercent = (ratio: number): string => percent().format(clamp01(ratio));

/** At most one decimal, none when whole: 12.5 → "12,5", 12 → "12". */
export const formatUpToOneDecimal = (n: number): string => upToOneDecimal().format(n);

/** spec §2 second card style: views as K or M (fr-FR digits): 950 → "950", 1 234 → "1,2 K", 3 400 000 → "3,4 M". */
export function formatCompactViews(views: number): string {
  if (views >= 999_950) return `${upToOneDecimal().format(views / 1_000_000)}${nbsp}M`;
  if (views >= 1_000) return `${upToOneDecimal().format(views / 1_000)}${nbsp}K`;
  return integer().format(views);
}

/** "21 novembre 2026", the day in Paris. */
export const formatLongDate = (iso: string): string => longDate().format(new Date(iso));

const formatters = new Map<string, Intl.NumberFormat>();

/** spec §9: price_cents / 100 with 2 decimals and the currency sign, French formatting (« 9,99 € »). */
export function formatPrice(priceCents: number, currency: string): string {
  const code = currency.toUpperCase();
  let format = formatters.get(code);
  if (!format) {
    format = new Intl.NumberFormat("fr-FR", {
      style: "currency",
      currency: code,
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
    formatters.set(code, format);
  }
  return format.format(priceCents / 100);
}
