import { type RefObject, useCallback, useEffect, useRef } from "react";

/** spec §9: progress is saved every 30 s while playing. */
export const SAVE_EVERY_MS = 30_000;

export interface ProgressPoint {
  videoId: string;
  episodeId: string | null;
  currentPosition: number;
  totalDuration: number;
}

/** Where the player sends the member's position (the screen builds it from the history's saves). */
export interface ProgressSink {
  save: (point: ProgressPoint) => void;
  /** Same, through a beacon, while the page is hidden or closed. */
  beacon: (point: ProgressPoint) => void;
}

type Media = Pick<HTMLVideoElement, "currentTime" | "duration">;

/**
 * spec §5 Watch progress: the position is saved every 30 s while playing, when the page is hidden
 * or closed (a beacon), and when the player closes or changes episode; `saveNow` is for the
 * moments the screen knows (pause, end). Nothing is saved before the duration is known.
 */
export function useProgressSaving({
  mediaRef,
  videoId,
  episodeId,
  playing,
  sink,
}: {
  mediaRef: RefObject<Media | null>;
  videoId: string;
  episodeId: string | null;
  playing: boolean;
  sink: ProgressSink;
}): { saveNow: () => void } {
  // The last position seen, kept after each render (the player renders at each time update): when
  // the player closes, React has already let go of the <video> (the ref is null), and when the
  // episode changes its new source has already reset it; the save then uses this one.
  const last = useRef<ProgressPoint | null>(null);
  const read = useCallback((): ProgressPoint | null => {
    const el = mediaRef.current;
    if (!el || !Number.isFinite(el.duration) || el.duration <= 0) return null;
    return { videoId, episodeId, currentPosition: el.currentTime, totalDuration: el.duration };
  }, [mediaRef, videoId, episodeId]);
  useEffect(() => {
    const p = read();
    if (p) last.current = p;
  });
  const point = useCallback((): ProgressPoint | null => {
    const p = read();
    if (p) return p;
    const known = last.current;
    return known && known.videoId === videoId && known.episodeId === episodeId ? known : null;
  }, [read, videoId, episodeId]);

  const saveNow = useCallback(() => {
    const p = point();
    if (p) sink.save(p);
  }, [point, sink]);

  useEffect(() => {
    if (!playing) return;
    const timer = setInterval(saveNow, SAVE_EVERY_MS);
    return () => clearInterval(timer);
  }, [playing, saveNow]);

  useEffect(() => {
    const onHide = () => {
      if (document.visibilityState !== "hidden") return;
      const p = point();
      if (p) sink.beacon(p);
    };
    document.addEventListener("visibilitychange", onHide);
    window.addEventListener("pagehide", onHide);
    return () => {
      document.removeEventListener("visibilitychange", onHide);
      window.removeEventListener("pagehide", onHide);
      // Leaving the player or changing episode saves where the member was.
      const p = point();
      if (p) sink.save(p);
    };
  }, [point, sink]);

  return { saveNow };
}
