import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as notifications from "#server/notifications/notification.service";
import { makeVideo } from "../factories/catalogue.ts";
import { newDeviceId, writeMedia } from "../factories/stream.ts";
import { createTestApp, type TestApp } from "../harness.ts";
import { endpoints, fillPath, pathParams } from "../support/contract.ts";
import { type SignedIn, signedIn } from "../support/members.ts";

/**
 * Another member's resource answers 404 and stays as it was (ARCHITECTURE rule 4;
 * SECURITY-CHECKLIST 15), for every endpoint of the contract that addresses a member-owned row by
 * an id in its path. Each such endpoint has a fixture builder below; an endpoint with an id
 * parameter says why it owns nothing, or the first test fails — so a new endpoint is covered the
 * day it is declared.
 */

let t: TestApp;
beforeAll(async () => {
  // The operator's wallet takes crypto payments (decision 051); the demo provider the others.
  t = await createTestApp({ env: { CRYPTO_WALLET_ADDRESS: "bc1qownership0test0wallet0address" } });
});
afterAll(async () => {
  await t.close();
});

interface Owned {
  /** The id of a fresh resource of `owner`, for the path parameter. */
  id: string;
  /** Whether the resource is still there, unchanged, seen by its owner. */
  unchanged(): Promise<boolean>;
}

type Fixture =
  | {
      owned: (owner: SignedIn) => Promise<Owned>;
      ownerPlan?: "premium_monthly";
      /** A valid body for the intruder's request, where the endpoint needs one. */
      body?: object;
    }
  | { notOwned: string };

/** A fresh lease of the owner's device: a ticket for a film (the file need not exist to get one). */
async function lease(owner: SignedIn): Promise<Owned> {
  const video = await makeVideo(t.database.db, {
    videoUrl: writeMedia(t.config, "videos", `film-${newDeviceId()}.mp4`, "octets"),
  });
  const res = await owner.call("POST", `/api/videos/${video.id}/ticket`, { deviceId: newDeviceId() });
  expect(res.statusCode, res.body).toBe(200);
  const leaseId = res.json().leaseId as string;
  return {
    id: leaseId,
    unchanged: async () =>
      (await owner.call("POST", `/api/stream/leases/${leaseId}/heartbeat`)).statusCode === 200,
  };
}

/** A fresh demo checkout of the owner's (docs/decisions/042-demo-provider.md), still open. */
async function demoPayment(owner: SignedIn): Promise<Owned> {
  const plans = (await owner.call("GET", "/api/plans")).json().items as { id: string }[];
  const res = await owner.call("POST", "/api/payments/checkout", {
    planId: plans[0]?.id,
    method: "card",
    waiveWithdrawal: true,
  });
  expect(res.statusCode, res.body).toBe(201);
  const paymentId = res.json().paymentId as string;
  return {
    id: paymentId,
    unchanged: async () =>
      (await owner.call("GET", `/api/payments/demo/${paymentId}`)).json().state === "open",
  };
}

/** A fresh payment of the owner's to the operator's wallet (decision 051), not declared yet. */
async function walletPayment(owner: SignedIn): Promise<Owned> {
  const plans = (await owner.call("GET", "/api/plans")).json().items as { id: string }[];
  const res = await owner.call("POST", "/api/payments/checkout", {
    planId: plans[0]?.id,
    method: "crypto",
    waiveWithdrawal: true,
  });
  expect(res.statusCode, res.body).toBe(201);
  const paymentId = res.json().paymentId as string;
  return {
    id: paymentId,
    unchanged: async () => {
      const page = (await owner.call("GET", `/api/payments/crypto/${paymentId}`)).json();
      return page.status === "pending" && page.reference === null;
    },
  };
}

/** A receipt of the owner's: a demo payment paid with the approved test card. */
async function receiptOf(owner: SignedIn): Promise<Owned> {
  const { id } = await demoPayment(owner);
  const paid = await owner.call("POST", `/api/payments/demo/${id}/pay`, { cardNumber: "4242424242424242" });
  expect(paid.json().state).toBe("paid");
  const [receipt] = (await owner.call("GET", "/api/payments/receipts")).json().items as { id: string }[];
  const receiptId = receipt?.id ?? "";
  return {
    id: receiptId,
    unchanged: async () =>
      (await owner.call("GET", `/api/payments/receipts/${receiptId}/pdf`)).statusCode === 200,
  };
}

/** Administrators act on every member's rows and on the whole catalogue: nothing is theirs alone. */
const ADMIN = "administrators manage every member's rows and the whole catalogue (403 to members)";

const fixtures: Record<string, Fixture> = {
  "admin-videos.getAdminVideo": { notOwned: ADMIN },
  "admin-videos.updateVideo": { notOwned: ADMIN },
  "admin-videos.deleteVideo": { notOwned: ADMIN },
  "admin-videos.deleteEpisode": { notOwned: ADMIN },
  "admin-subtitles.listSubtitles": { notOwned: ADMIN },
  "admin-subtitles.uploadSubtitle": { notOwned: ADMIN },
  "admin-subtitles.updateSubtitle": { notOwned: ADMIN },
  "admin-subtitles.deleteSubtitle": { notOwned: ADMIN },
  "admin-categories.updateCategory": { notOwned: ADMIN },
  "admin-categories.deleteCategory": { notOwned: ADMIN },
  "admin-users.updateUser": { notOwned: ADMIN },
  "admin-users.deleteUser": { notOwned: ADMIN },
  "admin-users.giftSubscription": { notOwned: ADMIN },
  "admin-notifications.listRecipientNotifications": { notOwned: ADMIN },
  "admin-notifications.updateNotification": { notOwned: ADMIN },
  "admin-notifications.deleteNotification": { notOwned: ADMIN },
  "video-detail.getVideo": { notOwned: "a catalogue video, the same for everyone" },
  "video-detail.getSimilarVideos": { notOwned: "a catalogue video, the same for everyone" },
  "library.removeFavorite": { notOwned: "a catalogue video; the member's own row is keyed by the session" },
  "library.rateVideo": { notOwned: "a catalogue video; the member's own rating is keyed by the session" },
  "library.likeVideo": { notOwned: "a catalogue video; the member's own like is keyed by the session" },
  "library.unlikeVideo": { notOwned: "a catalogue video; the member's own like is keyed by the session" },
  "library.getMyVideoState": {
    notOwned: "a catalogue video; the member's own state is keyed by the session",
  },
  "stream.createTicket": { notOwned: "a catalogue video; the lease is the member's own device's" },
  "stream.countView": { notOwned: "a catalogue video; the ticket in the body decides (403 for another's)" },
  "stream.getSubtitles": {
    notOwned: "a track of the ticket's video; another video's track is 404 (stream.test.ts)",
  },
  "billing.refundPayment": { notOwned: ADMIN },
  "billing.replayPaymentEvent": { notOwned: ADMIN },
  "billing.demoCheckout": { owned: demoPayment },
  "billing.receiptPdf": { owned: receiptOf },
  "billing.demoPay": { owned: demoPayment },
  "billing.walletCheckout": { owned: walletPayment },
  "billing.declareWalletPayment": { owned: walletPayment, body: { reference: "f".repeat(64) } },
  "billing.confirmPayment": { notOwned: ADMIN },
  "billing.rejectPayment": { notOwned: ADMIN },
  "history.deleteHistoryItem": {
    async owned(owner) {
      const video = await makeVideo(t.database.db);
      const saved = await owner.call("PUT", "/api/history/progress", {
        videoId: video.id,
        currentPosition: 600,
        totalDuration: 6000,
        clientSavedAt: Date.now(),
      });
      expect(saved.statusCode, saved.body).toBe(200);
      const ids = async () =>
        ((await owner.call("GET", "/api/history")).json().items as { id: string }[]).map((i) => i.id);
      const [id = ""] = await ids();
      return { id, unchanged: async () => (await ids()).includes(id) };
    },
  },
  "notifications.markNotificationRead": {
    async owned(owner) {
      const sent = await notifications.sendToUser(t.database.db, owner.id, {
        title: "À vous",
        message: "Seul",
      });
      return {
        id: sent.id,
        unchanged: async () =>
          (
            (await owner.call("GET", "/api/notifications")).json().items as { id: string; isRead: boolean }[]
          ).some((n) => n.id === sent.id && !n.isRead),
      };
    },
  },
  "media.uploadChunk": {
    notOwned: "an upload of an administrator's session; another session's is 404 (media.test.ts)",
  },
  "media.cancelUpload": {
    notOwned: "an upload of an administrator's session; another session's is 404 (media.test.ts)",
  },
  "media.retryMediaAsset": { notOwned: "the catalogue's media, the same for every administrator" },
  "media.deleteMediaAsset": { notOwned: "the catalogue's media, the same for every administrator" },
  "media.hlsMaster": {
    notOwned: "a catalogue video; the ticket decides (another video's: 403, media.test.ts)",
  },
  "media.hlsPlaylist": {
    notOwned: "a catalogue video; the ticket decides (another video's: 403, media.test.ts)",
  },
  "media.hlsSegment": {
    notOwned: "a catalogue video; the ticket decides (another video's: 403, media.test.ts)",
  },
  "media.hlsSubtitles": {
    notOwned: "a catalogue video; the ticket decides (another video's: 403, media.test.ts)",
  },
  "media.trickplaySheet": {
    notOwned: "a catalogue video; the ticket decides (another video's: 403, media.test.ts)",
  },
  "stream.heartbeatLease": { owned: lease, ownerPlan: "premium_monthly" },
  "stream.releaseLease": { owned: lease, ownerPlan: "premium_monthly" },
  "stream.releaseLeaseBeacon": { owned: lease, ownerPlan: "premium_monthly" },
};

const addressed = endpoints.filter(({ e }) => pathParams(e.path).length > 0);

describe("another member's resource", () => {
  it("has a fixture, or a reason to own nothing, for every endpoint with an id in its path", () => {
    const missing = addressed.map(({ name }) => name).filter((name) => !(name in fixtures));
    expect(missing, "endpoints with an id parameter and no entry in `fixtures`").toEqual([]);
    const stale = Object.keys(fixtures).filter((name) => !addressed.some((a) => a.name === name));
    expect(stale, "entries of `fixtures` that name no endpoint").toEqual([]);
  });

  const owning = addressed.flatMap(({ name, e }) => {
    const fixture = fixtures[name];
    return fixture && "owned" in fixture ? [[name, e, fixture] as const] : [];
  });

  it.each(owning)("%s answers 404 to another member and changes nothing", async (_name, e, fixture) => {
    const owner = await signedIn(t, fixture.ownerPlan ? { plan: fixture.ownerPlan } : {});
    const intruder = await signedIn(t, { plan: "premium_monthly" });
    const resource = await fixture.owned(owner);
    const res = await intruder.call(
      e.method,
      fillPath(e.path, () => resource.id),
      fixture.body,
    );
    expect(res.statusCode, res.body).toBe(404);
    expect(res.json().code).toBe("NOT_FOUND");
    expect(typeof res.json().message).toBe("string");
    expect(res.json().message.length).toBeGreaterThan(0);
    expect(await resource.unchanged()).toBe(true);
  });
});
