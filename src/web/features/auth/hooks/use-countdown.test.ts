// @vitest-environment node
import { describe, expect, it } from "vitest";
import { formatCountdown, secondsLeft } from "./use-countdown.ts";

describe("resend countdown (spec §4: locked 60 s, m:ss)", () => {
  it("writes minutes and two-digit seconds", () => {
    expect(formatCountdown(60)).toBe("1:00");
    expect(formatCountdown(59)).toBe("0:59");
    expect(formatCountdown(9)).toBe("0:09");
    expect(formatCountdown(0)).toBe("0:00");
    expect(formatCountdown(125)).toBe("2:05");
  });

  it("rounds partial seconds up and never goes below zero", () => {
    expect(formatCountdown(58.2)).toBe("0:59");
    expect(formatCountdown(-3)).toBe("0:00");
  });

  it("counts whole seconds to the deadline", () => {
    expect(secondsLeft(null, 1000)).toBe(0);
    expect(secondsLeft(61_000, 1_000)).toBe(60);
    expect(secondsLeft(61_000, 1_500)).toBe(60);
    expect(secondsLeft(61_000, 2_000)).toBe(59);
    expect(secondsLeft(61_000, 70_000)).toBe(0);
  });
});
