const nbsp = "\u00a0";
const upToOneDecimal = new Intl.NumberFormat("fr-FR", { maximumFractionDigits: 1 });
const integer = new Intl.NumberFormat("fr-FR", { maximumFractionDigits: 0 });

/** spec §2 second card style: views as K or M (fr-FR digits): 950 → "950", 1 234 → "1,2 K", 3 400 000 → "3,4 M". */
export function formatCompactViews(views: number): string {
  if (views >= 999_950) return `${upToOneDecimal.format(views / 1_000_000)}${nbsp}M`;
  if (views >= 1_000) return `${upToOneDecimal.format(views / 1_000)}${nbsp}K`;
  return integer.format(views);
}
