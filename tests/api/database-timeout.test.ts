import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { errorCatalogue } from "#server/shared/errors";
import { scaled } from "#tests/support/time-scale";
import { createTestApp, type TestApp, testDbKind } from "../harness.ts";
import { signedIn } from "../support/members.ts";

// A query stuck behind another session's lock: the database answers nothing for as long as the
// lock is held. (A frozen server is the fault tier's: tests/faults/outage.test.ts.)
describe.skipIf(testDbKind !== "postgres")("when the database does not answer", () => {
  let t: TestApp;
  beforeAll(async () => {
    // The harness opens the database with the default bound (DATABASE_TIMEOUT_SECONDS, 5 s).
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it(
    "gives up after the database bound with the French 503, and health still answers",
    async () => {
      const member = await signedIn(t);
      const url = (await t.database.db.execute("select current_database() as name")) as unknown as {
        rows: { name: string }[];
      };
      const target = new URL(process.env.TEST_DATABASE_URL as string);
      target.pathname = `/${url.rows[0]?.name}`;
      const holder = new pg.Client({ connectionString: target.toString() });
      await holder.connect();
      try {
        await holder.query("begin");
        await holder.query("lock table favorites in access exclusive mode");
        // Generous bound for the test itself (not a timing assertion): without the database bound
        // this request would wait for the lock for ever and the test would time out.
        const res = await member.call("GET", "/api/favorites");
        expect(res.statusCode, res.body).toBe(503);
        expect(res.headers["retry-after"]).toMatch(/^[1-9]\d*$/);
        expect(res.json()).toMatchObject({
          code: "SERVICE_UNAVAILABLE",
          message: errorCatalogue.SERVICE_UNAVAILABLE.message,
        });
        const health = await t.app.inject({ method: "GET", url: "/api/health" });
        expect(health.statusCode).toBe(200);
      } finally {
        await holder.query("rollback").catch(() => {});
        await holder.end();
      }
      const after = await member.call("GET", "/api/favorites");
      expect(after.statusCode).toBe(200);
    },
    scaled(20_000),
  );
});
