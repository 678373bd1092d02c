import { renderHook } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { usePlayerKeys } from "./use-player-keys.ts";

const handlers = () => ({
  togglePlay: vi.fn<() => void>(),
  toggleMute: vi.fn<() => void>(),
  toggleFullscreen: vi.fn<() => void>(),
  escape: vi.fn<() => void>(),
  seekBy: vi.fn<(seconds: number) => void>(),
  volumeBy: vi.fn<(delta: number) => void>(),
  onKey: vi.fn<() => void>(),
});

const press = (key: string, target: EventTarget = document.body) => {
  const event = new KeyboardEvent("keydown", { key, bubbles: true, cancelable: true });
  target.dispatchEvent(event);
  return event;
};

afterEach(() => {
  vi.restoreAllMocks();
  document.body.innerHTML = "";
});

describe("usePlayerKeys (spec §2 Player keys)", () => {
  it("maps space, m, f, Escape and the arrows to the player's actions", () => {
    const h = handlers();
    renderHook(() => usePlayerKeys(h, false));
    expect(press(" ").defaultPrevented).toBe(true);
    press("m");
    press("f");
    press("Escape");
    press("ArrowLeft");
    press("ArrowDown");
    expect(h.togglePlay).toHaveBeenCalledTimes(1);
    expect(h.toggleMute).toHaveBeenCalledTimes(1);
    expect(h.toggleFullscreen).toHaveBeenCalledTimes(1);
    expect(h.escape).toHaveBeenCalledTimes(1);
    expect(h.seekBy).toHaveBeenCalledWith(-10);
    expect(h.volumeBy).toHaveBeenCalledWith(-0.1);
    expect(h.onKey).toHaveBeenCalledTimes(6);
  });

  it("listens once for the player's life and always calls the latest handlers", () => {
    const add = vi.spyOn(window, "addEventListener");
    const first = handlers();
    const latest = handlers();
    const { rerender, unmount } = renderHook(({ h }) => usePlayerKeys(h, false), {
      initialProps: { h: first },
    });
    rerender({ h: latest });
    rerender({ h: latest });
    expect(add.mock.calls.filter(([type]) => type === "keydown")).toHaveLength(1);
    press("m");
    expect(first.toggleMute).not.toHaveBeenCalled();
    expect(latest.toggleMute).toHaveBeenCalledTimes(1);
    unmount();
    press("m");
    expect(latest.toggleMute).toHaveBeenCalledTimes(1);
  });

  it("leaves keys typed in a field or inside an open panel to them, but Escape still closes the panel", () => {
    const h = handlers();
    const input = document.body.appendChild(document.createElement("input"));
    const menu = document.body.appendChild(document.createElement("div"));
    menu.setAttribute("role", "menu");
    const item = menu.appendChild(document.createElement("div"));
    renderHook(() => usePlayerKeys(h, true));
    press("m", input);
    press("ArrowDown", item);
    expect(h.toggleMute).not.toHaveBeenCalled();
    expect(h.volumeBy).not.toHaveBeenCalled();
    press("Escape", item);
    expect(h.escape).toHaveBeenCalledTimes(1);
  });

  it("ignores shortcuts of the browser (with a modifier)", () => {
    const h = handlers();
    renderHook(() => usePlayerKeys(h, false));
    document.body.dispatchEvent(new KeyboardEvent("keydown", { key: "f", ctrlKey: true, bubbles: true }));
    expect(h.toggleFullscreen).not.toHaveBeenCalled();
  });
});
