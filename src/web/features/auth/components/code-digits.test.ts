// @vitest-environment node
import { describe, expect, it } from "vitest";
import {
  applyCodeBackspace,
  applyCodeInput,
  CODE_LENGTH,
  codeFocusForKey,
  codeValue,
  emptyCode,
  isCodeComplete,
} from "./code-digits.ts";

const code = (text: string) => Array.from({ length: CODE_LENGTH }, (_, i) => text[i]?.trim() ?? "");

describe("six-digit code boxes (spec §2 Register, §5 code format)", () => {
  it("starts empty and is complete only with six digits", () => {
    expect(emptyCode()).toEqual(["", "", "", "", "", ""]);
    expect(isCodeComplete(code("12345"))).toBe(false);
    expect(isCodeComplete(code("123456"))).toBe(true);
    expect(codeValue(code("123456"))).toBe("123456");
  });

  it("typing a digit fills the box and moves on", () => {
    expect(applyCodeInput(emptyCode(), 0, "4")).toEqual({ code: code("4"), focus: 1 });
    expect(applyCodeInput(code("12"), 2, "3")).toEqual({ code: code("123"), focus: 3 });
  });

  it("stays on the last box once it is filled", () => {
    expect(applyCodeInput(code("12345"), 5, "6")).toEqual({ code: code("123456"), focus: 5 });
  });

  it("ignores anything but digits", () => {
    expect(applyCodeInput(emptyCode(), 0, "a")).toEqual({ code: emptyCode(), focus: 0 });
    expect(applyCodeInput(code("1"), 0, "")).toEqual({ code: emptyCode(), focus: 0 });
  });

  it("keeps the new digit when one is typed next to the old one", () => {
    expect(applyCodeInput(code("1"), 0, "17").code).toEqual(code("7"));
    expect(applyCodeInput(code("1"), 0, "71").code).toEqual(code("7"));
  });

  it("a pasted six-digit code fills every box, from whichever box it is pasted in", () => {
    expect(applyCodeInput(emptyCode(), 3, "987654")).toEqual({ code: code("987654"), focus: 5 });
    expect(applyCodeInput(emptyCode(), 0, " 98 76-54 ")).toEqual({ code: code("987654"), focus: 5 });
    expect(applyCodeInput(emptyCode(), 0, "12345678").code).toEqual(code("123456"));
  });

  it("a shorter paste fills from the box onwards", () => {
    expect(applyCodeInput(code("1"), 1, "234")).toEqual({ code: code("1234"), focus: 4 });
  });

  it("Backspace clears the box, or on an empty box goes back and clears the one before", () => {
    expect(applyCodeBackspace(code("123"), 2)).toEqual({ code: code("12"), focus: 2 });
    expect(applyCodeBackspace(code("12"), 2)).toEqual({ code: code("1"), focus: 1 });
    expect(applyCodeBackspace(emptyCode(), 0)).toEqual({ code: emptyCode(), focus: 0 });
  });

  it("arrows, Home and End move between the boxes without leaving them", () => {
    expect(codeFocusForKey("ArrowLeft", 3)).toBe(2);
    expect(codeFocusForKey("ArrowLeft", 0)).toBe(0);
    expect(codeFocusForKey("ArrowRight", 4)).toBe(5);
    expect(codeFocusForKey("ArrowRight", 5)).toBe(5);
    expect(codeFocusForKey("Home", 4)).toBe(0);
    expect(codeFocusForKey("End", 1)).toBe(5);
    expect(codeFocusForKey("a", 1)).toBeNull();
  });
});
