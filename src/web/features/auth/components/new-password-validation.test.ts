// @vitest-environment node
import { describe, expect, it } from "vitest";
import { authMessages, PASSWORD_MAX } from "#contract/auth";
import { checkNewPassword } from "./new-password-validation.ts";

describe("reset password rules (spec §5: both required, match, minimum length)", () => {
  it("accepts two equal passwords long enough", () => {
    expect(checkNewPassword({ password: "nouveau-secret", confirmPassword: "nouveau-secret" }, 8)).toEqual({
      ok: true,
      missing: [],
      fields: {},
    });
  });

  it("requires both fields", () => {
    const result = checkNewPassword({ password: "", confirmPassword: "" }, 8);
    expect(result.ok).toBe(false);
    expect(result.missing).toEqual(["password", "confirmPassword"]);
  });

  it("refuses a short, an overlong or a mismatched password", () => {
    expect(checkNewPassword({ password: "abc", confirmPassword: "abc" }, 6).fields).toEqual({
      password: authMessages.passwordTooShort(6),
    });
    const long = "x".repeat(PASSWORD_MAX + 1);
    expect(checkNewPassword({ password: long, confirmPassword: long }, 6).fields.password).toBe(
      authMessages.passwordTooLong,
    );
    expect(checkNewPassword({ password: "abcdefgh", confirmPassword: "abcdefgX" }, 6).fields).toEqual({
      confirmPassword: authMessages.passwordsDontMatch,
    });
  });
});
