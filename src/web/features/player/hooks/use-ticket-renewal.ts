import { type RefObject, useEffect, useRef } from "react";

type Media = Pick<HTMLVideoElement, "currentTime" | "paused" | "play">;

/**
 * A renewed ticket (a new stream URL, after an expired one was refused) carries on from the same
 * moment: when the URL changes, the position and whether it was playing are kept, `onRenewed`
 * runs (the failure is cleared), and `restore` puts them back once the new source has loaded.
 */
export function useTicketRenewal(
  mediaRef: RefObject<Media | null>,
  url: string,
  onRenewed: () => void,
): (el: Media) => void {
  const kept = useRef<{ time: number; play: boolean } | null>(null);
  const current = useRef(url);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the stream's URL changes
  useEffect(() => {
    if (url === current.current) return;
    current.current = url;
    const el = mediaRef.current;
    if (el) kept.current = { time: el.currentTime, play: !el.paused };
    onRenewed();
  }, [url]);

  return (el) => {
    const k = kept.current;
    if (!k) return;
    kept.current = null;
    el.currentTime = k.time;
    if (k.play) void el.play().catch(() => {});
  };
}
