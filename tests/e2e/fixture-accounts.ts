/**
 * The e2e web server's own administrator (architecture rule 6: tests do not depend on the demo
 * accounts). playwright.config.ts creates it next to the demo catalogue and passes it as ADMIN_*.
 */
export const FIXTURE_ADMIN = {
  username: "fixture-admin",
  email: "fixture.admin@orange.fr",
  password: "Projecteur-Argentique-2026",
} as const;

/** The operator's wallet of the e2e web server (CRYPTO_WALLET_ADDRESS; decision 051). */
export const E2E_WALLET = "bc1qe2e0bobine0wallet0for0crypto0payments";
