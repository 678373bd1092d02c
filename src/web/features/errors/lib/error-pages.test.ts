// @vitest-environment node
import { describe, expect, it } from "vitest";
import { errorPageText } from "#web/i18n/errors.ts";
import { errorPageBadges, resolveErrorPage } from "./error-pages.ts";

describe("resolveErrorPage (spec §8 error page codes)", () => {
  it.each([
    ["VIDEO_NOT_FOUND", "Contenu introuvable", "404"],
    ["ACCESS_DENIED", "Accès refusé", "403"],
    ["CONNECTION_TIMEOUT", "Connexion expirée", "408"],
    ["NETWORK_ERROR", "Problème de réseau", "NET"],
    ["RATE_LIMITED", "Trop de requêtes", "429"],
    ["TOO_MANY_STREAMS", "Limite de streams atteinte", "STREAM"],
    ["UNKNOWN_ERROR", "Erreur inattendue", "500"],
  ])("%s → '%s' with badge %s", (code, title, badge) => {
    const page = resolveErrorPage(code);
    expect(page).toMatchObject({ code, title, badge });
    expect(page.description.length).toBeGreaterThan(20);
  });

  it.each([["SOMETHING_ELSE"], ["video_not_found"], [""], ["toString"], ["__proto__"], [undefined]])(
    "treats %j as the unknown error",
    (code) => {
      expect(resolveErrorPage(code)).toEqual({
        code: "UNKNOWN_ERROR",
        badge: "500",
        ...errorPageText.codes.UNKNOWN_ERROR,
      });
    },
  );

  it("has a text for every badge and a badge for every text", () => {
    expect(Object.keys(errorPageBadges).sort()).toEqual(Object.keys(errorPageText.codes).sort());
  });

  it("offers the three suggestions of the spec", () => {
    expect(errorPageText.suggestions).toHaveLength(3);
    expect(errorPageText.suggestionsTitle).toBe("Que pouvez-vous faire\u00a0?");
  });
});
