/** Dates of the member space in French, Europe/Paris (spec §9: zone Europe/Paris, 'dd MMMM yyyy'). */
const monthYear = new Intl.DateTimeFormat("fr-FR", {
  month: "long",
  year: "numeric",
  timeZone: "Europe/Paris",
});
const longDate = new Intl.DateTimeFormat("fr-FR", {
  day: "2-digit",
  month: "long",
  year: "numeric",
  timeZone: "Europe/Paris",
});
const hours = new Intl.NumberFormat("fr-FR", { maximumFractionDigits: 1 });
const percent = new Intl.NumberFormat("fr-FR", { style: "percent", maximumFractionDigits: 0 });

/** "novembre 2026". */
export const formatMonthYear = (iso: string) => monthYear.format(new Date(iso));
/** "21 novembre 2026". */
export const formatLongDate = (iso: string) => longDate.format(new Date(iso));
/** 12.5 → "12,5". */
export const formatHours = (h: number) => hours.format(h);
export const formatPercent = (ratio: number) => percent.format(Math.min(Math.max(ratio, 0), 1));
