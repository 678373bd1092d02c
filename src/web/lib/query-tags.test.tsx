import { afterEach, describe, expect, it } from "vitest";
import { announceSubscriptionUpdated, onSubscriptionUpdated } from "./query-tags.ts";

const until = (done: () => boolean) =>
  new Promise<void>((resolve, reject) => {
    const started = Date.now();
    const poll = () => {
      if (done()) resolve();
      else if (Date.now() - started > 5_000) reject(new Error("jamais arrivé"));
      else setTimeout(poll, 10);
    };
    poll();
  });

describe("the subscription's change, told to every tab", () => {
  const stops: (() => void)[] = [];
  afterEach(() => {
    for (const stop of stops.splice(0)) stop();
  });

  it("calls a listener of the announcing tab once, not again when its own channel echoes it", async () => {
    let calls = 0;
    stops.push(onSubscriptionUpdated(() => calls++));
    announceSubscriptionUpdated();
    expect(calls).toBe(1);
    // A marker from another tab, sent after the announce: once it has come, so would the echo.
    let markers = 0;
    stops.push(onSubscriptionUpdated(() => markers++));
    const other = new BroadcastChannel("bobine-subscription");
    other.postMessage({ type: "subscription-updated", tab: "un-autre-onglet" });
    await until(() => markers === 1);
    other.close();
    expect(calls).toBe(2); // the announce, then the marker: no echo between them
  });

  it("calls a listener when another tab of Bobine announces it", async () => {
    let calls = 0;
    stops.push(onSubscriptionUpdated(() => calls++));
    const other = new BroadcastChannel("bobine-subscription");
    other.postMessage({ type: "subscription-updated", tab: "un-autre-onglet" });
    await until(() => calls === 1);
    other.close();
    expect(calls).toBe(1);
  });
});
