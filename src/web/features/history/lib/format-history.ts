/** History figures in fr-FR (DESIGN.md: Intl everywhere, dates in Europe/Paris). Built once. */

const percent = new Intl.NumberFormat("fr-FR", { style: "percent", maximumFractionDigits: 0 });
const minutes = new Intl.NumberFormat("fr-FR", { maximumFractionDigits: 0 });
/** spec §9: format 'dd MMMM yyyy' in Europe/Paris. */
const day = new Intl.DateTimeFormat("fr-FR", {
  day: "2-digit",
  month: "long",
  year: "numeric",
  timeZone: "Europe/Paris",
});

/** 0.456 → "46 %". */
export const formatProgress = (progress: number): string =>
  percent.format(Math.min(Math.max(progress, 0), 1));

/** Whole minutes left, at least 1: "12". */
export const formatMinutesLeft = (currentPosition: number, totalDuration: number): string =>
  minutes.format(Math.max(1, Math.ceil((totalDuration - currentPosition) / 60)));

/** "21 novembre 2026". */
export const formatWatchedDay = (iso: string): string => day.format(new Date(iso));
