import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { waitForOutput } from "../cli/run-script.ts";
import {
  adminEnv,
  type Bobine,
  call,
  dataDir,
  handle,
  launchBobine,
  readyBobine,
  removeDataDirs,
  startBobine,
} from "./bobine.ts";
import { type Cluster, clusterUnavailable, startCluster } from "./cluster.ts";

/**
 * Three processes started at once on one empty PostgreSQL (a deployment scaled to three, or
 * restarted all together): every one comes up and is healthy, with the demo seed and with ADMIN_*.
 * And a process started before its database waits for it.
 */
const unavailable = clusterUnavailable();
if (unavailable) console.warn(`fault tier: start-up tests skipped: ${unavailable}`);

describe.skipIf(unavailable !== undefined)("processes starting together on an empty database", () => {
  let cluster: Cluster;
  const running: Bobine[] = [];
  beforeAll(async () => {
    cluster = await startCluster();
  });
  afterAll(async () => {
    for (const p of running) await p.kill();
    cluster?.destroy();
    removeDataDirs();
  });

  async function threeTogether(name: string, env: Record<string, string>) {
    const url = await cluster.createDatabase(name);
    const starts = await Promise.allSettled(
      [0, 1, 2].map(async () => startBobine({ DATABASE_URL: url, DATA_DIR: await dataDir(), ...env })),
    );
    for (const s of starts) if (s.status === "fulfilled") running.push(s.value);
    expect(starts.map((s) => (s.status === "rejected" ? String(s.reason) : "up"))).toEqual([
      "up",
      "up",
      "up",
    ]);
    for (const s of starts as PromiseFulfilledResult<Bobine>[]) {
      const health = await call(s.value.origin, "/api/health/ready");
      expect(health.status, JSON.stringify(health.body)).toBe(200);
    }
    for (const p of running.splice(0)) await p.stop();
  }

  it("all come up with SEED_DEMO=true", async () => {
    await threeTogether("together_seed", { SEED_DEMO: "true" });
  });

  it("all come up with ADMIN_EMAIL, ADMIN_USERNAME and ADMIN_PASSWORD", async () => {
    await threeTogether("together_admin", adminEnv);
  });

  it("waits for a database that is not up yet, saying so in French, then comes up", async () => {
    const url = await cluster.createDatabase("waits");
    cluster.stop();
    const launched = launchBobine({
      DATABASE_URL: url,
      DATA_DIR: await dataDir(),
      DATABASE_START_TIMEOUT_SECONDS: "90",
    });
    running.push(handle(launched));
    try {
      await waitForOutput(launched, "Base de données injoignable (tentative 2", 60_000);
    } finally {
      cluster.start();
    }
    const bobine = await readyBobine(launched);
    expect((await call(bobine.origin, "/api/health")).status).toBe(200);
  });
});
