import { describe, expect, it } from "vitest";
import { isProtectedAccount } from "./accounts.ts";

describe("isProtectedAccount", () => {
  const list = ["fondateur", "support@bobine.example"];
  it("matches a protected username or e-mail whatever its case", () => {
    expect(isProtectedAccount(list, { username: "Fondateur", email: "x@orange.fr" })).toBe(true);
    expect(isProtectedAccount(list, { username: "autre", email: "SUPPORT@bobine.example" })).toBe(true);
  });
  it("leaves every other account unprotected", () => {
    expect(isProtectedAccount(list, { username: "fondateur2", email: "fondateur@orange.fr" })).toBe(false);
    expect(isProtectedAccount([], { username: "fondateur", email: "x@orange.fr" })).toBe(false);
  });
});
