import { describe, expect, it } from "vitest";
import { secretText, text, textMessages, tokenText } from "./text.ts";

describe("text", () => {
  const field = text({ max: 10, min: 1, required: "Requis." });

  it("normalises to NFC and trims", () => {
    expect(field.parse("  e\u0301te\u0301  ")).toBe("été");
  });

  it("refuses control characters, lone surrogates and too long texts with French messages", () => {
    expect(field.safeParse("a\u0000b").error?.issues[0]?.message).toBe(textMessages.controlCharacter);
    expect(field.safeParse("a\u0085b").error?.issues[0]?.message).toBe(textMessages.controlCharacter);
    expect(field.safeParse("a\nb").error?.issues[0]?.message).toBe(textMessages.controlCharacter);
    expect(field.safeParse("a\ud800b").error?.issues[0]?.message).toBe(textMessages.loneSurrogate);
    expect(field.safeParse("x".repeat(11)).error?.issues[0]?.message).toBe(textMessages.tooLong(10));
    expect(field.safeParse("   ").error?.issues[0]?.message).toBe("Requis.");
    expect(field.safeParse(undefined).error?.issues[0]?.message).toBe("Requis.");
    expect(text({ max: 5 }).safeParse(42).error?.issues[0]?.message).toBe(textMessages.notText);
  });

  it("keeps newlines and tabs in a multi-line text, and an emoji whole", () => {
    expect(text({ max: 20, multiline: true }).parse("Ligne 1\nLigne\t2")).toBe("Ligne 1\nLigne\t2");
    expect(field.parse("🎬")).toBe("🎬");
  });
});

describe("secretText", () => {
  const password = secretText({ max: 4, required: "Requis.", tooLong: "Trop long." });

  it("keeps a password exactly as typed, counting characters", () => {
    expect(password.parse(" e\u0301 ")).toBe(" e\u0301 ");
    expect(password.parse("🎬🎬🎬🎬")).toBe("🎬🎬🎬🎬");
    expect(password.safeParse("🎬🎬🎬🎬🎬").error?.issues[0]?.message).toBe("Trop long.");
  });

  it("refuses NUL and lone surrogates", () => {
    expect(password.safeParse("a\u0000").error?.issues[0]?.message).toBe(textMessages.controlCharacter);
    expect(password.safeParse("a\udc00").error?.issues[0]?.message).toBe(textMessages.loneSurrogate);
  });
});

describe("tokenText", () => {
  it("accepts printable ASCII only", () => {
    const token = tokenText({ max: 10, invalid: "Lien invalide." });
    expect(token.parse("abc.DEF-_")).toBe("abc.DEF-_");
    for (const bad of ["", "a b", "é", "a\u0000", "x".repeat(11)]) {
      expect(token.safeParse(bad).error?.issues[0]?.message).toBe("Lien invalide.");
    }
  });
});
