import { act, renderHook } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { SubtitleTrack } from "#contract/stream";
import { DEFAULT_PREFERENCES, useMediaSettings } from "./use-media-settings.ts";

const track = (id: string, isDefault: boolean): SubtitleTrack => ({
  id,
  language: "fr",
  languageName: "Français",
  url: `/sub/${id}`,
  isDefault,
});

const element = (ids: string[]) => {
  const textTracks = ids.map((id) => ({ id, mode: "disabled" as TextTrackMode }));
  return {
    volume: 1,
    muted: false,
    playbackRate: 1,
    textTracks: Object.assign(textTracks, { length: textTracks.length }) as unknown as TextTrackList,
  };
};

describe("useMediaSettings (the viewer's volume, speed and subtitles on the media element)", () => {
  it("starts from the member's settings: their volume and, subtitles on, the default track", () => {
    const el = element(["a", "b"]);
    const { result } = renderHook(() =>
      useMediaSettings(
        { current: el },
        { ...DEFAULT_PREFERENCES, volume: 0.5 },
        [track("a", false), track("b", true)],
        true,
      ),
    );
    expect(result.current.volume).toBe(0.5);
    expect(el.volume).toBe(0.5);
    expect(result.current.subtitle).toBe("b");
    expect((el.textTracks as unknown as { mode: string }[]).map((t) => t.mode)).toEqual([
      "disabled",
      "showing",
    ]);
  });

  it("shows no track when the member turned subtitles off", () => {
    const { result } = renderHook(() =>
      useMediaSettings(
        { current: element(["a"]) },
        { ...DEFAULT_PREFERENCES, subtitles: false },
        [track("a", true)],
        true,
      ),
    );
    expect(result.current.subtitle).toBe("off");
  });

  it("moves the volume by steps of 0.1 within 0–1, unmuting, and applies mute and speed", () => {
    const el = element([]);
    const { result } = renderHook(() => useMediaSettings({ current: el }, DEFAULT_PREFERENCES, [], true));
    act(() => result.current.toggleMute());
    expect(el.muted).toBe(true);
    expect(result.current.silent).toBe(true);
    act(() => {
      result.current.volumeBy(0.1);
      result.current.volumeBy(0.1);
      result.current.volumeBy(0.1);
    });
    expect(result.current.volume).toBe(1);
    expect(el.muted).toBe(false);
    act(() => result.current.setSpeed(1.5));
    expect(el.playbackRate).toBe(1.5);
  });
});
