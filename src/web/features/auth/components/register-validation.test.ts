// @vitest-environment node
import { describe, expect, it } from "vitest";
import { authMessages } from "#contract/auth";
import { checkRegisterForm, pickRegisterFields, type RegisterValues } from "./register-validation.ts";

const valid: RegisterValues = {
  username: "cinephile",
  email: "cinephile@gmail.com",
  password: "bobine-2026!",
  confirmPassword: "bobine-2026!",
};
const check = (patch: Partial<RegisterValues>, min = 8) => checkRegisterForm({ ...valid, ...patch }, min);

describe("register form rules (spec §5, the contract's registerBody)", () => {
  it("passes a valid form and trims what the server trims", () => {
    const result = check({ username: "  cinephile ", email: " cinephile@gmail.com " });
    expect(result.fields).toEqual({});
    expect(result.missing).toEqual([]);
    expect(result.data).toMatchObject({ username: "cinephile", email: "cinephile@gmail.com" });
  });

  it("lists empty fields once instead of a message under each", () => {
    const result = check({ username: " ", password: "", confirmPassword: "" });
    expect(result.data).toBeNull();
    expect(result.missing).toEqual(["username", "password", "confirmPassword"]);
    expect(Object.values(result.fields)).not.toContain(authMessages.allFieldsRequired);
  });

  it("gives each broken rule its French message under its field", () => {
    expect(check({ password: "abc", confirmPassword: "abc" }).fields.password).toBe(
      authMessages.passwordTooShort(8),
    );
    expect(check({ password: "abcde", confirmPassword: "abcde" }, 6).fields.password).toBe(
      authMessages.passwordTooShort(6),
    );
    expect(check({ confirmPassword: "autre-chose" }).fields.confirmPassword).toBe(
      authMessages.passwordsDontMatch,
    );
    expect(check({ email: "pas-une-adresse" }).fields.email).toBe(authMessages.emailInvalid);
    expect(check({ email: "zoe@example.com" }).fields.email).toBe(authMessages.emailTestDomain);
    expect(check({ email: "zoe@googlemail.com" }).fields.email).toBe(authMessages.emailGooglemail);
    expect(check({ email: "zoe+films@gmail.com" }).fields.email).toBe(authMessages.emailGmailAlias);
    expect(check({ email: "z.o.e.f.i@gmail.com" }).fields.email).toBe(authMessages.emailGmailSuspicious);
    expect(check({ username: "x" }).fields.username).toBe(authMessages.usernameInvalid);
  });

  it("says the passwords differ even while another field is wrong", () => {
    const result = check({ email: "zoe@example.com", confirmPassword: "different" });
    expect(result.fields).toEqual({
      email: authMessages.emailTestDomain,
      confirmPassword: authMessages.passwordsDontMatch,
    });
  });

  it("keeps only the server's messages that belong to a field of the form", () => {
    expect(
      pickRegisterFields({ email: authMessages.emailTemporary, role: "interdit", username: "" }),
    ).toEqual({ email: authMessages.emailTemporary });
    expect(pickRegisterFields(undefined)).toEqual({});
  });
});
