import { describe, expect, it } from "vitest";
import { baselineOf, checkWindow, isInspectShortcut, type WindowSize } from "./guard.ts";

const start: WindowSize = {
  outerWidth: 1440,
  outerHeight: 900,
  innerWidth: 1440,
  innerHeight: 820,
  devicePixelRatio: 1,
  fullscreen: false,
};

describe("player guard heuristics", () => {
  it("stays quiet for a browser that opened with a side panel already docked", () => {
    const withPanel = { ...start, innerWidth: 1040 };
    expect(checkWindow(withPanel, baselineOf(withPanel))).toBe("ok");
  });

  it("suspects dev tools docked after the start (page shrinks, window does not)", () => {
    expect(checkWindow({ ...start, innerWidth: 1100 }, baselineOf(start))).toBe("suspect");
    expect(checkWindow({ ...start, innerHeight: 500 }, baselineOf(start))).toBe("suspect");
  });

  it("takes a new baseline when the viewer resizes the window or zooms", () => {
    expect(checkWindow({ ...start, outerWidth: 1000, innerWidth: 1000 }, baselineOf(start))).toBe("rebase");
    expect(checkWindow({ ...start, devicePixelRatio: 1.25, innerWidth: 1152 }, baselineOf(start))).toBe(
      "rebase",
    );
  });

  it("never suspects fullscreen", () => {
    expect(checkWindow({ ...start, fullscreen: true, innerWidth: 200 }, baselineOf(start))).toBe("ok");
  });

  it("recognises F12 and the inspect shortcuts, not ordinary ones", () => {
    const k = (key: string, o: Partial<KeyboardEvent> = {}) => ({
      key,
      ctrlKey: false,
      metaKey: false,
      shiftKey: false,
      altKey: false,
      ...o,
    });
    expect(isInspectShortcut(k("F12"))).toBe(true);
    expect(isInspectShortcut(k("I", { ctrlKey: true, shiftKey: true }))).toBe(true);
    expect(isInspectShortcut(k("u", { ctrlKey: true }))).toBe(true);
    expect(isInspectShortcut(k("c", { ctrlKey: true }))).toBe(false);
    expect(isInspectShortcut(k("f"))).toBe(false);
  });
});
