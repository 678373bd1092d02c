/**
 * French typography for the texts of src/web/i18n (one file per feature, common.ts for what every
 * screen shares; the server's messages live in the contract). Texts quoted by the spec are kept
 * word for word; the others put a non-breaking space before « : ; ! ? » and inside guillemets.
 * Numbers go through Intl fr-FR (#web/lib/format.ts).
 */

import { builtOnce } from "#web/lib/built-once.ts";

export const nbsp = "\u00a0";

const plural = builtOnce(() => new Intl.PluralRules("fr-FR"));

/** "1 saison", "2 saisons": French counts 0 and 1 as singular. */
export const count = (n: string | number, value: number, one: string, other: string) =>
  `${n}${nbsp}${plural().select(value) === "one" ? one : other}`;
