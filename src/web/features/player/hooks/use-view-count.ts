import { useRef } from "react";
import { countView } from "#contract/stream";
import { apiSend } from "#web/lib/api.ts";

/**
 * spec §4: a view counts once per load, on the first play. The returned function asks the server
 * the first time it is called; a failed request lets the next play try again.
 */
export function useViewCount(videoId: string, token: string): () => void {
  const counted = useRef(false);
  return () => {
    if (counted.current) return;
    counted.current = true;
    void apiSend(countView, { params: { videoId }, body: { token } }).catch(() => {
      counted.current = false;
    });
  };
}
