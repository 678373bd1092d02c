import { describe, expect, it } from "vitest";
import { formatCompactViews } from "./format-views.ts";

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
