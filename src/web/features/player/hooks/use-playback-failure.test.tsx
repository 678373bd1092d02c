import { act, renderHook, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { LOAD_TIMEOUT_MS } from "../lib/playback-errors.ts";
import { usePlaybackFailure } from "./use-playback-failure.ts";

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("usePlaybackFailure (spec §8 Playback errors)", () => {
  it("times out after 30 s without a loaded source, never once it has loaded", () => {
    vi.useFakeTimers();
    const { result, rerender } = renderHook(
      ({ loaded }) => usePlaybackFailure({ loaded, url: "/s", onStreamRejected: vi.fn() }),
      { initialProps: { loaded: false } },
    );
    act(() => vi.advanceTimersByTime(LOAD_TIMEOUT_MS - 1));
    expect(result.current.failure).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(result.current.failure).toEqual({ kind: "timeout" });

    const loaded = renderHook(() =>
      usePlaybackFailure({ loaded: true, url: "/s", onStreamRejected: vi.fn() }),
    );
    act(() => vi.advanceTimersByTime(LOAD_TIMEOUT_MS * 2));
    expect(loaded.result.current.failure).toBeNull();
    rerender({ loaded: true });
  });

  it("keeps a decode error as the media element reported it, without asking the stream", async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal("fetch", fetchMock);
    const { result } = renderHook(() =>
      usePlaybackFailure({ loaded: true, url: "/s", onStreamRejected: vi.fn() }),
    );
    await act(() => result.current.onMediaError(3));
    expect(result.current.failure).toEqual({ kind: "media", code: 3 });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("asks the stream with a one-byte range when the source failed, and shows its French message", async () => {
    const fetchMock = vi.fn(async () => json(404, { code: "VIDEO_NOT_FOUND", message: "Vidéo non trouvée" }));
    vi.stubGlobal("fetch", fetchMock);
    const { result } = renderHook(() =>
      usePlaybackFailure({ loaded: true, url: "/s?t=1", onStreamRejected: vi.fn() }),
    );
    await act(() => result.current.onMediaError(4));
    expect(result.current.failure).toEqual({ kind: "stream", status: 404, message: "Vidéo non trouvée" });
    expect(fetchMock).toHaveBeenCalledWith(
      "/s?t=1",
      expect.objectContaining({ headers: { Range: "bytes=0-0" } }),
    );
  });

  it("asks the screen for a new ticket when the stream refuses the current one", async () => {
    vi.stubGlobal("fetch", async () =>
      json(401, { code: "UNAUTHENTICATED", message: "Authentification requise" }),
    );
    const onStreamRejected = vi.fn();
    const { result } = renderHook(() => usePlaybackFailure({ loaded: true, url: "/s", onStreamRejected }));
    await act(() => result.current.onMediaError(2));
    expect(onStreamRejected).toHaveBeenCalledTimes(1);
    expect(result.current.failure).toBeNull();
  });

  it("reports a network error when the stream cannot be reached, and clears on demand", async () => {
    vi.stubGlobal("fetch", async () => {
      throw new TypeError("fetch failed");
    });
    const { result } = renderHook(() =>
      usePlaybackFailure({ loaded: true, url: "/s", onStreamRejected: vi.fn() }),
    );
    await act(() => result.current.onMediaError(2));
    await waitFor(() => expect(result.current.failure).toEqual({ kind: "media", code: 2 }));
    act(() => result.current.clear());
    expect(result.current.failure).toBeNull();
  });
});
