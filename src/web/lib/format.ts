/**
 * Numbers and dates in fr-FR (DESIGN.md: French typography, Intl everywhere, dates in
 * Europe/Paris). Formatters are built once; every screen formats through here.
 *
 * Except the plain numbers of the catalogue's screens (integers, one decimal, percents): the first
 * Intl.NumberFormat a page builds costs 40 to 100 ms of its main thread (Chromium loads ICU's number
 * data), inside the render of the first card or hero that shows a number — a long task on every
 * first load, four times that on a phone (issue 14). They are written here as Intl writes them
 * (docs/decisions/062-numbers-without-intl-on-first-screens.md): digits grouped by three with a
 * narrow no-break space, a decimal comma, a no-break space before « % », rounded half away from
 * zero on the number as it is written (0,15 → 0,2, not its binary 0,1499…); format.test.ts checks
 * them against Intl on thousands of values. A number written with an exponent or below zero goes
 * to Intl itself.
 */

import { builtOnce } from "#web/lib/built-once.ts";

const nbsp = "\u00a0";
const groupSeparator = "\u202f";
const intlInteger = builtOnce(() => new Intl.NumberFormat("fr-FR", { maximumFractionDigits: 0 }));
const intlOneDecimal = builtOnce(
  () => new Intl.NumberFormat("fr-FR", { minimumFractionDigits: 1, maximumFractionDigits: 1 }),
);
const intlUpToOneDecimal = builtOnce(() => new Intl.NumberFormat("fr-FR", { maximumFractionDigits: 1 }));
const intlPercent = builtOnce(
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

/** "999" + 1 → "1000": a string of digits plus one. */
function incremented(digits: string): string {
  let i = digits.length - 1;
  while (i >= 0 && digits[i] === "9") i--;
  if (i < 0) return `1${"0".repeat(digits.length)}`;
  return `${digits.slice(0, i)}${Number(digits[i]) + 1}${"0".repeat(digits.length - i - 1)}`;
}

/**
 * `n × 10^shift` with `decimals` decimals as Intl fr-FR writes it (`decimals` 0 or 1; with `trim`,
 * a zero decimal is left out), or null for what Intl itself must write (below zero, not finite, or
 * written with an exponent: 1e21, 1e-7).
 */
function frenchDecimal(n: number, decimals: number, shift = 0, trim = false): string | null {
  const written = String(n);
  if (!/^\d+(\.\d+)?$/.test(written)) return null;
  const [whole = "0", fraction = ""] = written.split(".");
  // The decimal point moved `shift` places to the right, on the written digits (no float error).
  const padded = fraction.padEnd(shift, "0");
  const integer = whole + padded.slice(0, shift);
  const rest = padded.slice(shift);
  let digits = integer + rest.padEnd(decimals, "0").slice(0, decimals);
  if ((rest[decimals] ?? "0") >= "5") digits = incremented(digits);
  const head = digits.slice(0, digits.length - decimals).replace(/^0+(?=\d)/, "") || "0";
  const tail = digits.slice(digits.length - decimals);
  const grouped = head.replace(/\B(?=(\d{3})+(?!\d))/g, groupSeparator);
  return decimals === 0 || (trim && /^0*$/.test(tail)) ? grouped : `${grouped},${tail}`;
}

const integerText = (n: number) => frenchDecimal(n, 0) ?? intlInteger().format(n);
const oneDecimalText = (n: number) => frenchDecimal(n, 1) ?? intlOneDecimal().format(n);
const upToOneDecimalText = (n: number) => frenchDecimal(n, 1, 0, true) ?? intlUpToOneDecimal().format(n);
const percentText = (ratio: number) => {
  const digits = frenchDecimal(ratio, 0, 2);
  return digits === null ? intlPercent().format(ratio) : `${digits}${nbsp}%`;
};

const clamp01 = (ratio: number) => Math.min(Math.max(ratio, 0), 1);

export const formatInteger = (n: number): string => integerText(n);

/**
 * An estimated count as people say it: two significant digits, 98 765 → "99 000" (the server's
 * estimate is the planner's, not a count: docs/decisions/031-keyset-paging.md).
 */
export function formatEstimate(n: number): string {
  if (n < 100) return integerText(n);
  const unit = 10 ** (Math.floor(Math.log10(n)) - 1);
  return integerText(Math.round(n / unit) * unit);
}

/** An average rating on the 5-star scale, one decimal: 4.25 → "4,3". */
export const formatRating = (rating: number): string => oneDecimalText(rating);

/** spec §9: percent match = averageRating × 20, e.g. 4.3 → "86 %". */
export const formatMatch = (averageRating: number): string =>
  percentText(Math.min(Math.max(averageRating, 0), 5) / 5);

/** A share of something, kept in 0–100 %: 0.456 → "46 %". */
export const formatPercent = (ratio: number): string => percentText(clamp01(ratio));

/** At most one decimal, none when whole: 12.5 → "12,5", 12 → "12". */
export const formatUpToOneDecimal = (n: number): string => upToOneDecimalText(n);

/** spec §2 second card style: views as K or M (fr-FR digits): 950 → "950", 1 234 → "1,2 K", 3 400 000 → "3,4 M". */
export function formatCompactViews(views: number): string {
  if (views >= 999_950) return `${upToOneDecimalText(views / 1_000_000)}${nbsp}M`;
  if (views >= 1_000) return `${upToOneDecimalText(views / 1_000)}${nbsp}K`;
  return integerText(views);
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
