// @vitest-environment node
import { describe, expect, it } from "vitest";
import { avatarInitial } from "#web/components/ui/avatar.tsx";
import { nextMenuIndex } from "./menu-navigation.ts";

describe("user menu keyboard (WAI-ARIA menu pattern)", () => {
  it("moves with the arrows and wraps around", () => {
    expect(nextMenuIndex("ArrowDown", 0, 5)).toBe(1);
    expect(nextMenuIndex("ArrowDown", 4, 5)).toBe(0);
    expect(nextMenuIndex("ArrowUp", 0, 5)).toBe(4);
    expect(nextMenuIndex("ArrowUp", 3, 5)).toBe(2);
  });

  it("starts from the ends when nothing has focus, Home and End jump there", () => {
    expect(nextMenuIndex("ArrowDown", -1, 5)).toBe(0);
    expect(nextMenuIndex("ArrowUp", -1, 5)).toBe(4);
    expect(nextMenuIndex("Home", 3, 5)).toBe(0);
    expect(nextMenuIndex("End", 1, 5)).toBe(4);
  });

  it("ignores other keys and empty menus", () => {
    expect(nextMenuIndex("a", 1, 5)).toBeNull();
    expect(nextMenuIndex("ArrowDown", 0, 0)).toBeNull();
  });
});

describe("avatar initial", () => {
  it("capitalises the first letter, accents and all", () => {
    expect(avatarInitial("zoé")).toBe("Z");
    expect(avatarInitial("élodie")).toBe("É");
    expect(avatarInitial("  marc")).toBe("M");
    expect(avatarInitial("")).toBe("·");
  });
});
