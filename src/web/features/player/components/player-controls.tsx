import {
  Captions,
  Gauge,
  Maximize,
  Minimize,
  Pause,
  PictureInPicture2,
  Play,
  RotateCcw,
  RotateCw,
  Settings2,
  Volume2,
  VolumeX,
} from "lucide-react";
import type { TrickplayInfo } from "#contract/media";
import { playerText } from "#web/i18n/player.ts";
import { formatClock } from "../lib/playback-errors.ts";
import { SEEK_STEP } from "../lib/player-keys.ts";
import { IconButton } from "./icon-button.tsx";
import { SeekBar } from "./seek-bar.tsx";

/**
 * spec §2 Player bottom bar: seek with the buffered range, play/pause, ±10 s, mute, volume, time,
 * subtitles, speed, picture-in-picture, fullscreen. It fades with the top bar.
 */
export function PlayerControls({
  visible,
  playing,
  time,
  duration,
  bufferedEnd,
  volume,
  silent,
  fullscreen,
  hasSubtitles,
  hasQualities,
  trickplay,
  panel,
  onSeek,
  onTogglePlay,
  onToggleMute,
  onVolume,
  onPanel,
  onPip,
  onToggleFullscreen,
}: {
  visible: boolean;
  playing: boolean;
  time: number;
  duration: number;
  bufferedEnd: number;
  volume: number;
  silent: boolean;
  fullscreen: boolean;
  hasSubtitles: boolean;
  /** The ladder's quality menu (decision 025). */
  hasQualities: boolean;
  trickplay: TrickplayInfo | null;
  panel: string;
  onSeek: (seconds: number) => void;
  onTogglePlay: () => void;
  onToggleMute: () => void;
  onVolume: (volume: number) => void;
  onPanel: (panel: "subtitles" | "speed" | "quality") => void;
  /** Absent where the browser has no picture-in-picture. */
  onPip: (() => void) | undefined;
  onToggleFullscreen: () => void;
}) {
  const shownVolume = silent ? 0 : volume;
  return (
    <div
      className={`absolute inset-x-0 bottom-0 z-10 bg-gradient-to-t from-black/90 to-transparent px-4 pt-12 pb-4 transition-opacity duration-300 sm:px-6 ${visible ? "opacity-100" : "pointer-events-none opacity-0"}`}
    >
      <SeekBar
        time={time}
        duration={duration}
        bufferedEnd={bufferedEnd}
        trickplay={trickplay}
        onSeek={onSeek}
      />
      {/* Two groups: on a phone the second (subtitles … fullscreen) goes under the first, so
          every control stays on screen and the time on one line. */}
      <div className="mt-2 flex flex-wrap items-center justify-between gap-x-2">
        <div className="flex min-w-0 items-center gap-0.5 sm:gap-2">
          <IconButton label={playing ? playerText.pause : playerText.play} onClick={onTogglePlay}>
            {playing ? <Pause className="fill-current" /> : <Play className="fill-current" />}
          </IconButton>
          <IconButton label={playerText.back10} onClick={() => onSeek(time - SEEK_STEP)}>
            <RotateCcw />
          </IconButton>
          <IconButton label={playerText.forward10} onClick={() => onSeek(time + SEEK_STEP)}>
            <RotateCw />
          </IconButton>
          <IconButton label={silent ? playerText.unmute : playerText.mute} onClick={onToggleMute}>
            {silent ? <VolumeX /> : <Volume2 />}
          </IconButton>
          <input
            type="range"
            min={0}
            max={1}
            step={0.1}
            value={shownVolume}
            aria-label={playerText.volume}
            aria-valuetext={`${Math.round(shownVolume * 100)} %`}
            onChange={(e) => onVolume(Number(e.target.value))}
            className="hidden w-24 accent-[var(--color-accent)] sm:block"
          />
          <span className="ml-2 text-sm whitespace-nowrap text-fg/85 tabular-nums">
            {formatClock(time)} / {formatClock(duration)}
          </span>
        </div>
        <div className="ml-auto flex items-center gap-0.5 sm:gap-2">
          {hasSubtitles && (
            <IconButton
              label={playerText.subtitles}
              expanded={panel === "subtitles"}
              onClick={() => onPanel("subtitles")}
            >
              <Captions />
            </IconButton>
          )}
          {hasQualities && (
            <IconButton
              label={playerText.quality}
              expanded={panel === "quality"}
              onClick={() => onPanel("quality")}
            >
              <Settings2 />
            </IconButton>
          )}
          <IconButton label={playerText.speed} expanded={panel === "speed"} onClick={() => onPanel("speed")}>
            <Gauge />
          </IconButton>
          {onPip && (
            <IconButton label={playerText.pip} onClick={onPip}>
              <PictureInPicture2 />
            </IconButton>
          )}
          <IconButton
            label={fullscreen ? playerText.exitFullscreen : playerText.fullscreen}
            onClick={onToggleFullscreen}
          >
            {fullscreen ? <Minimize /> : <Maximize />}
          </IconButton>
        </div>
      </div>
    </div>
  );
}
