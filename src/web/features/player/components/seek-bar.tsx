import { useState } from "react";
import type { TrickplayInfo } from "#contract/media";
import { playerText } from "#web/i18n/player.ts";
import { formatClock } from "../lib/playback-errors.ts";
import { trickplayTile } from "../lib/trickplay.ts";

/** Shown 160 px wide (the sheets' tiles are 320 px: sharp on a dense screen). */
const PREVIEW_WIDTH = 160;

/**
 * The seek bar: a native range (keyboard and screen readers for free) over the buffered range,
 * with the trickplay thumbnail of the moment under the pointer, on hover and while dragging.
 */
export function SeekBar({
  time,
  duration,
  bufferedEnd,
  trickplay = null,
  onSeek,
}: {
  time: number;
  duration: number;
  bufferedEnd: number;
  trickplay?: TrickplayInfo | null;
  onSeek: (seconds: number) => void;
}) {
  const total = Number.isFinite(duration) && duration > 0 ? duration : 0;
  const played = total > 0 ? (time / total) * 100 : 0;
  const buffered = total > 0 ? (Math.min(bufferedEnd, total) / total) * 100 : 0;
  /** Where the preview is: a fraction of the bar, or null. */
  const [hover, setHover] = useState<number | null>(null);
  const [dragging, setDragging] = useState(false);
  const at = dragging ? (total > 0 ? time / total : 0) : hover;
  const tile = trickplay && at !== null && total > 0 ? trickplayTile(trickplay, at * total) : null;
  const scale = trickplay ? PREVIEW_WIDTH / trickplay.tileWidth : 1;

  return (
    <div
      className="group/seek relative h-4 rounded-sm outline-offset-4 outline-accent has-[:focus-visible]:outline-2"
      onPointerMove={(e) => {
        const box = e.currentTarget.getBoundingClientRect();
        setHover(Math.min(1, Math.max(0, (e.clientX - box.left) / box.width)));
      }}
      onPointerLeave={() => setHover(null)}
    >
      {tile && trickplay && at !== null && (
        <div
          aria-hidden="true"
          data-testid="trickplay-preview"
          className="pointer-events-none absolute bottom-6 -translate-x-1/2 overflow-hidden rounded-md border border-white/30 bg-black shadow-2xl"
          style={{
            left: `clamp(${PREVIEW_WIDTH / 2}px, ${at * 100}%, calc(100% - ${PREVIEW_WIDTH / 2}px))`,
            width: PREVIEW_WIDTH,
          }}
        >
          <div
            style={{
              width: PREVIEW_WIDTH,
              height: trickplay.tileHeight * scale,
              backgroundImage: `url("${tile.url}")`,
              backgroundSize: `${trickplay.tileWidth * trickplay.columns * scale}px auto`,
              backgroundPosition: `-${tile.x * scale}px -${tile.y * scale}px`,
            }}
          />
          <span className="block bg-black/80 py-0.5 text-center text-xs font-semibold text-fg tabular-nums">
            {formatClock(at * total)}
          </span>
        </div>
      )}
      <div
        aria-hidden="true"
        className="absolute inset-x-0 top-1/2 h-1 -translate-y-1/2 rounded-full bg-white/20 group-hover/seek:h-1.5"
      >
        <div
          className="absolute inset-y-0 left-0 rounded-full bg-white/35"
          style={{ width: `${buffered}%` }}
        />
        <div className="absolute inset-y-0 left-0 rounded-full bg-accent" style={{ width: `${played}%` }} />
      </div>
      <input
        type="range"
        min={0}
        max={total || 1}
        step={1}
        value={Math.min(time, total || 1)}
        aria-label={playerText.seek}
        aria-valuetext={playerText.seekValue(formatClock(time), formatClock(total))}
        onChange={(e) => onSeek(Number(e.target.value))}
        onPointerDown={() => setDragging(true)}
        onPointerUp={() => setDragging(false)}
        onPointerCancel={() => setDragging(false)}
        className="absolute inset-0 w-full cursor-pointer opacity-0"
      />
    </div>
  );
}
