import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NOTIFICATION_STREAM, type NotificationsState } from "#contract/notifications";
import { openDatabase } from "#db/client";
import { buildApp } from "#server/app";
import * as service from "#server/notifications/notification.service";
import type { Config } from "#server/shared/config";
import { createTestDatabase, type TestDatabase, testConfig, testDbKind } from "../harness.ts";
import { signedIn } from "../support/members.ts";

/**
 * spec §2 notification bell: a notification sent by one server process reaches a member connected to another,
 * through PostgreSQL LISTEN/NOTIFY. Two applications, each with its own pool and listener, on one
 * database. PGlite is one process by design: this runs on PostgreSQL only.
 */
describe.skipIf(testDbKind !== "postgres")("notifications across two server processes", () => {
  let testDb: TestDatabase;
  let config: Config;
  let appA: FastifyInstance;
  let appB: FastifyInstance;
  let databaseB: Awaited<ReturnType<typeof openDatabase>>;

  beforeAll(async () => {
    testDb = await createTestDatabase();
    config = testConfig();
    appA = await buildApp({ config, database: testDb.database });
    databaseB = await openDatabase({ url: testDb.url, poolMax: 5 });
    appB = await buildApp({ config, database: databaseB });
    await appA.listen({ port: 0, host: "127.0.0.1" });
    await appB.ready();
  });
  afterAll(async () => {
    await appB?.close();
    await appA?.close();
    await testDb?.dispose();
    if (config) fs.rmSync(config.dataDir, { recursive: true, force: true });
  });

  it("delivers on app A's stream a notification sent through app B's service", async () => {
    const user = await signedIn({ app: appA, database: testDb.database, config });
    const port = (appA.server.address() as AddressInfo).port;

    const states: NotificationsState[] = [];
    let onState = () => {};
    const res = await new Promise<http.IncomingMessage>((resolve, reject) => {
      http
        .get(`http://127.0.0.1:${port}${NOTIFICATION_STREAM.path}`, {
          headers: { cookie: user.cookie },
        })
        .on("response", resolve)
        .on("error", reject);
    });
    expect(res.statusCode).toBe(200);
    let buffer = "";
    res.setEncoding("utf8");
    res.on("data", (chunk: string) => {
      buffer += chunk;
      const blocks = buffer.split("\n\n");
      buffer = blocks.pop() ?? "";
      for (const block of blocks) {
        const data = block.split("\n").find((l) => l.startsWith("data: "));
        if (data) states.push(JSON.parse(data.slice(6)));
      }
      onState();
    });
    const until = (match: (s: NotificationsState) => boolean) =>
      new Promise<NotificationsState>((resolve) => {
        const check = () => {
          const found = states.find(match);
          if (found) resolve(found);
        };
        onState = check;
        check();
      });

    expect(await until(() => true)).toEqual({ items: [], unread: 0 });

    // Sent through B's own database connections: only PostgreSQL's NOTIFY can tell A.
    await service.sendToUser(databaseB.db, user.id, { title: "D'un autre serveur", message: "Bonjour" });
    const received = await until((s) => s.unread === 1);
    expect(received.items[0]).toMatchObject({
      title: "D'un autre serveur",
      message: "Bonjour",
      isRead: false,
    });

    // And a send to every member, also from B.
    await service.sendToAll(databaseB.db, { title: "À tous", message: "Pour chacun" });
    expect((await until((s) => s.unread === 2)).items[0]?.title).toBe("À tous");
    res.destroy();
  });
});
