import { useEffect, useState } from "react";
import { apiProbe } from "#web/lib/api.ts";
import { LOAD_TIMEOUT_MS, type PlaybackFailure } from "../lib/playback-errors.ts";

/**
 * What went wrong with playback (spec §8 Playback errors): nothing loaded within 30 s, or the
 * media element's error — for a source that "failed" (codes 2 and 4) the stream is asked what it
 * answered, so its French message is shown; a refused ticket (401, 403) asks the screen for a new
 * one instead (`onStreamRejected`).
 */
export function usePlaybackFailure({
  loaded,
  url,
  onStreamRejected,
}: {
  loaded: boolean;
  url: string;
  onStreamRejected: () => void;
}) {
  const [failure, setFailure] = useState<PlaybackFailure | null>(null);

  useEffect(() => {
    if (loaded || failure) return;
    const timer = setTimeout(() => setFailure({ kind: "timeout" }), LOAD_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, [loaded, failure]);

  const onMediaError = async (code: number) => {
    // Only Bobine's own stream can say why (a film hosted elsewhere is the element's to report).
    if ((code === 2 || code === 4) && url.startsWith("/")) {
      try {
        const refusal = await apiProbe(url, { Range: "bytes=0-0" });
        if (refusal) {
          if (refusal.status === 401 || refusal.status === 403) return onStreamRejected();
          const message = refusal.fromServer ? refusal.message : null;
          return setFailure({ kind: "stream", status: refusal.status, message });
        }
      } catch {
        return setFailure({ kind: "media", code: 2 });
      }
    }
    setFailure({ kind: "media", code });
  };

  return { failure, onMediaError, clear: () => setFailure(null) };
}
