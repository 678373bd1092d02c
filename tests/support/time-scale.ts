/**
 * A tier run at the lowest priority beside another (CI's Node 22.22 and 26 tiers, beside the e2e
 * tier: .ci/run) gets this many times the time per test and hook: its tests are right, its CPU is
 * not its own. vitest.config.ts scales the default timeouts with it; a test that sets its own
 * timeout scales it with `scaled`.
 */
export const timeScale = Number(process.env.BOBINE_TEST_TIME_SCALE) || 1;

/** A test's own timeout, scaled for a tier that runs beside another. */
export const scaled = (ms: number) => ms * timeScale;
