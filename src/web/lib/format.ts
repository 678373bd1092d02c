/** Numbers in fr-FR (DESIGN.md: French typography, Intl everywhere). Formatters are built once. */

const integer = new Intl.NumberFormat("fr-FR", { maximumFractionDigits: 0 });
const oneDecimal = new Intl.NumberFormat("fr-FR", { minimumFractionDigits: 1, maximumFractionDigits: 1 });
const percent = new Intl.NumberFormat("fr-FR", { style: "percent", maximumFractionDigits: 0 });

export const formatInteger = (n: number): string => integer.format(n);

/** An average rating on the 5-star scale, one decimal: 4.25 → "4,3". */
export const formatRating = (rating: number): string => oneDecimal.format(rating);

/** spec §9: percent match = averageRating × 20, e.g. 4.3 → "86 %". */
export const formatMatch = (averageRating: number): string =>
  percent.format(Math.min(Math.max(averageRating, 0), 5) / 5);
