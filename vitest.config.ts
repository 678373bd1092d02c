import { defineConfig } from "vitest/config";

// Every test that touches SQL runs on PGlite, and again on PostgreSQL when TEST_DATABASE_URL is set
// (ARCHITECTURE rule 7). E2E tests run with Playwright (npm run test:e2e), not here.
const sqlTests = [
  "tests/api/**/*.test.ts",
  "tests/db/**/*.test.ts",
  "tests/cli/**/*.test.ts",
  "src/db/**/*.test.ts",
];

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "pglite",
          include: [...sqlTests, "src/**/*.test.ts"],
          environment: "node",
          testTimeout: 30_000,
          hookTimeout: 60_000,
          env: { BOBINE_TEST_DB: "pglite" },
        },
      },
      ...(process.env.TEST_DATABASE_URL
        ? [
            {
              test: {
                name: "postgres",
                include: sqlTests,
                environment: "node" as const,
                testTimeout: 30_000,
                hookTimeout: 60_000,
                env: { BOBINE_TEST_DB: "postgres" },
              },
            },
          ]
        : []),
    ],
  },
});
