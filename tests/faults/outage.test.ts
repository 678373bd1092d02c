import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { errorCatalogue } from "#server/shared/errors";
import {
  ADMIN,
  adminEnv,
  type Bobine,
  call,
  dataDir,
  eventually,
  removeDataDirs,
  signIn,
  startBobine,
} from "./bobine.ts";
import { type Cluster, clusterUnavailable, startCluster } from "./cluster.ts";

/**
 * PostgreSQL stopped, then frozen (every process SIGSTOPped: the sockets accept, nothing answers):
 * a request waits at most DATABASE_TIMEOUT_SECONDS and gets the French 503, health answers within
 * a second, and the same process serves again once the database is back, without a restart.
 */
const BOUND_SECONDS = 2;
/** Generous: the bound, plus a second for health, plus the machine's slowness. Not a timing assertion. */
const WITHIN_MS = (BOUND_SECONDS + 6) * 1000;

const unavailable = clusterUnavailable();
if (unavailable) console.warn(`fault tier: outage tests skipped: ${unavailable}`);

describe.skipIf(unavailable !== undefined)("when PostgreSQL stops or freezes under a running Bobine", () => {
  let cluster: Cluster;
  let bobine: Bobine;
  let cookie: string;
  let userId: string;
  beforeAll(async () => {
    cluster = await startCluster();
    const url = await cluster.createDatabase("outage");
    bobine = await startBobine({
      DATABASE_URL: url,
      DATA_DIR: await dataDir(),
      DATABASE_TIMEOUT_SECONDS: String(BOUND_SECONDS),
      ...adminEnv,
    });
    cookie = await signIn(bobine.origin, ADMIN.username, ADMIN.password);
    const me = await call(bobine.origin, "/api/auth/session", { cookie });
    userId = (me.body.user as { id: string }).id;
  });
  afterAll(async () => {
    await bobine?.kill();
    cluster?.destroy();
    removeDataDirs();
  });

  const write = () =>
    call(bobine.origin, "/api/admin/notifications", {
      method: "POST",
      cookie,
      body: { title: "Panne", message: "Pendant la panne", userId },
      ms: WITHIN_MS,
    });
  const expectUnavailable = async () => {
    const res = await write();
    expect(res.status, JSON.stringify(res.body)).toBe(503);
    expect(res.body).toMatchObject({
      code: "SERVICE_UNAVAILABLE",
      message: errorCatalogue.SERVICE_UNAVAILABLE.message,
      requestId: expect.any(String),
    });
    const health = await call(bobine.origin, "/api/health", { ms: 3000 });
    expect(health.status).toBe(503);
    const live = await call(bobine.origin, "/api/health/live", { ms: 3000 });
    expect(live.status).toBe(200);
    const ready = await call(bobine.origin, "/api/health/ready", { ms: WITHIN_MS });
    expect(ready.status).toBe(503);
    expect(ready.body).toMatchObject({ status: "not-ready", checks: { database: false } });
  };
  const expectRecovered = () =>
    eventually(async () => (await write()).status === 201, 60_000, "writes accepted again");

  it("answers the French 503 while PostgreSQL is stopped, and serves again once it is back", async () => {
    expect((await write()).status).toBe(201);
    cluster.stop();
    try {
      await expectUnavailable();
    } finally {
      cluster.start();
    }
    await expectRecovered();
  });

  it("answers the French 503 within the bound while PostgreSQL is frozen, and serves again after it thaws", async () => {
    expect((await write()).status).toBe(201);
    cluster.freeze();
    try {
      await expectUnavailable();
      // Still frozen: a second wave is bounded too (no connection stays stuck in the pool).
      await expectUnavailable();
    } finally {
      cluster.thaw();
    }
    await expectRecovered();
    const health = await call(bobine.origin, "/api/health", { ms: 3000 });
    expect(health.status).toBe(200);
  });
});
