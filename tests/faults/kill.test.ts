import { afterAll, describe, expect, it } from "vitest";
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
 * kill -9 of Bobine while it acknowledges writes: every write it answered 201 to is there after a
 * restart, on both databases. The writes are notifications an administrator sends to itself, so
 * that their count is read back through the API.
 */
async function writesSurviveAKill(env: Record<string, string>) {
  const processes: Bobine[] = [];
  try {
    const first = await startBobine({ ...env, ...adminEnv });
    processes.push(first);
    const cookie = await signIn(first.origin, ADMIN.username, ADMIN.password);
    const me = await call(first.origin, "/api/auth/session", { cookie });
    const userId = (me.body.user as { id: string }).id;
    // What the account had before the writes (its welcome notification, migration 0011).
    const before = await call(first.origin, "/api/notifications?limit=1", { cookie });
    expect(before.status).toBe(200);
    const already = Number(before.body.unread);

    let acknowledged = 0;
    let sent = 0;
    let crashed = false;
    const writer = async () => {
      while (!crashed) {
        sent++;
        try {
          const res = await call(first.origin, "/api/admin/notifications", {
            method: "POST",
            cookie,
            body: { title: `Écriture ${sent}`, message: "Tenue à la panne", userId },
            ms: 10_000,
          });
          if (res.status === 201) acknowledged++;
          else throw new Error(`write answered ${res.status}: ${JSON.stringify(res.body)}`);
        } catch (err) {
          if (!crashed) throw err;
        }
      }
    };
    const writers = [writer(), writer(), writer(), writer()];
    await eventually(async () => acknowledged >= 40, 60_000, "40 acknowledged writes");
    crashed = true;
    await first.kill();
    await Promise.all(writers);

    const again = await startBobine(env);
    processes.push(again);
    const cookieAgain = await signIn(again.origin, ADMIN.username, ADMIN.password);
    const list = await call(again.origin, "/api/notifications?limit=1", { cookie: cookieAgain });
    expect(list.status).toBe(200);
    const written = Number(list.body.unread) - already;
    expect(written).toBeGreaterThanOrEqual(acknowledged);
    // `sent` counts every write asked for, answered or cut by the kill: none is written twice.
    expect(written).toBeLessThanOrEqual(sent);
  } finally {
    for (const p of processes) await p.kill();
  }
}

const unavailable = clusterUnavailable();
if (unavailable) console.warn(`fault tier: PostgreSQL part skipped: ${unavailable}`);

describe("kill -9 during acknowledged writes", () => {
  let cluster: Cluster | undefined;
  afterAll(() => {
    cluster?.destroy();
    removeDataDirs();
  });

  it("loses no acknowledged write on the embedded database", async () => {
    await writesSurviveAKill({ DATA_DIR: await dataDir({ pglite: true }) });
  });

  it.skipIf(unavailable !== undefined)("loses no acknowledged write on PostgreSQL", async () => {
    cluster = await startCluster();
    const url = await cluster.createDatabase("kill_writes");
    await writesSurviveAKill({ DATABASE_URL: url, DATA_DIR: await dataDir() });
  });
});
