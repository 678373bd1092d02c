import { describe, expect, it } from "vitest";
import { formatLongDate } from "#web/lib/format.ts";
import { formatHours, formatMonthYear } from "./format-member.ts";

describe("member dates", () => {
  it("reads the month and year in Paris, in French", () => {
    // 23:30 UTC on 31 October is already 1 November in Paris.
    expect(formatMonthYear("2026-10-31T23:30:00Z")).toBe("novembre 2026");
    expect(formatLongDate("2026-03-05T10:00:00Z")).toBe("05 mars 2026");
    expect(formatHours(12.5)).toBe("12,5");
  });
});
