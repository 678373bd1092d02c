import fs from "node:fs";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TicketResponse } from "#contract/stream";
import { openDatabase } from "#db/client";
import { buildApp } from "#server/app";
import type { Config } from "#server/shared/config";
import { makeVideo } from "../factories/catalogue.ts";
import { demoVideoPath, newDeviceId, writeMedia } from "../factories/stream.ts";
import { createTestDatabase, type TestDatabase, testConfig, testDbKind } from "../harness.ts";
import { signedIn } from "../support/members.ts";

/**
 * SECURITY-CHECKLIST 24 across server processes: two applications, each with its own pool, memo
 * and listener, on one PostgreSQL database. Each trusts its last check of a ticket for 30 s here
 * (far above the waits below): what one process ends, the other must stop by being told.
 * PGlite is one process by design: this runs on PostgreSQL only.
 */
describe.skipIf(testDbKind !== "postgres")("the stream across two server processes", () => {
  let testDb: TestDatabase;
  let config: Config;
  let appA: FastifyInstance;
  let appB: FastifyInstance;
  let databaseB: Awaited<ReturnType<typeof openDatabase>>;
  let film: { id: string };

  beforeAll(async () => {
    testDb = await createTestDatabase();
    config = testConfig({ STREAM_RECHECK_SECONDS: "30" });
    appA = await buildApp({ config, database: testDb.database });
    databaseB = await openDatabase({ url: testDb.url, poolMax: 5 });
    appB = await buildApp({ config, database: databaseB });
    await appA.ready();
    await appB.ready();
    const media = writeMedia(config, "videos", "two.mp4", fs.readFileSync(demoVideoPath));
    film = await makeVideo(testDb.database.db, { videoUrl: media });
  });
  afterAll(async () => {
    await appB?.close();
    await appA?.close();
    await testDb?.dispose();
    if (config) fs.rmSync(config.dataDir, { recursive: true, force: true });
  });

  const member = (plan: "basic_monthly" | "premium_monthly") =>
    signedIn({ app: appA, database: testDb.database, config }, { plan });
  async function ticket(app: FastifyInstance, cookie: string): Promise<TicketResponse> {
    const res = await app.inject({
      method: "POST",
      url: `/api/videos/${film.id}/ticket`,
      headers: { cookie },
      payload: { deviceId: newDeviceId() },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as TicketResponse;
  }
  const browser = { ip: "198.51.100.20", agent: "Mozilla/5.0 (X11; Linux x86_64) Firefox/150" };
  const bytes = async (app: FastifyInstance, tk: TicketResponse, from = browser) =>
    (
      await app.inject({
        method: "GET",
        url: tk.url,
        remoteAddress: from.ip,
        headers: { range: "bytes=0-0", "user-agent": from.agent },
      })
    ).statusCode;
  const within = { timeout: 10_000, interval: 100 };

  it("stops on process B the bytes of a lease released through process A", async () => {
    const viewer = await member("basic_monthly");
    const tk = await ticket(appA, viewer.cookie);
    expect(await bytes(appB, tk)).toBe(206);
    const del = await appA.inject({
      method: "DELETE",
      url: `/api/stream/leases/${tk.leaseId}`,
      headers: { cookie: viewer.cookie },
    });
    expect(del.statusCode).toBe(204);
    await expect.poll(() => bytes(appB, tk), within).toBe(401);
    expect(await bytes(appA, tk)).toBe(401);
  });

  it("stops on process A the bytes of a session signed out through process B", async () => {
    const viewer = await member("premium_monthly");
    const tk = await ticket(appB, viewer.cookie);
    expect(await bytes(appA, tk)).toBe(206);
    const out = await appB.inject({
      method: "POST",
      url: "/api/auth/logout",
      headers: { cookie: viewer.cookie },
      payload: {},
    });
    expect(out.statusCode).toBe(200);
    await expect.poll(() => bytes(appA, tk), within).toBe(401);
  });

  it("lets one client own a ticket whichever process each client reaches", async () => {
    const viewer = await member("premium_monthly");
    const tk = await ticket(appA, viewer.cookie);
    expect(await bytes(appA, tk)).toBe(206);
    expect(await bytes(appB, tk, { ...browser, ip: "192.0.2.50" })).toBe(409);
    expect(await bytes(appB, tk)).toBe(206);
    // A new ticket for another device of the same plan is refused by either process once full.
    await ticket(appB, viewer.cookie);
    await ticket(appA, viewer.cookie);
    const refused = await appB.inject({
      method: "POST",
      url: `/api/videos/${film.id}/ticket`,
      headers: { cookie: viewer.cookie },
      payload: { deviceId: newDeviceId() },
    });
    expect(refused.json().code).toBe("TOO_MANY_STREAMS");
  });
});
