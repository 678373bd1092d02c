// @vitest-environment node
import { describe, expect, it } from "vitest";
import {
  formatCompactViews,
  formatInteger,
  formatLongDate,
  formatMatch,
  formatPercent,
  formatRating,
  formatUpToOneDecimal,
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

describe("numbers written without Intl (decision 062)", () => {
  // A fixed pseudo-random sequence: the same values on every run.
  let seed = 20261128;
  const random = () => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed / 2 ** 31;
  };
  const values = [
    0,
    0.04,
    0.05,
    0.15,
    0.25,
    0.35,
    0.45,
    0.855,
    1,
    1.45,
    2.05,
    4.25,
    4.35,
    9.95,
    9.96,
    99.95,
    999.5,
    999.95,
    1000,
    1234,
    12_345.65,
    999_999.5,
    1_234_567,
    2 ** 53,
    1e20,
    1e21,
    1e-7,
    -0.4,
    -1234.56,
    Number.NaN,
    Number.POSITIVE_INFINITY,
    ...Array.from({ length: 2000 }, (_, i) => i / 100),
    ...Array.from({ length: 1000 }, (_, i) => i / 1000),
    ...Array.from(
      { length: 3000 },
      () => Math.round(random() * 10 ** (1 + Math.floor(random() * 9))) / 10 ** Math.floor(random() * 4),
    ),
    ...Array.from({ length: 1000 }, () => random() * 5),
  ];
  const intl = (options: Intl.NumberFormatOptions) => new Intl.NumberFormat("fr-FR", options);

  it("writes integers, one decimal and up to one decimal exactly as Intl fr-FR does", () => {
    const integer = intl({ maximumFractionDigits: 0 });
    const one = intl({ minimumFractionDigits: 1, maximumFractionDigits: 1 });
    const upToOne = intl({ maximumFractionDigits: 1 });
    const differences = values.flatMap((n) =>
      [
        [formatInteger(n), integer.format(n)],
        [formatRating(n), one.format(n)],
        [formatUpToOneDecimal(n), upToOne.format(n)],
      ]
        .filter(([ours, theirs]) => ours !== theirs)
        .map(([ours, theirs]) => `${n}: ${ours} ≠ ${theirs}`),
    );
    expect(differences).toEqual([]);
  });

  it("writes percents exactly as Intl fr-FR does, on the number as written (0,855 → 86 %)", () => {
    const percent = intl({ style: "percent", maximumFractionDigits: 0 });
    const ratios = values.filter((n) => n >= 0 && n <= 1);
    expect(ratios.length).toBeGreaterThan(1000);
    const differences = ratios
      .filter((n) => formatPercent(n) !== percent.format(n))
      .map((n) => `${n}: ${formatPercent(n)} ≠ ${percent.format(n)}`);
    expect(differences).toEqual([]);
    expect(formatPercent(0.855)).toBe("86\u00a0%");
    expect(formatInteger(1234)).toBe("1\u202f234");
  });
});
