import { describe, expect, it } from "vitest";
import { authMessages } from "#contract/auth";
import { ApiRequestError } from "#web/lib/api.ts";
import { verifyErrorMessage } from "./verification-step.tsx";

const err = (init: Partial<ConstructorParameters<typeof ApiRequestError>[0]>) =>
  new ApiRequestError({
    code: "VALIDATION_ERROR",
    message: "x",
    status: 400,
    ...init,
  } as ConstructorParameters<typeof ApiRequestError>[0]);

describe("verifyErrorMessage", () => {
  it("says the code is invalid or expired for a refused code", () => {
    expect(verifyErrorMessage(err({ fields: { code: authMessages.codeInvalid } }))).toBe(
      authMessages.codeInvalid,
    );
  });
  it("says the username is taken when someone verified that name first", () => {
    expect(verifyErrorMessage(err({ fields: { username: authMessages.usernameTaken } }))).toBe(
      authMessages.usernameTaken,
    );
  });
  it("passes on the server's message for a rate limit or a server fault", () => {
    expect(verifyErrorMessage(err({ code: "RATE_LIMITED", status: 429, message: "Trop de requêtes" }))).toBe(
      "Trop de requêtes",
    );
    expect(
      verifyErrorMessage(err({ code: "INTERNAL_ERROR", status: 500, message: "Une erreur est survenue." })),
    ).toBe("Une erreur est survenue.");
  });
});
