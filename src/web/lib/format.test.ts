// @vitest-environment node
import { describe, expect, it } from "vitest";
import {
  formatCompactViews,
  formatInteger,
  formatLongDate,
  formatMatch,
  formatPercent,
  formatRating,
} from "./format.ts";

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

  it("keeps a share between 0 and 100 %", () => {
    expect(formatPercent(0.456)).toMatch(re("46 %"));
    expect(formatPercent(1.7)).toMatch(re("100 %"));
    expect(formatPercent(-3)).toMatch(re("0 %"));
  });
});

describe("formatCompactViews", () => {
  it("writes views as K or M with a French decimal comma", () => {
    expect(formatCompactViews(0)).toBe("0");
    expect(formatCompactViews(950)).toBe("950");
    expect(formatCompactViews(1_000)).toBe("1\u00a0K");
    expect(formatCompactViews(1_234)).toBe("1,2\u00a0K");
    expect(formatCompactViews(999_949)).toBe("999,9\u00a0K");
    expect(formatCompactViews(999_950)).toBe("1\u00a0M");
    expect(formatCompactViews(3_400_000)).toBe("3,4\u00a0M");
  });
});

describe("dates in Paris", () => {
  it("writes the long date of spec §9 in French", () => {
    expect(formatLongDate("2026-03-05T10:00:00Z")).toBe("05 mars 2026");
  });
});
