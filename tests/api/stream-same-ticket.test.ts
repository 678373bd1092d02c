import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TicketResponse } from "#contract/stream";
import { makeVideo } from "../factories/catalogue.ts";
import { demoVideoPath, newDeviceId, writeMedia } from "../factories/stream.ts";
import { createTestApp, type TestApp } from "../harness.ts";
import { type SignedIn, signedIn } from "../support/members.ts";

// SECURITY-CHECKLIST 24: "the same ticket twice → TOO_MANY_STREAMS".
let t: TestApp;
let film: { id: string };
let viewer: SignedIn;

beforeAll(async () => {
  t = await createTestApp();
  const media = writeMedia(t.config, "videos", "same-ticket.mp4", fs.readFileSync(demoVideoPath));
  film = await makeVideo(t.database.db, { videoUrl: media });
  viewer = await signedIn(t, { plan: "premium_monthly" });
});
afterAll(async () => {
  await t.close();
});

/** One device for the whole file: each new ticket for it starts a new video load on the same lease. */
const device = newDeviceId();

async function ticket(deviceId = device): Promise<TicketResponse> {
  const res = await t.app.inject({
    method: "POST",
    url: `/api/videos/${film.id}/ticket`,
    headers: { cookie: viewer.cookie },
    payload: { deviceId },
  });
  expect(res.statusCode).toBe(200);
  return res.json() as TicketResponse;
}

const fetchBytes = (url: string, client: { ip: string; agent: string }) =>
  t.app.inject({
    method: "GET",
    url,
    remoteAddress: client.ip,
    headers: { range: "bytes=0-99", "user-agent": client.agent },
  });

const browser = { ip: "203.0.113.10", agent: "Mozilla/5.0 (X11; Linux x86_64) Chrome/156" };

describe("one ticket, one client", () => {
  it("serves every range request of the browser that opened the ticket", async () => {
    const { url } = await ticket();
    for (let i = 0; i < 3; i++) expect((await fetchBytes(url, browser)).statusCode).toBe(206);
  });

  it("refuses the same ticket from another network or another browser with TOO_MANY_STREAMS", async () => {
    const { url } = await ticket();
    expect((await fetchBytes(url, browser)).statusCode).toBe(206);
    const elsewhere = await fetchBytes(url, { ...browser, ip: "198.51.100.7" });
    expect(elsewhere.statusCode).toBe(409);
    expect(elsewhere.json().code).toBe("TOO_MANY_STREAMS");
    const otherBrowser = await fetchBytes(url, { ...browser, agent: "ffmpeg/7.1" });
    expect(otherBrowser.statusCode).toBe(409);
    // The owner goes on.
    expect((await fetchBytes(url, browser)).statusCode).toBe(206);
  });

  it("treats a phone moving inside its IPv6 /64 as the same client", async () => {
    const { url } = await ticket();
    const phone = { ip: "2001:db8:1:2::10", agent: "Mozilla/5.0 (Android) Chrome/156" };
    expect((await fetchBytes(url, phone)).statusCode).toBe(206);
    expect((await fetchBytes(url, { ...phone, ip: "2001:db8:1:2::99" })).statusCode).toBe(206);
  });

  it("lets a new ticket for the same device be opened by a new client", async () => {
    const first = await ticket(device);
    expect((await fetchBytes(first.url, browser)).statusCode).toBe(206);
    const second = await ticket(device);
    const laptop = { ip: "198.51.100.8", agent: "Mozilla/5.0 (Macintosh) Safari/19" };
    expect((await fetchBytes(second.url, laptop)).statusCode).toBe(206);
  });

  it("lets exactly one of two clients racing for a fresh ticket have it", async () => {
    const { url } = await ticket();
    const answers = await Promise.all([
      fetchBytes(url, browser),
      fetchBytes(url, { ip: "198.51.100.9", agent: "curl/8" }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([206, 409]);
  });
});
