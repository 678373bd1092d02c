import { describe, expect, it } from "vitest";
import { badgeText } from "./badge.ts";
import { reconnectDelay } from "./reconnect.ts";
import { relativeTime } from "./relative-time.ts";

describe("badge", () => {
  it("shows nothing at 0, the count up to 9 and « 9+ » above", () => {
    expect([0, 1, 9, 10, 250].map(badgeText)).toEqual([null, "1", "9", "9+", "9+"]);
  });
});

describe("reconnection waits (spec §9)", () => {
  it("waits 1, 2, 5, 10 s, then 10 s for ever", () => {
    expect([0, 1, 2, 3, 4, 20].map(reconnectDelay)).toEqual([1000, 2000, 5000, 10_000, 10_000, 10_000]);
  });
});

describe("relative dates in French", () => {
  const now = Date.parse("2026-11-21T12:00:00Z");
  const ago = (s: number) => new Date(now - s * 1000).toISOString();
  it("says how long ago, in the largest whole unit", () => {
    expect(relativeTime(ago(10), now)).toBe("maintenant");
    expect(relativeTime(ago(5 * 60), now)).toBe("il y a 5 minutes");
    expect(relativeTime(ago(3 * 3600), now)).toBe("il y a 3 heures");
    expect(relativeTime(ago(24 * 3600), now)).toBe("hier");
    expect(relativeTime(ago(3 * 24 * 3600), now)).toBe("il y a 3 jours");
    expect(relativeTime(ago(14 * 24 * 3600), now)).toBe("il y a 2 semaines");
  });
});
