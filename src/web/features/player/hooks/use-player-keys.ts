import { useEffect, useEffectEvent } from "react";
import { keyAction } from "../lib/player-keys.ts";

export interface PlayerKeyHandlers {
  togglePlay: () => void;
  toggleMute: () => void;
  toggleFullscreen: () => void;
  escape: () => void;
  seekBy: (seconds: number) => void;
  volumeBy: (delta: number) => void;
  /** Any handled key (the controls show). */
  onKey?: () => void;
}

/**
 * spec §2 Player keys, whenever the player has the page (lib/player-keys.ts says which key does
 * what). One window listener for the player's life, always calling the latest handlers. While a
 * panel or dialog is open, keys typed inside it are its own (Escape still closes it).
 */
export function usePlayerKeys(handlers: PlayerKeyHandlers, panelOpen: boolean): void {
  const onKeyDown = useEffectEvent((event: KeyboardEvent) => {
    const target = event.target instanceof HTMLElement ? event.target : null;
    const action = keyAction(
      event,
      target && {
        tagName: target.tagName,
        role: target.getAttribute("role"),
        type: (target as HTMLInputElement).type,
      },
    );
    if (!action) return;
    if (panelOpen && action.type !== "escape" && target?.closest('[role="menu"], aside, dialog')) return;
    event.preventDefault();
    handlers.onKey?.();
    switch (action.type) {
      case "toggle-play":
        return handlers.togglePlay();
      case "toggle-mute":
        return handlers.toggleMute();
      case "toggle-fullscreen":
        return handlers.toggleFullscreen();
      case "escape":
        return handlers.escape();
      case "seek-by":
        return handlers.seekBy(action.seconds);
      case "volume-by":
        return handlers.volumeBy(action.delta);
    }
  });

  useEffect(() => {
    const listener = (event: KeyboardEvent) => onKeyDown(event);
    window.addEventListener("keydown", listener);
    return () => window.removeEventListener("keydown", listener);
  }, []);
}
