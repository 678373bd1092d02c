import { act, renderHook } from "@testing-library/react";
import type { SyntheticEvent } from "react";
import { describe, expect, it, vi } from "vitest";
import { useMedia } from "./use-media.ts";

function element(duration: number) {
  return {
    currentTime: 0,
    duration,
    paused: true,
    play: vi.fn(() => Promise.resolve()),
    pause: vi.fn(),
  } as unknown as HTMLVideoElement;
}
const eventOf = (el: HTMLVideoElement) =>
  ({ currentTarget: el }) as unknown as SyntheticEvent<HTMLVideoElement>;

describe("useMedia (the media element's state and transport)", () => {
  it("follows the element's events: loaded, playing, time, pause, end", () => {
    const el = element(120);
    const on = { playing: vi.fn(), pause: vi.fn(), ended: vi.fn() };
    const { result } = renderHook(() => useMedia({ current: el }, on));
    act(() => result.current.events.onLoadedMetadata(eventOf(el)));
    expect(result.current).toMatchObject({ loaded: true, duration: 120 });
    act(() => result.current.events.onPlaying());
    expect(result.current).toMatchObject({ playing: true, buffering: false });
    expect(on.playing).toHaveBeenCalledTimes(1);
    act(() => result.current.events.onPause());
    act(() => result.current.events.onEnded());
    expect(result.current.playing).toBe(false);
    expect(on.pause).toHaveBeenCalledTimes(1);
    expect(on.ended).toHaveBeenCalledTimes(1);
  });

  it("keeps a seek within the video, and one asked before the duration is known until it is", () => {
    const el = element(Number.NaN);
    const { result } = renderHook(() => useMedia({ current: el }));
    act(() => result.current.seekTo(20));
    expect(el.currentTime).toBe(0);
    (el as { duration: number }).duration = 60;
    act(() => result.current.events.onLoadedMetadata(eventOf(el)));
    expect(el.currentTime).toBe(20);
    act(() => result.current.seekBy(100));
    expect(el.currentTime).toBe(60);
    act(() => result.current.seekTo(-5));
    expect(el.currentTime).toBe(0);
  });

  it("tells the player when the element starts to play, whatever started it (its own control, a media key)", () => {
    const el = element(60);
    const onPlay = vi.fn();
    const { result } = renderHook(() => useMedia({ current: el }, { play: onPlay }));
    act(() => result.current.events.onPlay());
    expect(onPlay).toHaveBeenCalledTimes(1);
  });

  it("plays a paused element and pauses a playing one", () => {
    const el = element(60);
    const { result } = renderHook(() => useMedia({ current: el }));
    act(() => result.current.togglePlay());
    expect(el.play).toHaveBeenCalledTimes(1);
    (el as { paused: boolean }).paused = false;
    act(() => result.current.togglePlay());
    expect(el.pause).toHaveBeenCalledTimes(1);
  });
});
