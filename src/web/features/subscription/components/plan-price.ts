import { plansText } from "#web/i18n/subscription.ts";

/** spec §9 prices in French formatting: shared with the administration's ledger (lib/format.ts). */
export { formatPrice } from "#web/lib/format.ts";

/** spec §2 Success page: "/mois if interval is month" (a lifetime plan's features say it is paid once). */
export const priceSuffix = (interval: "month" | "lifetime" | "other"): string | null =>
  interval === "month" ? plansText.perMonth : null;
