/** Figures of the member space in French, Europe/Paris (spec §9: zone Europe/Paris). */

import { builtOnce } from "#web/lib/built-once.ts";
import { formatUpToOneDecimal } from "#web/lib/format.ts";

const monthYear = builtOnce(
  () =>
    new Intl.DateTimeFormat("fr-FR", {
      month: "long",
      year: "numeric",
      timeZone: "Europe/Paris",
    }),
);

/** "novembre 2026". */
export const formatMonthYear = (iso: string) => monthYear().format(new Date(iso));
/** 12.5 → "12,5". */
export const formatHours = formatUpToOneDecimal;
