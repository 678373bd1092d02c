import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { errorCatalogue } from "#server/shared/errors";
import { createTestApp, type TestApp, testDbKind } from "../harness.ts";

// Only a database server can go away under a running app; the embedded one lives in the process.
describe.skipIf(testDbKind !== "postgres")("when PostgreSQL goes away", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it("answers a French 503 with a request id, no SQL, and health says degraded", async () => {
    const ok = await t.app.inject({ method: "GET", url: "/api/videos" });
    expect(ok.statusCode).toBe(200);
    // Kill every connection of this test database from another session, then make new ones fail.
    const url = new URL(process.env.TEST_DATABASE_URL as string);
    const dbName = (await t.database.db.execute("select current_database() as name")) as unknown as {
      rows: { name: string }[];
    };
    const admin = new pg.Client({ connectionString: url.toString() });
    await admin.connect();
    await admin.query(`alter database ${dbName.rows[0]?.name} allow_connections false`);
    await admin.query(
      "select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()",
      [dbName.rows[0]?.name],
    );
    try {
      // A filtered list: never a prepared answer (decision 030), so it must ask the database.
      const res = await t.app.inject({ method: "GET", url: "/api/videos?yearMin=1990" });
      expect(res.statusCode, res.body).toBe(503);
      expect(res.headers["retry-after"]).toMatch(/^[1-9]\d*$/);
      expect(res.json()).toMatchObject({
        code: "SERVICE_UNAVAILABLE",
        message: errorCatalogue.SERVICE_UNAVAILABLE.message,
        requestId: expect.any(String),
      });
      expect(res.body).not.toMatch(/select|videos"|pg_/i);
      const health = await t.app.inject({ method: "GET", url: "/api/health" });
      expect(health.statusCode).toBe(503);
      expect(health.json()).toMatchObject({ status: "degraded", databaseOk: false });
    } finally {
      await admin.query(`alter database ${dbName.rows[0]?.name} allow_connections true`);
      await admin.end();
    }
  });
});
