/** History figures in fr-FR, through #web/lib/format.ts (decision 062: no Intl for plain numbers). */

import { formatInteger } from "#web/lib/format.ts";

/** Whole minutes left, at least 1: "12". */
export const formatMinutesLeft = (currentPosition: number, totalDuration: number): string =>
  formatInteger(Math.max(1, Math.ceil((totalDuration - currentPosition) / 60)));
