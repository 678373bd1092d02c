import http from "node:http";
import type { AddressInfo } from "node:net";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NOTIFICATION_STREAM, type NotificationsState, notificationMessages } from "#contract/notifications";
import { favorites, notifications } from "#db/schema/activity";
import { accounts } from "#db/schema/auth";
import { episodes } from "#db/schema/catalogue";
import { mediaAssets } from "#db/schema/media";
import * as service from "#server/notifications/notification.service";
import { errorCatalogue } from "#server/shared/errors";
import { NOTIFICATION_STREAMS_PER_MEMBER as MAX_STREAMS_PER_MEMBER } from "#server/shared/rate-limits";
import { makeEpisode, makeVideo } from "../factories/catalogue.ts";
import { createTestApp, type TestApp } from "../harness.ts";
import { type Method, signedIn } from "../support/members.ts";

let t: TestApp;
let baseUrl: string;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await t.close();
});

/** A signed-in member or administrator (tests/support/members.ts). */
const member = (role: "membre" | "admin" = "membre") => signedIn(t, { role });

const note = (n: number | string) => ({ title: `Titre ${n}`, message: `Message ${n}` });
const unknownId = "00000000-0000-4000-8000-000000000000";

async function list(m: Awaited<ReturnType<typeof member>>, query = "") {
  const res = await m.call("GET", `/api/notifications${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as NotificationsState;
}

describe("access", () => {
  it("answers 401 'Authentification requise' to a visitor on every member endpoint, the stream included", async () => {
    const calls: [Method, string][] = [
      ["GET", "/api/notifications"],
      ["POST", `/api/notifications/${unknownId}/read`],
      ["POST", "/api/notifications/read-all"],
      ["GET", NOTIFICATION_STREAM.path],
    ];
    for (const [method, url] of calls) {
      const res = await t.app.inject({ method, url });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(res.json()).toMatchObject({
        code: "UNAUTHENTICATED",
        message: errorCatalogue.UNAUTHENTICATED.message,
      });
    }
  });

  it("lets only administrators send: a member gets 403 'Accès refusé' and nothing is sent", async () => {
    const m = await member();
    const res = await m.call("POST", "/api/admin/notifications", { ...note("x"), userId: m.id });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      code: "ACCESS_DENIED",
      message: errorCatalogue.ACCESS_DENIED.message,
    });
    expect((await list(m)).items).toEqual([]);
  });

  it("never shows, reads or counts another member's notifications (their read answers 404)", async () => {
    const alice = await member();
    const bob = await member();
    const mine = await service.sendToUser(t.database.db, alice.id, note("alice"));
    await service.sendToUser(t.database.db, bob.id, note("bob"));

    const bobs = await list(bob);
    expect(bobs.items.map((n) => n.title)).toEqual(["Titre bob"]);
    expect(bobs.unread).toBe(1);

    const res = await bob.call("POST", `/api/notifications/${mine.id}/read`);
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe("NOT_FOUND");
    await bob.call("POST", "/api/notifications/read-all");
    expect(await list(alice)).toMatchObject({
      unread: 1,
      items: [{ id: mine.id, isRead: false, readAt: null }],
    });
  });
});

describe("reading", () => {
  it("lists newest first, 10 by default, `limit` more or fewer, with the unread count of all", async () => {
    const m = await member();
    for (let i = 1; i <= 12; i++) {
      await service.sendToUser(t.database.db, m.id, note(i));
    }

    const first = await list(m);
    expect(first.items).toHaveLength(10);
    expect(first.items[0]?.title).toBe("Titre 12");
    expect(first.items[9]?.title).toBe("Titre 3");
    expect(first.unread).toBe(12);
    const dates = first.items.map((n) => Date.parse(n.createdAt));
    expect(dates).toEqual([...dates].sort((a, b) => b - a));

    expect((await list(m, "?limit=8")).items).toHaveLength(8);
    expect((await list(m, "?limit=50")).items).toHaveLength(12);
    const bad = await m.call("GET", "/api/notifications?limit=0");
    expect(bad.statusCode).toBe(400);
  });

  it("lists notifications of the same instant last sent first, for the member and in the admin's group", async () => {
    const m = await member();
    const instant = new Date("2026-11-27T10:00:00.000Z");
    // Five rows with one date, as one transaction (or one microsecond) would give them.
    for (const i of [1, 2, 3, 4, 5]) {
      await t.database.db.insert(notifications).values({ userId: m.id, createdAt: instant, ...note(i) });
    }
    const sentOrder = ["Titre 5", "Titre 4", "Titre 3", "Titre 2", "Titre 1"];

    expect((await list(m)).items.map((n) => n.title)).toEqual(sentOrder);
    const admin = await member("admin");
    const groups = await admin.call("GET", `/api/admin/notifications?q=${encodeURIComponent(m.username)}`);
    expect(groups.statusCode, groups.body).toBe(200);
    const group = groups.json().groups.find((g: { userId: string }) => g.userId === m.id);
    expect(group.items.map((n: { title: string }) => n.title)).toEqual(
      sentOrder.slice(0, group.items.length),
    );
  });

  it("marks one read with read_at; again changes nothing and the count never goes below 0", async () => {
    const m = await member();
    const sent = await service.sendToUser(t.database.db, m.id, note("lue"));

    const first = await m.call("POST", `/api/notifications/${sent.id}/read`);
    expect(first.statusCode, first.body).toBe(200);
    const body = first.json();
    expect(body.unread).toBe(0);
    expect(body.item).toMatchObject({ id: sent.id, isRead: true });
    expect(body.item.readAt).not.toBeNull();

    const again = await m.call("POST", `/api/notifications/${sent.id}/read`);
    expect(again.json()).toEqual({ item: body.item, unread: 0 });
    expect((await list(m)).unread).toBe(0);

    const missing = await m.call("POST", `/api/notifications/${unknownId}/read`);
    expect(missing.statusCode).toBe(404);
  });

  it("'Tout lire' reads every unread notification of the member and the count becomes 0", async () => {
    const m = await member();
    for (let i = 1; i <= 3; i++) await service.sendToUser(t.database.db, m.id, note(i));
    const read = await service.sendToUser(t.database.db, m.id, note("déjà lue"));
    await m.call("POST", `/api/notifications/${read.id}/read`);
    const before = (await list(m)).items.find((n) => n.id === read.id);

    const res = await m.call("POST", "/api/notifications/read-all");
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ updated: 3, unread: 0 });
    const after = await list(m);
    expect(after.unread).toBe(0);
    expect(after.items.every((n) => n.isRead && n.readAt)).toBe(true);
    // The earlier read keeps its date.
    expect(after.items.find((n) => n.id === read.id)?.readAt).toBe(before?.readAt);

    expect((await m.call("POST", "/api/notifications/read-all")).json()).toEqual({ updated: 0, unread: 0 });
  });
});

describe("what administrators do", () => {
  it("sends to every member in one write and tells how many received it", async () => {
    const a = await member();
    const b = await member();
    const sent = await service.sendToAll(t.database.db, note("à tous"));
    const everyone = await t.database.db.$count(notifications, eq(notifications.title, "Titre à tous"));
    expect(sent).toBe(everyone);
    expect(sent).toBeGreaterThanOrEqual(2);
    for (const m of [a, b]) expect((await list(m)).items[0]?.title).toBe("Titre à tous");
  });

  it("edits title and message keeping the read state, and deletes; an unknown id is NOT_FOUND", async () => {
    const m = await member();
    const admin = await member("admin");
    const sent = await service.sendToUser(t.database.db, m.id, note("avant"));
    await m.call("POST", `/api/notifications/${sent.id}/read`);

    const editing = await admin.call("PUT", `/api/admin/notifications/${sent.id}`, note("après"));
    expect(editing.statusCode, editing.body).toBe(200);
    const edited = editing.json();
    expect(edited).toMatchObject({
      id: sent.id,
      title: "Titre après",
      message: "Message après",
      isRead: true,
    });
    expect((await list(m)).items).toEqual([edited]);

    expect((await admin.call("DELETE", `/api/admin/notifications/${sent.id}`)).json()).toEqual({
      deleted: 1,
    });
    expect(await list(m)).toEqual({ items: [], unread: 0 });

    const again = await admin.call("PUT", `/api/admin/notifications/${sent.id}`, note("x"));
    expect([again.statusCode, again.json().code]).toEqual([404, "NOT_FOUND"]);
    const gone = await admin.call("DELETE", `/api/admin/notifications/${sent.id}`);
    expect([gone.statusCode, gone.json().code]).toEqual([404, "NOT_FOUND"]);
    await expect(service.sendToUser(t.database.db, unknownId, note("x"))).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
  });

  it("admin endpoint: one member, all members, and the spec's required fields in French", async () => {
    const admin = await member("admin");
    const m = await member();

    const one = await admin.call("POST", "/api/admin/notifications", { ...note("admin"), userId: m.id });
    expect(one.statusCode, one.body).toBe(201);
    expect(one.json()).toEqual({ sent: 1 });
    expect((await list(m)).items[0]).toMatchObject({ title: "Titre admin", isRead: false });

    const all = await admin.call("POST", "/api/admin/notifications", { ...note("tous"), sendToAll: true });
    expect(all.statusCode).toBe(201);
    expect(all.json().sent).toBeGreaterThanOrEqual(2);

    const noTarget = await admin.call("POST", "/api/admin/notifications", note("x"));
    expect(noTarget.statusCode).toBe(400);
    expect(noTarget.json().fields?.userId).toBe(notificationMessages.recipientRequired);

    const blank = await admin.call("POST", "/api/admin/notifications", {
      title: "  ",
      message: "",
      userId: m.id,
    });
    expect(blank.json().fields).toMatchObject({
      title: notificationMessages.titleRequired,
      message: notificationMessages.messageRequired,
    });

    const nobody = await admin.call("POST", "/api/admin/notifications", { ...note("x"), userId: unknownId });
    expect(nobody.statusCode).toBe(404);
  });
});

describe("sent by the product on its own", () => {
  it("tells members who have a series in their list about its new episode, and nobody else", async () => {
    const fan = await member();
    const other = await member();
    const series = await makeVideo(t.database.db, { type: "series", title: "Les Phares" });
    await t.database.db.insert(favorites).values({ userId: fan.id, videoId: series.id });

    await makeEpisode(t.database.db, series.id, { seasonNumber: 2, episodeNumber: 3, title: "La relève" });
    expect(await list(fan)).toMatchObject({
      unread: 1,
      items: [
        {
          title: "Nouvel épisode",
          message:
            "«\u00a0Les Phares\u00a0»\u00a0: l'épisode 3 de la saison 2, «\u00a0La relève\u00a0», est disponible.",
        },
      ],
    });
    expect((await list(other)).items).toEqual([]);
  });

  it("sends one notification for several episodes added at once", async () => {
    const fan = await member();
    const series = await makeVideo(t.database.db, { type: "series", title: "Marées" });
    await t.database.db.insert(favorites).values({ userId: fan.id, videoId: series.id });
    await t.database.db.insert(episodes).values(
      [1, 2, 3].map((n) => ({
        seriesId: series.id,
        title: `Épisode ${n}`,
        seasonNumber: 1,
        episodeNumber: n,
      })),
    );
    expect((await list(fan)).items).toMatchObject([
      {
        title: "Nouveaux épisodes",
        message: "«\u00a0Marées\u00a0»\u00a0: 3 nouveaux épisodes sont disponibles.",
      },
    ]);
  });

  it("welcomes a new account once, when it gets its credentials", async () => {
    const m = await member();
    const addAccount = () =>
      t.database.db
        .insert(accounts)
        .values({ userId: m.id, providerId: "credential", accountId: `${m.id}-${Math.random()}` });
    await addAccount();
    await addAccount();
    const welcome = await t.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, m.id), eq(notifications.title, "Bienvenue\u00a0!")));
    expect(welcome).toHaveLength(1);
  });
});

/** An EventSource-like reader over a real HTTP connection (the reply is hijacked: inject can't read it). */
function openStream(cookie: string, query = "", headers: Record<string, string> = {}) {
  const states: NotificationsState[] = [];
  let media = 0;
  const waiters: { check: () => boolean; resolve: () => void }[] = [];
  let buffer = "";
  let retry: number | undefined;
  const wake = () => {
    for (const w of [...waiters]) if (w.check()) waiters.splice(waiters.indexOf(w), 1) && w.resolve();
  };
  const response = new Promise<http.IncomingMessage>((resolve, reject) => {
    const req = http.get(`${baseUrl}${NOTIFICATION_STREAM.path}${query}`, {
      headers: { cookie, ...headers },
    });
    req.on("response", (res) => {
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => {
        buffer += chunk;
        let end = buffer.indexOf("\n\n");
        while (end >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const lines = block.split("\n");
          const event = lines.find((l) => l.startsWith("event: "))?.slice(7);
          const data = lines.find((l) => l.startsWith("data: "))?.slice(6);
          const retryLine = lines.find((l) => l.startsWith("retry: "));
          if (retryLine) retry = Number(retryLine.slice(7));
          if (event === NOTIFICATION_STREAM.event && data) states.push(JSON.parse(data));
          if (event === NOTIFICATION_STREAM.mediaEvent) media++;
          end = buffer.indexOf("\n\n");
        }
        wake();
      });
      resolve(res);
    });
    req.on("error", reject);
  });
  return {
    response,
    states,
    retry: () => retry,
    /** How many `media` events arrived (administrators' streams). */
    media: () => media,
    /** Resolves once a `media` event arrived. */
    untilMedia() {
      return new Promise<void>((resolve) => {
        if (media > 0) resolve();
        else waiters.push({ check: () => media > 0, resolve });
      });
    },
    /** Resolves with the first state received that matches. */
    until(match: (s: NotificationsState) => boolean) {
      return new Promise<NotificationsState>((resolve) => {
        const check = () => states.some(match);
        const done = () => resolve(states.find(match) as NotificationsState);
        if (check()) done();
        else waiters.push({ check, resolve: done });
      });
    },
    async close() {
      (await response).destroy();
    },
  };
}

describe("realtime stream", () => {
  it("sends the state at once, then a fresh state after a send, unbuffered and uncompressed", async () => {
    const m = await member();
    await service.sendToUser(t.database.db, m.id, note("avant"));
    const stream = openStream(m.cookie, "", { "accept-encoding": "gzip, br" });
    const res = await stream.response;
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/event-stream; charset=utf-8");
    expect(res.headers["content-encoding"]).toBeUndefined();
    expect(res.headers["cache-control"]).toContain("no-cache");
    expect(res.headers["x-accel-buffering"]).toBe("no");
    expect(res.headers["x-content-type-options"]).toBe("nosniff");

    const first = await stream.until(() => true);
    expect(first).toMatchObject({ unread: 1, items: [{ title: "Titre avant" }] });
    expect(stream.retry()).toBe(NOTIFICATION_STREAM.reconnectDelaysMs[0]);

    await service.sendToUser(t.database.db, m.id, note("en direct"));
    const fresh = await stream.until((s) => s.unread === 2);
    expect(fresh.items.map((n) => n.title)).toEqual(["Titre en direct", "Titre avant"]);

    await m.call("POST", "/api/notifications/read-all");
    await stream.until((s) => s.unread === 0);
    await stream.close();
  });

  it("keeps each stream to its own member and its own limit", async () => {
    const alice = await member();
    const bob = await member();
    const aliceStream = openStream(alice.cookie, "?limit=1");
    const bobStream = openStream(bob.cookie);
    await aliceStream.until(() => true);
    await bobStream.until(() => true);

    await service.sendToUser(t.database.db, alice.id, note("a1"));
    await service.sendToUser(t.database.db, alice.id, note("a2"));
    await service.sendToUser(t.database.db, bob.id, note("b1"));
    const last = await aliceStream.until((s) => s.unread === 2);
    expect(last.items.map((n) => n.title)).toEqual(["Titre a2"]);
    await bobStream.until((s) => s.unread === 1);
    expect(bobStream.states.flatMap((s) => s.items).every((n) => n.title === "Titre b1")).toBe(true);
    await aliceStream.close();
    await bobStream.close();
  });

  it(`refuses a member's stream number ${MAX_STREAMS_PER_MEMBER + 1} with 429, and frees a place when a tab closes`, async () => {
    const m = await member();
    const streams = Array.from({ length: MAX_STREAMS_PER_MEMBER }, () => openStream(m.cookie));
    await Promise.all(streams.map((s) => s.until(() => true)));

    const refused = await fetch(`${baseUrl}${NOTIFICATION_STREAM.path}`, { headers: { cookie: m.cookie } });
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({
      code: "RATE_LIMITED",
      message: notificationMessages.tooManyStreams,
    });
    // A tab gone without a word is noticed by its stream's next heartbeat at the latest.
    expect(refused.headers.get("retry-after")).toBe(String(NOTIFICATION_STREAM.heartbeatMs / 1000));

    await streams[0]?.close();
    // The server hears the close a moment later: poll until a new stream is accepted.
    let accepted: ReturnType<typeof openStream> | undefined;
    while (!accepted) {
      const s = openStream(m.cookie);
      if ((await s.response).statusCode === 200) accepted = s;
      else {
        await s.close();
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    }
    await accepted.until(() => true);
    await accepted.close();
    for (const s of streams.slice(1)) await s.close();
  });

  it("tells an administrator's stream, and no member's, when a media asset row changes, whoever writes it", async () => {
    const admin = await member("admin");
    const plain = await member();
    const adminStream = openStream(admin.cookie);
    const memberStream = openStream(plain.cookie);
    await adminStream.until(() => true);
    await memberStream.until(() => true);
    const film = await makeVideo(t.database.db);
    // Written straight to the table, as a worker process would: the trigger (migration 0023) tells.
    await t.database.db.insert(mediaAssets).values({ videoId: film.id, targetId: film.id, sourceKey: null });
    await adminStream.untilMedia();
    // Anything sent to the member before their next state has arrived by then (one connection, in order).
    await service.sendToUser(t.database.db, plain.id, note("après"));
    await memberStream.until((state) => state.unread === 1);
    expect(memberStream.media()).toBe(0);
    await adminStream.close();
    await memberStream.close();
  });
});
