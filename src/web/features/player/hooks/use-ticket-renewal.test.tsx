import { renderHook } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { useTicketRenewal } from "./use-ticket-renewal.ts";

const element = (currentTime: number, paused: boolean) => ({
  currentTime,
  paused,
  play: vi.fn(() => Promise.resolve()),
});

describe("useTicketRenewal (a renewed stream carries on from the same moment)", () => {
  it("keeps the position and the playing state when the URL changes, and puts them back on load", () => {
    const el = element(73, false);
    const onRenewed = vi.fn();
    const { result, rerender } = renderHook(({ url }) => useTicketRenewal({ current: el }, url, onRenewed), {
      initialProps: { url: "/s?token=a" },
    });
    expect(onRenewed).not.toHaveBeenCalled();
    rerender({ url: "/s?token=b" });
    expect(onRenewed).toHaveBeenCalledTimes(1);
    const fresh = element(0, true);
    result.current(fresh);
    expect(fresh.currentTime).toBe(73);
    expect(fresh.play).toHaveBeenCalledTimes(1);
    // Once only: a later load (a seek, another source) is left alone.
    const later = element(5, true);
    result.current(later);
    expect(later.currentTime).toBe(5);
  });

  it("leaves the first source alone and does not start a paused one", () => {
    const el = element(10, true);
    const { result, rerender } = renderHook(({ url }) => useTicketRenewal({ current: el }, url, vi.fn()), {
      initialProps: { url: "/s?token=a" },
    });
    const first = element(0, true);
    result.current(first);
    expect(first.currentTime).toBe(0);
    rerender({ url: "/s?token=b" });
    const fresh = element(0, true);
    result.current(fresh);
    expect(fresh.currentTime).toBe(10);
    expect(fresh.play).not.toHaveBeenCalled();
  });
});
