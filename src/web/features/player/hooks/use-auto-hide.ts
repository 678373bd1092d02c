import { useCallback, useEffect, useRef, useState } from "react";
import { CONTROLS_HIDE_MS, CONTROLS_HIDE_TOUCH_MS } from "../lib/player-keys.ts";

/**
 * spec §9: the controls hide after 3 s of stillness (4 s after a touch), counted from the start too.
 * `reveal` shows them and starts the wait again; `keep` holds them at the wait's end (a control
 * with the keyboard's focus); the player keeps them shown while paused or a panel is open.
 */
export function useAutoHide(keep: () => boolean = () => false): {
  visible: boolean;
  reveal: (touch?: boolean) => void;
} {
  const [visible, setVisible] = useState(true);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const keepRef = useRef(keep);
  keepRef.current = keep;
  // At the end of the wait, `keep` may hold them (a control has the keyboard's focus): waited again.
  const hideAfter = useCallback((ms: number) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(function hide() {
      if (keepRef.current()) timer.current = setTimeout(hide, ms);
      else setVisible(false);
    }, ms);
  }, []);
  const reveal = useCallback(
    (touch = false) => {
      setVisible(true);
      hideAfter(touch ? CONTROLS_HIDE_TOUCH_MS : CONTROLS_HIDE_MS);
    },
    [hideAfter],
  );
  // The wait starts with the player, not at the first movement: a film started without touching
  // anything (autoplay, a phone laid down) loses its controls after the same 3 s.
  useEffect(() => {
    hideAfter(CONTROLS_HIDE_MS);
    return () => clearTimeout(timer.current);
  }, [hideAfter]);
  return { visible, reveal };
}
