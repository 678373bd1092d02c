import { act, renderHook } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { type ProgressSink, SAVE_EVERY_MS, useProgressSaving } from "./use-progress-saving.ts";

const media = (currentTime: number, duration: number) => ({ current: { currentTime, duration } });
const sink = () => ({
  save: vi.fn<ProgressSink["save"]>(),
  beacon: vi.fn<ProgressSink["beacon"]>(),
});

function setVisibility(state: "hidden" | "visible") {
  Object.defineProperty(document, "visibilityState", { configurable: true, get: () => state });
  document.dispatchEvent(new Event("visibilitychange"));
}

describe("useProgressSaving (spec §5 Watch progress)", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    setVisibility("visible");
  });

  it("saves the position every 30 s while playing, and not while paused", () => {
    const out = sink();
    const ref = media(42, 600);
    const { rerender } = renderHook(
      ({ playing }) =>
        useProgressSaving({ mediaRef: ref, videoId: "v", episodeId: null, playing, sink: out }),
      { initialProps: { playing: true } },
    );
    act(() => vi.advanceTimersByTime(SAVE_EVERY_MS));
    expect(out.save).toHaveBeenCalledWith({
      videoId: "v",
      episodeId: null,
      currentPosition: 42,
      totalDuration: 600,
    });
    rerender({ playing: false });
    act(() => vi.advanceTimersByTime(SAVE_EVERY_MS * 3));
    expect(out.save).toHaveBeenCalledTimes(1);
  });

  it("sends a beacon when the page is hidden, and saves when the player closes", () => {
    const out = sink();
    const { unmount } = renderHook(() =>
      useProgressSaving({ mediaRef: media(5, 100), videoId: "v", episodeId: "e", playing: false, sink: out }),
    );
    act(() => setVisibility("hidden"));
    expect(out.beacon).toHaveBeenCalledWith({
      videoId: "v",
      episodeId: "e",
      currentPosition: 5,
      totalDuration: 100,
    });
    unmount();
    expect(out.save).toHaveBeenCalledTimes(1);
  });

  it("saves the episode the member leaves when the episode changes", () => {
    const out = sink();
    const { rerender } = renderHook(
      ({ episodeId }) =>
        useProgressSaving({ mediaRef: media(12, 100), videoId: "v", episodeId, playing: false, sink: out }),
      { initialProps: { episodeId: "e1" } },
    );
    rerender({ episodeId: "e2" });
    expect(out.save).toHaveBeenCalledWith(expect.objectContaining({ episodeId: "e1" }));
  });

  it("saves where the member was when the player closes, though React has already let go of the video element", () => {
    const out = sink();
    const ref: { current: { currentTime: number; duration: number } | null } = media(10, 600);
    const { rerender, unmount } = renderHook(
      ({ tick }) =>
        useProgressSaving({ mediaRef: ref, videoId: "v", episodeId: null, playing: tick >= 0, sink: out }),
      { initialProps: { tick: 0 } },
    );
    // The player renders at each time update.
    if (ref.current) ref.current.currentTime = 31.7;
    rerender({ tick: 1 });
    ref.current = null;
    unmount();
    expect(out.save).toHaveBeenCalledWith({
      videoId: "v",
      episodeId: null,
      currentPosition: 31.7,
      totalDuration: 600,
    });
  });

  it("saves the episode left at its last position, though its new source has already reset the element", () => {
    const out = sink();
    const ref = media(12, 100);
    const { rerender } = renderHook(
      ({ episodeId }) =>
        useProgressSaving({ mediaRef: ref, videoId: "v", episodeId, playing: false, sink: out }),
      { initialProps: { episodeId: "e1" } },
    );
    ref.current = { currentTime: 0, duration: Number.NaN };
    rerender({ episodeId: "e2" });
    expect(out.save).toHaveBeenCalledWith({
      videoId: "v",
      episodeId: "e1",
      currentPosition: 12,
      totalDuration: 100,
    });
  });

  it("saves nothing before the duration is known", () => {
    const out = sink();
    const { result, unmount } = renderHook(() =>
      useProgressSaving({
        mediaRef: media(0, Number.NaN),
        videoId: "v",
        episodeId: null,
        playing: true,
        sink: out,
      }),
    );
    act(() => {
      result.current.saveNow();
      vi.advanceTimersByTime(SAVE_EVERY_MS);
    });
    unmount();
    expect(out.save).not.toHaveBeenCalled();
  });
});
