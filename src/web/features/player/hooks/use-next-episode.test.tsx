import { act, renderHook } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { EpisodeSummary } from "#contract/video-detail";
import { NEXT_EPISODE_SECONDS, nextEpisodeOf, useNextEpisode } from "./use-next-episode.ts";

const episode = (id: string, episodeNumber: number): EpisodeSummary => ({
  id,
  title: `Épisode ${episodeNumber}`,
  description: "",
  thumbnail: null,
  duration: "40min",
  seasonNumber: 1,
  episodeNumber,
});
const [e1, e2] = [episode("e1", 1), episode("e2", 2)];

describe("useNextEpisode (spec §2 Player: the next episode at the end of one)", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("counts down from 10 s with autoplay on, then starts the next episode", () => {
    const onEpisodeChange = vi.fn();
    const { result } = renderHook(() => useNextEpisode({ next: e2, autoplay: true, onEpisodeChange }));
    expect(result.current.countdown).toBeNull();
    act(() => result.current.offer());
    expect(result.current.countdown).toBe(NEXT_EPISODE_SECONDS);
    for (let s = 0; s < NEXT_EPISODE_SECONDS; s++) act(() => vi.advanceTimersByTime(1000));
    expect(onEpisodeChange).toHaveBeenCalledWith(e2);
    expect(result.current.countdown).toBeNull();
  });

  it("offers without a countdown when autoplay is off, and a cancel stops the offer", () => {
    const onEpisodeChange = vi.fn();
    const { result } = renderHook(() => useNextEpisode({ next: e2, autoplay: false, onEpisodeChange }));
    act(() => result.current.offer());
    expect(result.current.countdown).toBe(-1);
    act(() => vi.advanceTimersByTime(60_000));
    expect(onEpisodeChange).not.toHaveBeenCalled();
    act(() => result.current.cancel());
    expect(result.current.countdown).toBeNull();
  });

  it("offers nothing after the last episode or for a film", () => {
    const { result } = renderHook(() =>
      useNextEpisode({ next: undefined, autoplay: true, onEpisodeChange: vi.fn() }),
    );
    act(() => result.current.offer());
    expect(result.current.countdown).toBeNull();
    expect(nextEpisodeOf([e1, e2], e1)).toBe(e2);
    expect(nextEpisodeOf([e1, e2], e2)).toBeUndefined();
    expect(nextEpisodeOf([e1, e2], undefined)).toBeUndefined();
  });
});
