import { describe, expect, it } from "vitest";
import { SUBSCRIPTION_UPDATED } from "#web/lib/query-tags.ts";
import { queryClient } from "./query-client.ts";

describe("the app's query client", () => {
  it("reads every answer again when the window says the subscription changed (spec §4)", async () => {
    queryClient.setQueryData(["subscription", "state", "u1"], { state: "none" });
    queryClient.setQueryData(["session"], { user: null });
    expect(queryClient.getQueryState(["subscription", "state", "u1"])?.isInvalidated).toBe(false);
    window.dispatchEvent(new Event(SUBSCRIPTION_UPDATED));
    expect(queryClient.getQueryState(["subscription", "state", "u1"])?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(["session"])?.isInvalidated).toBe(true);
    queryClient.clear();
  });
});
