import os from "node:os";
import { defineConfig } from "vitest/config";
// BOBINE_TEST_TIME_SCALE: more time per test and hook in a tier run beside another (CI).
import { timeScale } from "./tests/support/time-scale.ts";

// Every test that touches SQL runs on PGlite, and again on PostgreSQL when TEST_DATABASE_URL is set
// (ARCHITECTURE rule 7). E2E tests run with Playwright (npm run test:e2e), not here.
// The test files of a project share their worker's modules instead of each starting a fresh process
// that imports the whole server and compiles PGlite again (decision 067): the tier takes less than
// half the time. Each file still builds its own application on its own database.
const isolate = false;
// `expect.poll` waits 1 s by default: too short for a mail or a job on a loaded machine (a receipt
// missed it on CI's Node 22.22 tier, beside the e2e tier); scaled like the timeouts.
const expect = { poll: { timeout: 5_000 * timeScale } };
const sqlTests = [
  "tests/api/**/*.test.ts",
  "tests/db/**/*.test.ts",
  "tests/cli/**/*.test.ts",
  "src/db/**/*.test.ts",
];

export default defineConfig({
  test: {
    globalSetup: ["tests/global-setup.ts"],
    // Cheaper password hashes inside the test runner only (src/server/shared/password.ts).
    env: { BOBINE_TEST_SCRYPT_N: String(2 ** 12) },
    // Vitest's default (cores − 1) leaves one worker on a 2-core machine while most test files wait
    // on a database: two keep both cores busy. BOBINE_TEST_WORKERS overrides (CI's parallel tiers).
    maxWorkers: Number(process.env.BOBINE_TEST_WORKERS) || Math.max(2, os.availableParallelism() - 1),
    projects: [
      {
        test: {
          name: "pglite",
          include: [
            ...sqlTests,
            "src/**/*.test.ts",
            "tests/architecture/**/*.test.ts",
            "tests/runtime/**/*.test.ts",
          ],
          environment: "node",
          isolate,
          expect,
          testTimeout: 30_000 * timeScale,
          hookTimeout: 60_000 * timeScale,
          env: { BOBINE_TEST_DB: "pglite" },
        },
      },
      {
        // Components and hooks of the web app, rendered in happy-dom (no database).
        test: {
          name: "web-dom",
          include: ["src/web/**/*.test.tsx"],
          environment: "happy-dom",
          isolate,
          expect,
          testTimeout: 30_000 * timeScale,
        },
      },
      ...(process.env.TEST_DATABASE_URL
        ? [
            {
              test: {
                name: "postgres",
                include: sqlTests,
                environment: "node" as const,
                isolate,
                expect,
                testTimeout: 30_000 * timeScale,
                hookTimeout: 60_000 * timeScale,
                env: { BOBINE_TEST_DB: "postgres" },
              },
            },
          ]
        : []),
    ],
  },
});
