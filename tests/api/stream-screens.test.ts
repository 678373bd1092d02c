import fs from "node:fs";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { streamMessages, type TicketResponse } from "#contract/stream";
import { cookieName, createSession } from "#server/shared/session";
import { makeVideo } from "../factories/catalogue.ts";
import { demoVideoPath, expireLeases, newDeviceId, writeMedia } from "../factories/stream.ts";
import { createTestApp, type TestApp } from "../harness.ts";
import { type SignedIn, signedIn } from "../support/members.ts";

/**
 * SECURITY-CHECKLIST 24 while the bytes flow: the screens of a plan count the devices that receive
 * bytes, not the tickets handed out. A ticket stops serving once its lease ends — released, lapsed,
 * its session signed out, its access taken back — and its subtitles go to its video's client only.
 * Each process trusts its last check for STREAM_RECHECK_SECONDS: set far above the waits below, so
 * only the end being announced (this process, or NOTIFY) can make these tests pass.
 */
let t: TestApp;
let film: { id: string };

beforeAll(async () => {
  t = await createTestApp({ env: { STREAM_RECHECK_SECONDS: "30" } });
  const media = writeMedia(t.config, "videos", "screens.mp4", fs.readFileSync(demoVideoPath));
  const srt = writeMedia(
    t.config,
    "subtitles",
    "screens.fr.srt",
    "1\n00:00:01,000 --> 00:00:02,000\nSalut\n",
  );
  film = await makeVideo(t.database.db, { videoUrl: media });
  await t.database.db.execute(sql`insert into subtitles (video_id, language, language_name, subtitle_url, is_default)
    values (${film.id}, 'fr', 'Français', ${srt}, true)`);
});
afterAll(async () => {
  await t.close();
});

interface Client {
  ip: string;
  agent: string;
}
/** A device of its own: its network and its browser. */
const client = (n: number): Client => ({ ip: `198.51.100.${n + 10}`, agent: `Mozilla/5.0 appareil-${n}` });

const ticketFor = (viewer: { cookie: string }, deviceId = newDeviceId()) =>
  t.app.inject({
    method: "POST",
    url: `/api/videos/${film.id}/ticket`,
    headers: { cookie: viewer.cookie },
    payload: { deviceId },
  });

async function ticket(viewer: { cookie: string }, deviceId = newDeviceId()): Promise<TicketResponse> {
  const res = await ticketFor(viewer, deviceId);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as TicketResponse;
}

const fetchAs = (url: string, from: Client) =>
  t.app.inject({
    method: "GET",
    url,
    remoteAddress: from.ip,
    headers: { range: "bytes=0-0", "user-agent": from.agent },
  });
const bytes = async (tk: TicketResponse, from: Client) => (await fetchAs(tk.url, from)).statusCode;
const subtitles = (tk: TicketResponse, from: Client) => fetchAs(tk.subtitles[0]?.url as string, from);

const release = (viewer: { cookie: string }, tk: TicketResponse) =>
  t.app.inject({
    method: "DELETE",
    url: `/api/stream/leases/${tk.leaseId}`,
    headers: { cookie: viewer.cookie },
  });

/** What the player sends on closing (navigator.sendBeacon): the release of this ticket's playback. */
const beacon = (viewer: { cookie: string }, tk: TicketResponse) =>
  t.app.inject({
    method: "POST",
    url: `/api/stream/leases/${tk.leaseId}/release?ticketId=${encodeURIComponent(tk.ticketId)}`,
    headers: { cookie: viewer.cookie, "content-type": "text/plain" },
    payload: "",
  });

/** The ticket's bytes are refused as an expired ticket (the player then asks for a new one). */
async function expectEnded(tk: TicketResponse, from: Client) {
  await expect.poll(() => bytes(tk, from), { timeout: 10_000, interval: 100 }).toBe(401);
  const res = await fetchAs(tk.url, from);
  expect(res.json()).toMatchObject({ code: "UNAUTHENTICATED", message: streamMessages.ticketExpired });
}

describe("the screens of a plan count the devices that receive bytes", () => {
  it("refuses the bytes of every released lease: take, read, release, repeat never feeds more devices than the plan's screens", async () => {
    const premium = await signedIn(t, { plan: "premium_monthly" });
    const devices: { tk: TicketResponse; from: Client }[] = [];
    for (let i = 0; i < 7; i++) {
      const tk = await ticket(premium);
      expect(await bytes(tk, client(i))).toBe(206);
      devices.push({ tk, from: client(i) });
      // The attack: the slot is handed back while the device goes on reading with its ticket.
      if (i < 4) expect((await release(premium, tk)).statusCode).toBe(204);
    }
    const answers = await Promise.all(devices.map(({ tk, from }) => bytes(tk, from)));
    expect(answers).toEqual([401, 401, 401, 401, 206, 206, 206]);
    // Every screen is in use: an eighth device gets no ticket.
    expect((await ticketFor(premium)).json().code).toBe("TOO_MANY_STREAMS");
  });

  it("never feeds more devices than the screens when many devices start and read at once", async () => {
    const premium = await signedIn(t, { plan: "premium_monthly" });
    const asked = await Promise.all(Array.from({ length: 7 }, () => ticketFor(premium)));
    const granted = asked.filter((r) => r.statusCode === 200).map((r) => r.json() as TicketResponse);
    expect(granted).toHaveLength(3);
    // Each ticket tried at once from two clients: one of them owns it.
    const answers = await Promise.all(
      granted.flatMap((tk, i) => [bytes(tk, client(i)), bytes(tk, client(i + 20))]),
    );
    expect(answers.filter((s) => s === 206)).toHaveLength(3);
    expect(answers.filter((s) => s === 409)).toHaveLength(3);
  });

  it("stops a ticket whose lease lapsed without heartbeats, and lets another device take the screen", async () => {
    const basic = await signedIn(t, { plan: "basic_monthly" });
    const tk = await ticket(basic);
    expect(await bytes(tk, client(1))).toBe(206);
    // Ninety seconds without a heartbeat, without waiting them.
    await expireLeases(t.database.db, basic.id);
    await expectEnded(tk, client(1));
    const next = await ticket(basic);
    expect(await bytes(next, client(2))).toBe(206);
    expect(await bytes(tk, client(1))).toBe(401);
  });

  it("leaves a device's newer ticket playing when the release of its previous ticket arrives late", async () => {
    const basic = await signedIn(t, { plan: "basic_monthly" });
    const device = newDeviceId();
    const episodeOne = await ticket(basic, device);
    expect(await bytes(episodeOne, client(1))).toBe(206);
    // The next episode (or a renewed ticket) on the same device reuses its lease…
    const episodeTwo = await ticket(basic, device);
    expect(episodeTwo.leaseId).toBe(episodeOne.leaseId);
    // …and the beacon the previous player sent on closing reaches the server only now.
    const late = await beacon(basic, episodeOne);
    expect(late.statusCode).toBe(204);
    expect(await bytes(episodeTwo, client(1))).toBe(206);
    // Its own release still ends it, and the screen is free for another device.
    expect((await beacon(basic, episodeTwo)).statusCode).toBe(204);
    await expectEnded(episodeTwo, client(1));
    expect(await bytes(await ticket(basic), client(2))).toBe(206);
  });

  it("ends the streams of a session that signs out, and only those", async () => {
    const member = await signedIn(t, { plan: "premium_monthly" });
    const other = await createSession(t.database.db, t.config, member.id, {
      ip: "203.0.113.2",
      userAgent: "x",
    });
    const tablet = { cookie: `${cookieName(t.config)}=${other.token}` };
    const mine = await ticket(member);
    const theirs = await ticket(tablet);
    expect(await bytes(mine, client(1))).toBe(206);
    expect(await bytes(theirs, client(2))).toBe(206);

    const out = await t.app.inject({
      method: "POST",
      url: "/api/auth/logout",
      headers: { cookie: member.cookie },
      payload: {},
    });
    expect(out.statusCode).toBe(200);
    await expectEnded(mine, client(1));
    expect((await subtitles(mine, client(1))).statusCode).toBe(401);
    expect(await bytes(theirs, client(2))).toBe(206);
  });

  it("ends the streams of a member whose entitlement is taken back", async () => {
    const member = await signedIn(t, { plan: "premium_monthly" });
    const tk = await ticket(member);
    expect(await bytes(tk, client(1))).toBe(206);
    // A refund, or an administrator taking the access back (docs/decisions/012-entitlements.md).
    await t.database.db.execute(sql`update entitlements set revoked_at = now() where user_id = ${member.id}`);
    await expectEnded(tk, client(1));
    expect((await subtitles(tk, client(1))).statusCode).toBe(401);
    expect((await ticketFor(member)).json().code).toBe("SUBSCRIPTION_REQUIRED");
  });
});

describe("a plan lowered while its devices play", () => {
  it("keeps only as many devices as the new plan allows from their next heartbeats", async () => {
    const member = await signedIn(t, { plan: "premium_monthly" });
    const playing = [await ticket(member), await ticket(member), await ticket(member)];
    for (const [i, tk] of playing.entries()) expect(await bytes(tk, client(i))).toBe(206);
    // Premium (3 screens) becomes Basic (1 screen).
    await t.database.db.execute(sql`update entitlements
      set plan_id = (select id from subscription_plans where code = 'basic_monthly') where user_id = ${member.id}`);
    const beats = [];
    for (const tk of playing) {
      beats.push(
        await t.app.inject({
          method: "POST",
          url: `/api/stream/leases/${tk.leaseId}/heartbeat`,
          headers: { cookie: member.cookie },
        }),
      );
    }
    expect(beats.map((b) => b.statusCode)).toEqual([409, 409, 200]);
    expect(beats[0]?.json()).toMatchObject({
      code: "TOO_MANY_STREAMS",
      message: streamMessages.tooManyStreams(1),
    });
    await expectEnded(playing[0] as TicketResponse, client(0));
    await expectEnded(playing[1] as TicketResponse, client(1));
    expect(await bytes(playing[2] as TicketResponse, client(2))).toBe(206);
  });
});

describe("subtitles follow the ticket's client", () => {
  let member: SignedIn;
  beforeAll(async () => {
    member = await signedIn(t, { plan: "lifetime" });
  });

  it("serves a ticket's subtitles to the client that receives its video, and refuses another network or browser", async () => {
    const tk = await ticket(member);
    expect(await bytes(tk, client(1))).toBe(206);
    const own = await subtitles(tk, client(1));
    expect(own.statusCode).toBe(200);
    expect(own.body).toContain("Salut");
    for (const other of [
      { ...client(1), ip: "192.0.2.99" },
      { ...client(1), agent: "curl/8" },
    ]) {
      const res = await subtitles(tk, other);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({
        code: "TOO_MANY_STREAMS",
        message: streamMessages.tooManyStreams(5),
      });
    }
  });

  it("gives a ticket to the client that fetched its subtitles first: the video is then refused elsewhere", async () => {
    const tk = await ticket(member);
    expect((await subtitles(tk, client(3))).statusCode).toBe(200);
    expect(await bytes(tk, client(4))).toBe(409);
    expect(await bytes(tk, client(3))).toBe(206);
  });

  it("stops the subtitles of a released lease", async () => {
    const tk = await ticket(member);
    expect((await subtitles(tk, client(5))).statusCode).toBe(200);
    await release(member, tk);
    expect((await subtitles(tk, client(5))).statusCode).toBe(401);
  });
});
