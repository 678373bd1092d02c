/** spec §9 Player: seek step 10 s, volume step 0.1, default volume 0.8, the six speeds. */
export const SEEK_STEP = 10;
export const VOLUME_STEP = 0.1;
export const DEFAULT_VOLUME = 0.8;
export const SPEEDS = [0.5, 0.75, 1, 1.25, 1.5, 2] as const;
/** spec §9: controls hide after 3 s of stillness while playing (4 s after a touch). */
export const CONTROLS_HIDE_MS = 3_000;
export const CONTROLS_HIDE_TOUCH_MS = 4_000;

export type PlayerAction =
  | { type: "toggle-play" }
  | { type: "toggle-mute" }
  | { type: "toggle-fullscreen" }
  | { type: "escape" }
  | { type: "seek-by"; seconds: number }
  | { type: "volume-by"; delta: number };

/**
 * spec §2 Player keys: space play/pause, m mute, f fullscreen, Escape leaves fullscreen (and
 * closes a panel), arrows seek ±10 s and change the volume by 0.1. Keys typed into a field or
 * pressed on a focused control that uses them itself (a button's Space, a slider's arrows) are
 * left to that element.
 */
export function keyAction(
  event: Pick<KeyboardEvent, "key" | "ctrlKey" | "metaKey" | "altKey">,
  target: { tagName: string; role: string | null; type?: string } | null,
): PlayerAction | null {
  if (event.ctrlKey || event.metaKey || event.altKey) return null;
  const tag = target?.tagName.toLowerCase() ?? "";
  if (tag === "input" || tag === "textarea" || tag === "select") {
    // The seek and volume sliders are range inputs: their arrows are theirs.
    if (tag !== "input" || target?.type !== "range" || !["m", "f", "M", "F"].includes(event.key)) return null;
  }
  const onButton = tag === "button" || target?.role === "menuitemradio" || target?.role === "button";
  switch (event.key) {
    case " ":
    case "Spacebar":
      return onButton ? null : { type: "toggle-play" };
    case "k":
    case "K":
      return { type: "toggle-play" };
    case "m":
    case "M":
      return { type: "toggle-mute" };
    case "f":
    case "F":
      return { type: "toggle-fullscreen" };
    case "Escape":
      return { type: "escape" };
    case "ArrowLeft":
      return { type: "seek-by", seconds: -SEEK_STEP };
    case "ArrowRight":
      return { type: "seek-by", seconds: SEEK_STEP };
    case "ArrowUp":
      return { type: "volume-by", delta: VOLUME_STEP };
    case "ArrowDown":
      return { type: "volume-by", delta: -VOLUME_STEP };
    default:
      return null;
  }
}

/** Volume kept in 0–1 and rounded to the step, so ten presses go from 0 to 1 exactly. */
export const clampVolume = (v: number) => Math.round(Math.min(1, Math.max(0, v)) * 10) / 10;
