import { type RefObject, useEffect, useState } from "react";
import type { SubtitleTrack } from "#contract/stream";
import { clampVolume, DEFAULT_VOLUME } from "../lib/player-keys.ts";

export interface PlaybackPreferences {
  volume: number;
  autoplay: boolean;
  subtitles: boolean;
}

/** spec §9 defaults: volume 0.8, autoplay and subtitles on. */
export const DEFAULT_PREFERENCES: PlaybackPreferences = {
  volume: DEFAULT_VOLUME,
  autoplay: true,
  subtitles: true,
};

type Media = Pick<HTMLVideoElement, "volume" | "muted" | "playbackRate" | "textTracks">;

/**
 * The viewer's choices applied to the media element: volume and mute (spec §9 steps of 0.1),
 * speed, and the subtitle track — from the member's settings at start (spec §3: subtitles on →
 * the default track, else the first; off → none). `ready` re-applies the track once the tracks
 * are attached.
 */
export function useMediaSettings(
  mediaRef: RefObject<Media | null>,
  preferences: PlaybackPreferences,
  tracks: readonly SubtitleTrack[],
  ready: boolean,
) {
  const [volume, setVolumeState] = useState(preferences.volume);
  const [muted, setMuted] = useState(false);
  const [speed, setSpeed] = useState(1);
  const [subtitle, setSubtitle] = useState<string>(() =>
    preferences.subtitles ? ((tracks.find((t) => t.isDefault) ?? tracks[0])?.id ?? "off") : "off",
  );

  useEffect(() => {
    const el = mediaRef.current;
    if (!el) return;
    el.volume = volume;
    el.muted = muted;
  }, [mediaRef, volume, muted]);
  useEffect(() => {
    if (mediaRef.current) mediaRef.current.playbackRate = speed;
  }, [mediaRef, speed]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-applied when tracks are (re)attached
  useEffect(() => {
    const el = mediaRef.current;
    if (!el) return;
    for (let i = 0; i < el.textTracks.length; i++) {
      const track = el.textTracks[i];
      if (track) track.mode = track.id === subtitle ? "showing" : "disabled";
    }
  }, [mediaRef, subtitle, ready]);

  /** A new volume also unmutes (moving the slider, the arrow keys). */
  const setVolume = (v: number) => {
    setMuted(false);
    setVolumeState(clampVolume(v));
  };
  return {
    volume,
    muted,
    /** Silent: muted, or a volume of 0. */
    silent: muted || volume === 0,
    speed,
    subtitle,
    setVolume,
    volumeBy: (delta: number) => {
      setMuted(false);
      setVolumeState((v) => clampVolume(v + delta));
    },
    toggleMute: () => setMuted((m) => !m),
    setSpeed,
    setSubtitle,
  };
}
