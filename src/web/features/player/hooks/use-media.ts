import { type RefObject, type SyntheticEvent, useRef, useState } from "react";

type Media = HTMLVideoElement;
type MediaEvent = SyntheticEvent<Media>;

/** What the media element says about itself, for the controls and the loading states. */
export interface MediaState {
  playing: boolean;
  loaded: boolean;
  buffering: boolean;
  time: number;
  duration: number;
  bufferedEnd: number;
}

const initial: MediaState = {
  playing: false,
  loaded: false,
  buffering: true,
  time: 0,
  duration: 0,
  bufferedEnd: 0,
};

/**
 * The media element's state, kept from its events (`events` goes on the <video>), and its
 * transport: play, toggle, seek. `on` lets the player act at the moments that matter (first
 * playing, pause, end, metadata).
 */
export function useMedia(
  mediaRef: RefObject<Media | null>,
  on: {
    playing?: () => void;
    pause?: () => void;
    ended?: () => void;
    loadedMetadata?: (el: Media) => void;
    play?: () => void;
  } = {},
) {
  const [state, setState] = useState<MediaState>(initial);
  const set = (patch: Partial<MediaState>) => setState((s) => ({ ...s, ...patch }));
  // A seek asked before the duration is known ('Reprendre' right away) waits for the metadata.
  const pendingSeek = useRef<number | null>(null);

  const play = () => {
    const el = mediaRef.current;
    if (!el) return;
    void el.play().catch(() => set({ playing: false }));
  };
  const seekTo = (seconds: number) => {
    const el = mediaRef.current;
    if (!el) return;
    if (!Number.isFinite(el.duration)) {
      pendingSeek.current = seconds;
      return;
    }
    el.currentTime = Math.min(Math.max(0, seconds), el.duration);
    set({ time: el.currentTime });
  };

  return {
    ...state,
    play,
    togglePlay: () => {
      const el = mediaRef.current;
      if (!el) return;
      if (el.paused) play();
      else el.pause();
    },
    seekTo,
    seekBy: (seconds: number) => {
      const el = mediaRef.current;
      if (el) seekTo(el.currentTime + seconds);
    },
    events: {
      onLoadedMetadata: (e: MediaEvent) => {
        set({ duration: e.currentTarget.duration, loaded: true });
        on.loadedMetadata?.(e.currentTarget);
        const pending = pendingSeek.current;
        pendingSeek.current = null;
        if (pending !== null) seekTo(pending);
      },
      onLoadedData: () => set({ loaded: true }),
      onDurationChange: (e: MediaEvent) => set({ duration: e.currentTarget.duration }),
      onTimeUpdate: (e: MediaEvent) => set({ time: e.currentTarget.currentTime }),
      onProgress: (e: MediaEvent) => {
        const b = e.currentTarget.buffered;
        set({ bufferedEnd: b.length > 0 ? b.end(b.length - 1) : 0 });
      },
      // Whatever started it (a control, a key, the system's media keys, picture-in-picture).
      onPlay: () => on.play?.(),
      onPlaying: () => {
        set({ playing: true, buffering: false });
        on.playing?.();
      },
      onPause: () => {
        set({ playing: false });
        on.pause?.();
      },
      onWaiting: () => set({ buffering: true }),
      onCanPlay: () => set({ buffering: false }),
      onEnded: () => {
        set({ playing: false });
        on.ended?.();
      },
    },
  };
}
