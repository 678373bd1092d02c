import { useCallback, useEffect, useRef, useState } from "react";
import { CONTROLS_HIDE_MS, CONTROLS_HIDE_TOUCH_MS } from "../lib/player-keys.ts";

/**
 * spec §9: the controls hide after 3 s of stillness (4 s after a touch), counted from the start too.
 * `reveal` shows them and starts the wait again; the player keeps them shown while paused or a
 * panel is open.
 */
export function useAutoHide(): { visible: boolean; reveal: (touch?: boolean) => void } {
  const [visible, setVisible] = useState(true);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const reveal = useCallback((touch = false) => {
    setVisible(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setVisible(false), touch ? CONTROLS_HIDE_TOUCH_MS : CONTROLS_HIDE_MS);
  }, []);
  // The wait starts with the player, not at the first movement: a film started without touching
  // anything (autoplay, a phone laid down) loses its controls after the same 3 s.
  useEffect(() => {
    timer.current = setTimeout(() => setVisible(false), CONTROLS_HIDE_MS);
    return () => clearTimeout(timer.current);
  }, []);
  return { visible, reveal };
}
