// @vitest-environment node
import { describe, expect, it } from "vitest";
import { plansText } from "#web/i18n/subscription.ts";
import { formatPrice, priceSuffix } from "./plan-price.ts";

/** Intl fr-FR puts a no-break space (narrow or not) before the currency sign. */
const nbsp = /[\u00a0\u202f]/g;

describe("plan prices (spec §9)", () => {
  it("shows cents as euros with two decimals and the sign after, in French", () => {
    expect(formatPrice(999, "EUR").replace(nbsp, " ")).toBe("9,99 €");
    expect(formatPrice(14900, "eur").replace(nbsp, " ")).toBe("149,00 €");
    expect(formatPrice(123456, "EUR").replace(nbsp, " ")).toBe("1 234,56 €");
  });

  it("adds /mois to a monthly plan only", () => {
    expect(priceSuffix("month")).toBe(plansText.perMonth);
    expect(priceSuffix("lifetime")).toBeNull();
    expect(priceSuffix("other")).toBeNull();
  });
});
