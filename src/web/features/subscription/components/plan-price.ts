import { fr } from "#web/i18n/fr.ts";

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

/** spec §2 Success page: "/mois if interval is month" (a lifetime plan's features say it is paid once). */
export const priceSuffix = (interval: "month" | "lifetime" | "other"): string | null =>
  interval === "month" ? fr.plans.perMonth : null;
