import { describe, expect, it } from "vitest";
import { gridColumnClasses, parseGridColumns } from "./grid-columns.ts";

describe("grid columns setting", () => {
  it("keeps a stored choice from 2 to 6 and falls back to 6 otherwise", () => {
    expect(parseGridColumns("3")).toBe(3);
    expect(parseGridColumns("2")).toBe(2);
    expect(parseGridColumns(null)).toBe(6);
    expect(parseGridColumns("7")).toBe(6);
    expect(parseGridColumns("1")).toBe(6);
    expect(parseGridColumns("abc")).toBe(6);
  });

  it("grows with the screen up to the chosen count, from 2 columns on a phone", () => {
    expect(gridColumnClasses(2)).toBe("grid-cols-2");
    expect(gridColumnClasses(4)).toBe("grid-cols-2 sm:grid-cols-3 md:grid-cols-4");
    expect(gridColumnClasses(6)).toContain("xl:grid-cols-6");
  });
});
