import { act, renderHook } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { useViewCount } from "./use-view-count.ts";

afterEach(() => vi.unstubAllGlobals());

const ok = () =>
  new Response(JSON.stringify({ counted: true, views: 1 }), {
    status: 200,
    headers: { "content-type": "application/json" },
  });

describe("useViewCount (spec §4: one view per load, on first play)", () => {
  it("counts the first play only, with the ticket", async () => {
    const fetchMock = vi.fn(async () => ok());
    vi.stubGlobal("fetch", fetchMock);
    const { result } = renderHook(() => useViewCount("0b7f2a52-3f5e-4c59-9d51-1f0d3b9c1a01", "ticket-1"));
    await act(async () => {
      result.current();
      result.current();
    });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe("/api/videos/0b7f2a52-3f5e-4c59-9d51-1f0d3b9c1a01/views");
    expect(JSON.parse(String(init.body))).toEqual({ token: "ticket-1" });
  });

  it("tries again on the next play when the count could not be sent", async () => {
    const fetchMock = vi
      .fn()
      .mockRejectedValueOnce(new TypeError("fetch failed"))
      .mockResolvedValueOnce(ok());
    vi.stubGlobal("fetch", fetchMock);
    const { result } = renderHook(() => useViewCount("0b7f2a52-3f5e-4c59-9d51-1f0d3b9c1a01", "t"));
    await act(async () => result.current());
    await act(async () => result.current());
    await act(async () => result.current());
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});
