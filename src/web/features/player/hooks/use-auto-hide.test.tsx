import { act, renderHook } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { CONTROLS_HIDE_MS, CONTROLS_HIDE_TOUCH_MS } from "../lib/player-keys.ts";
import { useAutoHide } from "./use-auto-hide.ts";

describe("useAutoHide (spec §9: controls hide after 3 s, 4 s after a touch)", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("shows the controls, then hides them after 3 s of stillness", () => {
    const { result } = renderHook(() => useAutoHide());
    expect(result.current.visible).toBe(true);
    act(() => result.current.reveal());
    act(() => vi.advanceTimersByTime(CONTROLS_HIDE_MS - 1));
    expect(result.current.visible).toBe(true);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current.visible).toBe(false);
  });

  it("hides them 3 s after the player opens, with no movement at all", () => {
    const { result } = renderHook(() => useAutoHide());
    act(() => vi.advanceTimersByTime(CONTROLS_HIDE_MS - 1));
    expect(result.current.visible).toBe(true);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current.visible).toBe(false);
  });

  it("waits 4 s after a touch, and starts the wait again at each movement", () => {
    const { result } = renderHook(() => useAutoHide());
    act(() => result.current.reveal(true));
    act(() => vi.advanceTimersByTime(CONTROLS_HIDE_MS));
    expect(result.current.visible).toBe(true);
    act(() => result.current.reveal(true));
    act(() => vi.advanceTimersByTime(CONTROLS_HIDE_TOUCH_MS - 1));
    expect(result.current.visible).toBe(true);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current.visible).toBe(false);
  });

  it("keeps them while `keep` holds (a control with the keyboard's focus), and hides them at the next wait's end once it no longer does", () => {
    let focused = true;
    const { result } = renderHook(() => useAutoHide(() => focused));
    act(() => vi.advanceTimersByTime(CONTROLS_HIDE_MS * 3));
    expect(result.current.visible).toBe(true);
    focused = false;
    act(() => vi.advanceTimersByTime(CONTROLS_HIDE_MS));
    expect(result.current.visible).toBe(false);
  });
});
