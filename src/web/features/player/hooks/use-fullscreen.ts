import { type RefObject, useEffect, useState } from "react";

/** The player's fullscreen (spec §2: f, the button, a double click; Escape leaves it). */
export function useFullscreen(rootRef: RefObject<HTMLElement | null>) {
  const [fullscreen, setFullscreen] = useState(false);
  useEffect(() => {
    const onChange = () => setFullscreen(document.fullscreenElement !== null);
    document.addEventListener("fullscreenchange", onChange);
    return () => document.removeEventListener("fullscreenchange", onChange);
  }, []);
  const exit = () => {
    if (document.fullscreenElement) void document.exitFullscreen().catch(() => {});
  };
  return {
    fullscreen,
    exit,
    toggle: () => {
      if (document.fullscreenElement) exit();
      else void rootRef.current?.requestFullscreen().catch(() => {});
    },
  };
}
