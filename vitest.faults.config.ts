import { defineConfig } from "vitest/config";

/**
 * The fault tier (`npm run test:faults`, issue 18): Bobine processes started as `npm start` runs
 * them, a PostgreSQL cluster of its own, crashes, outages, a frozen server, a full disk. Not part
 * of the unit tier (vitest.config.ts does not include tests/faults); each file cleans up its
 * processes and clusters in afterAll.
 */
export default defineConfig({
  test: {
    name: "faults",
    globalSetup: ["tests/global-setup.ts"],
    include: ["tests/faults/**/*.test.ts"],
    environment: "node",
    testTimeout: 180_000,
    hookTimeout: 120_000,
    // Processes and clusters are heavy: two files at a time at most.
    maxWorkers: 2,
    env: { BOBINE_TEST_DB: "faults" },
  },
});
