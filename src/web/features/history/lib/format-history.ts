/** History figures in fr-FR (DESIGN.md: Intl everywhere). Built once. */

import { builtOnce } from "#web/lib/built-once.ts";

const minutes = builtOnce(() => new Intl.NumberFormat("fr-FR", { maximumFractionDigits: 0 }));

/** Whole minutes left, at least 1: "12". */
export const formatMinutesLeft = (currentPosition: number, totalDuration: number): string =>
  minutes().format(Math.max(1, Math.ceil((totalDuration - currentPosition) / 60)));
