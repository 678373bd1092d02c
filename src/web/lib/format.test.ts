// @vitest-environment node
import { describe, expect, it } from "vitest";
import { formatInteger, formatMatch, formatRating } from "./format.ts";

/** Intl fr-FR separates with no-break spaces (narrow or not, depending on the ICU version). */
const nbsp = "[\u00a0\u202f]";
const re = (text: string) => new RegExp(`^${text.replaceAll(" ", nbsp)}$`);

describe("fr-FR number formats", () => {
  it("shows the percent match as averageRating × 20 (spec §9)", () => {
    expect(formatMatch(4.3)).toMatch(re("86 %"));
    expect(formatMatch(5)).toMatch(re("100 %"));
    expect(formatMatch(0)).toMatch(re("0 %"));
    expect(formatMatch(7)).toMatch(re("100 %"));
  });

  it("writes ratings with a decimal comma", () => {
    expect(formatRating(4.25)).toBe("4,3");
    expect(formatRating(3)).toBe("3,0");
  });

  it("groups thousands", () => {
    expect(formatInteger(1234567)).toMatch(re("1 234 567"));
  });
});
