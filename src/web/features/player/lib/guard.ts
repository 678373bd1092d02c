/**
 * The player's security guard (spec §4, §8, §9): dev tools checked every 5 s (a gap above 200 px
 * between the window and the page), 10 critical violations block playback until reload; the
 * context menu, F12 / inspect shortcuts and screenshots are blocked and shown, but not counted.
 *
 * It must never fire on an ordinary viewer, so the gap is measured against the one the
 * page opened with (browser side panels, toolbars, a docked bookmarks bar), a zoom change or a
 * window resize takes a new baseline, and fullscreen is never suspicious.
 */
export const GUARD_CHECK_MS = 5_000;
export const GUARD_GAP_PX = 200;
export const GUARD_MAX_CRITICAL = 10;

export interface WindowSize {
  outerWidth: number;
  outerHeight: number;
  innerWidth: number;
  innerHeight: number;
  devicePixelRatio: number;
  fullscreen: boolean;
}

export interface GuardBaseline {
  gapX: number;
  gapY: number;
  outerWidth: number;
  outerHeight: number;
  devicePixelRatio: number;
}

export const baselineOf = (w: WindowSize): GuardBaseline => ({
  gapX: w.outerWidth - w.innerWidth,
  gapY: w.outerHeight - w.innerHeight,
  outerWidth: w.outerWidth,
  outerHeight: w.outerHeight,
  devicePixelRatio: w.devicePixelRatio,
});

/**
 * "suspect" when the page lost more than 200 px to something docked since the baseline while the
 * window itself kept its size and zoom; "rebase" when the window or zoom changed (the viewer did
 * it: take a new baseline); "ok" otherwise.
 */
export function checkWindow(w: WindowSize, base: GuardBaseline): "ok" | "suspect" | "rebase" {
  if (w.fullscreen) return "ok";
  if (
    w.devicePixelRatio !== base.devicePixelRatio ||
    w.outerWidth !== base.outerWidth ||
    w.outerHeight !== base.outerHeight
  )
    return "rebase";
  const grewX = w.outerWidth - w.innerWidth - base.gapX;
  const grewY = w.outerHeight - w.innerHeight - base.gapY;
  return grewX > GUARD_GAP_PX || grewY > GUARD_GAP_PX ? "suspect" : "ok";
}

/** F12 and the inspect / view-source shortcuts (Ctrl+Shift+I/J/C, Ctrl+U; ⌘⌥I/J/C, ⌘U on a Mac). */
export function isInspectShortcut(
  e: Pick<KeyboardEvent, "key" | "ctrlKey" | "metaKey" | "shiftKey" | "altKey">,
) {
  if (e.key === "F12") return true;
  const key = e.key.toLowerCase();
  const mod = e.ctrlKey || e.metaKey;
  if (mod && (e.shiftKey || e.altKey) && ["i", "j", "c"].includes(key)) return true;
  return mod && !e.shiftKey && key === "u";
}
