import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { authMessages } from "#contract/auth";
import { endpoint } from "#contract/endpoint";
import { errorCatalogue } from "#server/shared/errors";
import { route } from "#server/shared/route";
import { createTestApp, type TestApp } from "../harness.ts";
import { signedIn } from "../support/members.ts";

/** What a full disk raises: PostgreSQL's SQLSTATE 53100, or the system's ENOSPC (the outbox, uploads). */
const diskFullErrors = {
  "/api/__disk-full-sql": () => Object.assign(new Error("could not extend file"), { code: "53100" }),
  "/api/__disk-full-fs": () =>
    Object.assign(new Error("ENOSPC: no space left on device, write"), { code: "ENOSPC", errno: -28 }),
};

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    beforeReady(app, database) {
      for (const [path, error] of Object.entries(diskFullErrors)) {
        route(
          app,
          database,
          endpoint({
            method: "POST",
            path,
            summary: "probe",
            tags: ["test"],
            access: "public",
            response: z.object({ ok: z.boolean() }),
          }),
          async () => {
            throw new Error("write failed", { cause: error() });
          },
        );
      }
    },
  });
});
afterAll(async () => {
  await t.close();
});

describe("alive and ready", () => {
  it("says alive without asking anything, and ready when the database takes a write, the disk has room and mail can leave", async () => {
    const live = await t.app.inject({ method: "GET", url: "/api/health/live" });
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ status: "ok" });
    const ready = await t.app.inject({ method: "GET", url: "/api/health/ready" });
    expect(ready.statusCode, ready.body).toBe(200);
    expect(ready.json()).toEqual({ status: "ready", checks: { database: true, disk: true, outbox: true } });
  });

  it("is not ready below READY_MIN_FREE_DISK_MB of free space in DATA_DIR", async () => {
    const before = t.config.faults.minFreeDiskBytes;
    // More than any disk holds: as if the disk were full.
    t.config.faults.minFreeDiskBytes = Number.MAX_SAFE_INTEGER;
    try {
      const ready = await t.app.inject({ method: "GET", url: "/api/health/ready" });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toMatchObject({ status: "not-ready", checks: { disk: false, database: true } });
    } finally {
      t.config.faults.minFreeDiskBytes = before;
    }
  });
});

describe("a full disk", () => {
  it("answers a write that finds no space with the French 503, not a 500", async () => {
    for (const url of Object.keys(diskFullErrors)) {
      const res = await t.app.inject({ method: "POST", url, payload: {} });
      expect(res.statusCode, url).toBe(503);
      expect(res.json()).toMatchObject({
        code: "SERVICE_UNAVAILABLE",
        message: errorCatalogue.SERVICE_UNAVAILABLE.message,
      });
    }
  });

  it("says a mail cannot leave when the outbox takes no file, for a known and an unknown address alike, and is not ready", async () => {
    const member = await signedIn(t);
    // The outbox folder cannot be made: a file stands in its place.
    fs.rmSync(t.config.outboxDir, { recursive: true, force: true });
    fs.writeFileSync(t.config.outboxDir, "");
    try {
      for (const email of [member.email, "personne@orange.fr"]) {
        const res = await t.app.inject({
          method: "POST",
          url: "/api/auth/password/forgot",
          payload: { email },
        });
        expect(res.statusCode, email).toBe(503);
        expect(res.json()).toMatchObject({
          code: "SERVICE_UNAVAILABLE",
          message: authMessages.mailUnavailable,
        });
      }
      const ready = await t.app.inject({ method: "GET", url: "/api/health/ready" });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toMatchObject({ status: "not-ready", checks: { outbox: false } });
    } finally {
      fs.rmSync(t.config.outboxDir, { force: true });
    }
    const res = await t.app.inject({
      method: "POST",
      url: "/api/auth/password/forgot",
      payload: { email: member.email },
    });
    expect(res.statusCode).toBe(200);
    // Written whole under its final name, nothing temporary left behind.
    await expect
      .poll(() => fs.readdirSync(t.config.outboxDir).filter((n) => n.endsWith(".eml")).length)
      .toBe(1);
    expect(fs.readdirSync(t.config.outboxDir).filter((n) => !n.endsWith(".eml"))).toEqual([]);
    const eml = fs.readdirSync(t.config.outboxDir).map((n) => path.join(t.config.outboxDir, n))[0] as string;
    expect(fs.statSync(eml).size).toBeGreaterThan(0);
  });
});
