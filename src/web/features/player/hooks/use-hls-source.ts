import { type RefObject, useEffect, useRef, useState } from "react";

/** "auto" (bandwidth-adaptive) or a rung's height. */
export type QualityChoice = "auto" | number;

export interface HlsSource {
  /** The ladder is played by hls.js: the quality can be chosen (Safari's own HLS chooses alone). */
  choosable: boolean;
  choice: QualityChoice;
  /** The height playing now (what « Auto » is on), when known. */
  playingHeight: number | null;
  choose: (choice: QualityChoice) => void;
}

type HlsInstance = {
  levels: { height: number }[];
  currentLevel: number;
  nextLevel: number;
  loadLevel: number;
  destroy(): void;
  loadSource(url: string): void;
  attachMedia(el: HTMLMediaElement): void;
  on(event: string, handler: (event: string, data: { level?: number; fatal?: boolean }) => void): void;
};

/** Safari (and iOS) plays HLS itself; elsewhere hls.js over Media Source Extensions. */
function nativeHls(el: HTMLVideoElement): boolean {
  const canNative = el.canPlayType("application/vnd.apple.mpegurl") !== "";
  const hasMse = typeof window !== "undefined" && ("MediaSource" in window || "ManagedMediaSource" in window);
  return canNative && (!hasMse || /Apple/.test(navigator.vendor));
}

/**
 * The stream's source (decision 025): one file through the proxy as before, or the HLS ladder — by
 * Safari's own HLS, or by hls.js, loaded only when a ladder plays (its own chunk). A fatal hls.js
 * error is reported as the media element's network error, so the failure hook asks the stream
 * what it answered (an expired ticket, too many screens) as for a file.
 */
export function useHlsSource(
  videoRef: RefObject<HTMLVideoElement | null>,
  ticket: { url: string; hls: boolean },
  onFatal: (code: number) => void,
): HlsSource {
  const hlsRef = useRef<HlsInstance | null>(null);
  const [choosable, setChoosable] = useState(false);
  const [choice, setChoice] = useState<QualityChoice>("auto");
  const [playingHeight, setPlayingHeight] = useState<number | null>(null);
  const fatal = useRef(onFatal);
  fatal.current = onFatal;

  useEffect(() => {
    const el = videoRef.current;
    if (!el) return;
    // One file: the element's own src attribute (the player renders it).
    if (!ticket.hls) return;
    if (nativeHls(el)) {
      el.src = ticket.url;
      setChoosable(false);
      return;
    }
    let cancelled = false;
    void import("hls.js").then(({ default: Hls }) => {
      if (cancelled) return;
      const hls = new Hls({
        // Subtitles stay the player's own <track> elements (same ticket, same settings).
        enableWebVTT: false,
        capLevelToPlayerSize: false,
        startLevel: -1,
      }) as unknown as HlsInstance;
      hlsRef.current = hls;
      hls.on(Hls.Events.LEVEL_SWITCHED, (_event, data) => {
        setPlayingHeight(hls.levels[data.level ?? -1]?.height ?? null);
      });
      hls.on(Hls.Events.MANIFEST_PARSED, () => setChoosable(hls.levels.length > 1));
      hls.on(Hls.Events.ERROR, (_event, data) => {
        if (data.fatal) fatal.current(2);
      });
      hls.loadSource(ticket.url);
      hls.attachMedia(el);
    });
    return () => {
      cancelled = true;
      hlsRef.current?.destroy();
      hlsRef.current = null;
    };
  }, [videoRef, ticket.url, ticket.hls]);

  const choose = (next: QualityChoice) => {
    setChoice(next);
    const hls = hlsRef.current;
    if (!hls) return;
    // nextLevel: the switch happens at the next segment, without emptying the buffer.
    hls.nextLevel = next === "auto" ? -1 : hls.levels.findIndex((level) => level.height === next);
  };

  return { choosable, choice, playingHeight, choose };
}
