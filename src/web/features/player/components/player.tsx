import {
  ArrowLeft,
  Captions,
  Gauge,
  ListVideo,
  Maximize,
  Minimize,
  Pause,
  PictureInPicture2,
  Play,
  RotateCcw,
  RotateCw,
  Star,
  TriangleAlert,
  Volume2,
  VolumeX,
  X,
} from "lucide-react";
import { type ReactNode, useCallback, useEffect, useId, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { countView, type TicketResponse } from "#contract/stream";
import type { EpisodeSummary, VideoDetail } from "#contract/video-detail";
import { buttonStyles } from "#web/components/ui/button-styles.ts";
import { Spinner } from "#web/components/ui/spinner.tsx";
import { FavoriteButton, RatingStars } from "#web/features/video-info/components/video-actions.tsx";
import { fr } from "#web/i18n/fr.ts";
import { apiSend } from "#web/lib/api.ts";
import {
  formatClock,
  LOAD_TIMEOUT_MS,
  type PlaybackFailure,
  playbackErrorMessage,
} from "../lib/playback-errors.ts";
import {
  CONTROLS_HIDE_MS,
  CONTROLS_HIDE_TOUCH_MS,
  clampVolume,
  DEFAULT_VOLUME,
  keyAction,
} from "../lib/player-keys.ts";
import { PlayerGuard } from "./player-guard.tsx";
import { EpisodePanel, SpeedPanel, SubtitlePanel } from "./player-panels.tsx";

/** spec §9: progress is saved every 30 s while playing. */
const SAVE_EVERY_MS = 30_000;
/** The next episode starts after this countdown unless the member cancels. */
const NEXT_EPISODE_SECONDS = 10;

export interface ProgressPoint {
  videoId: string;
  episodeId: string | null;
  currentPosition: number;
  totalDuration: number;
}

export interface ProgressSink {
  save: (point: ProgressPoint) => void;
  /** Same, through navigator.sendBeacon, while the page is hidden or closed. */
  beacon: (point: ProgressPoint) => void;
}

type Panel = "none" | "episodes" | "speed" | "subtitles" | "rate";

export interface PlaybackPreferences {
  volume: number;
  autoplay: boolean;
  subtitles: boolean;
}
/** spec §9 defaults: volume 0.8, autoplay and subtitles on. */
const DEFAULT_PREFERENCES: PlaybackPreferences = { volume: DEFAULT_VOLUME, autoplay: true, subtitles: true };

/**
 * The full-screen player (spec §2 Player, issue #5): every control and key of the spec, controls
 * that hide after 3 s of stillness while playing, the loading / buffering / error states with the
 * spec's French texts, episodes by season with the next one offered at the end, WebVTT subtitles,
 * speeds, picture-in-picture, resume within the spec's window, progress saved every 30 s, on
 * pause, on episode change and when the page is hidden, and one view per load on first play.
 */
export function Player({
  video,
  episode,
  ticket,
  resumeAt,
  progress,
  onEpisodeChange,
  onStreamRejected,
  preferences = DEFAULT_PREFERENCES,
}: {
  video: VideoDetail;
  episode: EpisodeSummary | undefined;
  ticket: TicketResponse;
  /** Where the member stopped, inside the resume window (spec §5), or null. */
  resumeAt: number | null;
  progress: ProgressSink;
  onEpisodeChange: (episode: EpisodeSummary) => void;
  /** The stream refused the ticket (expired or revoked): ask for a new one once. */
  onStreamRejected: () => void;
  /** The member's playback settings (issue #6): volume, subtitles, and autoplay of the next episode. */
  preferences?: PlaybackPreferences;
}) {
  const navigate = useNavigate();
  const rootRef = useRef<HTMLDivElement>(null);
  const videoRef = useRef<HTMLVideoElement>(null);
  const [playing, setPlaying] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const [buffering, setBuffering] = useState(true);
  const [time, setTime] = useState(0);
  const [duration, setDuration] = useState(0);
  const [bufferedEnd, setBufferedEnd] = useState(0);
  const [volume, setVolume] = useState(preferences.volume);
  const [muted, setMuted] = useState(false);
  const [speed, setSpeed] = useState(1);
  // spec §3 settings: subtitles on → the default track (else the first), off → none.
  const [subtitle, setSubtitle] = useState<string>(() =>
    preferences.subtitles
      ? ((ticket.subtitles.find((t) => t.isDefault) ?? ticket.subtitles[0])?.id ?? "off")
      : "off",
  );
  const [fullscreen, setFullscreen] = useState(false);
  const [panel, setPanel] = useState<Panel>("none");
  const [controlsVisible, setControlsVisible] = useState(true);
  const [failure, setFailure] = useState<PlaybackFailure | null>(null);
  const [resumeOffer, setResumeOffer] = useState<number | null>(resumeAt);
  const [nextCountdown, setNextCountdown] = useState<number | null>(null);
  const viewCounted = useRef(false);
  const hideTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const episodes = video.episodes;
  const episodeIndex = episode ? episodes.findIndex((e) => e.id === episode.id) : -1;
  const nextEpisode = episodeIndex >= 0 ? episodes[episodeIndex + 1] : undefined;

  // --- progress ---------------------------------------------------------------------------------
  const point = useCallback((): ProgressPoint | null => {
    const el = videoRef.current;
    if (!el || !Number.isFinite(el.duration) || el.duration <= 0) return null;
    return {
      videoId: video.id,
      episodeId: episode?.id ?? null,
      currentPosition: el.currentTime,
      totalDuration: el.duration,
    };
  }, [video.id, episode?.id]);
  const saveNow = useCallback(() => {
    const p = point();
    if (p) progress.save(p);
  }, [point, progress]);

  useEffect(() => {
    if (!playing) return;
    const timer = setInterval(saveNow, SAVE_EVERY_MS);
    return () => clearInterval(timer);
  }, [playing, saveNow]);

  useEffect(() => {
    const onHide = () => {
      if (document.visibilityState !== "hidden") return;
      const p = point();
      if (p) progress.beacon(p);
    };
    document.addEventListener("visibilitychange", onHide);
    window.addEventListener("pagehide", onHide);
    return () => {
      document.removeEventListener("visibilitychange", onHide);
      window.removeEventListener("pagehide", onHide);
      // Leaving the player or changing episode saves where the member was.
      const p = point();
      if (p) progress.save(p);
    };
  }, [point, progress]);

  // --- a renewed ticket (new URL) carries on from the same moment -------------------------------
  const restore = useRef<{ time: number; play: boolean } | null>(null);
  const firstUrl = useRef(ticket.url);
  useEffect(() => {
    if (ticket.url === firstUrl.current) return;
    firstUrl.current = ticket.url;
    const el = videoRef.current;
    if (el) restore.current = { time: el.currentTime, play: !el.paused };
    setFailure(null);
  }, [ticket.url]);
  const applyRestore = (el: HTMLVideoElement) => {
    const r = restore.current;
    if (!r) return;
    restore.current = null;
    el.currentTime = r.time;
    if (r.play) void el.play().catch(() => {});
  };

  // --- source, load timeout, errors ---------------------------------------------------------------
  useEffect(() => {
    if (loaded || failure) return;
    const timer = setTimeout(() => setFailure({ kind: "timeout" }), LOAD_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, [loaded, failure]);

  const onMediaError = async () => {
    const code = videoRef.current?.error?.code ?? 0;
    // The element only says the source failed: ask the stream what it answered.
    if (code === 2 || code === 4) {
      try {
        const res = await fetch(ticket.url, { headers: { Range: "bytes=0-0" }, credentials: "same-origin" });
        if (!res.ok) {
          if (res.status === 401 || res.status === 403) return onStreamRejected();
          const body = (await res.json().catch(() => null)) as { message?: string } | null;
          return setFailure({ kind: "stream", status: res.status, message: body?.message ?? null });
        }
      } catch {
        return setFailure({ kind: "media", code: 2 });
      }
    }
    setFailure({ kind: "media", code });
  };

  // --- view counting (spec §4: once per load, on first play) ----------------------------------
  const onPlaying = () => {
    setPlaying(true);
    setBuffering(false);
    if (!viewCounted.current) {
      viewCounted.current = true;
      void apiSend(countView, { params: { videoId: video.id }, body: { token: ticket.token } }).catch(() => {
        viewCounted.current = false;
      });
    }
  };

  // --- media element wiring -----------------------------------------------------------------------
  useEffect(() => {
    const el = videoRef.current;
    if (!el) return;
    el.volume = volume;
    el.muted = muted;
  }, [volume, muted]);
  useEffect(() => {
    if (videoRef.current) videoRef.current.playbackRate = speed;
  }, [speed]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-applied when tracks are (re)attached
  useEffect(() => {
    const el = videoRef.current;
    if (!el) return;
    for (let i = 0; i < el.textTracks.length; i++) {
      const track = el.textTracks[i];
      if (!track) continue;
      track.mode = track.id === subtitle ? "showing" : "disabled";
    }
  }, [subtitle, loaded]);

  const play = () => {
    const el = videoRef.current;
    if (!el) return;
    setResumeOffer(null);
    void el.play().catch(() => setPlaying(false));
  };
  const togglePlay = () => {
    const el = videoRef.current;
    if (!el) return;
    if (el.paused) play();
    else el.pause();
  };
  const seekTo = (seconds: number) => {
    const el = videoRef.current;
    if (!el || !Number.isFinite(el.duration)) return;
    el.currentTime = Math.min(Math.max(0, seconds), el.duration);
    setTime(el.currentTime);
  };
  const toggleFullscreen = () => {
    if (document.fullscreenElement) void document.exitFullscreen().catch(() => {});
    else void rootRef.current?.requestFullscreen().catch(() => {});
  };
  useEffect(() => {
    const onChange = () => setFullscreen(document.fullscreenElement !== null);
    document.addEventListener("fullscreenchange", onChange);
    return () => document.removeEventListener("fullscreenchange", onChange);
  }, []);

  // --- controls that hide (spec §9: 3 s, 4 s after a touch) ------------------------------------
  const reveal = useCallback((touch = false) => {
    setControlsVisible(true);
    clearTimeout(hideTimer.current);
    hideTimer.current = setTimeout(
      () => setControlsVisible(false),
      touch ? CONTROLS_HIDE_TOUCH_MS : CONTROLS_HIDE_MS,
    );
  }, []);
  useEffect(() => () => clearTimeout(hideTimer.current), []);
  const showControls =
    controlsVisible || !playing || panel !== "none" || resumeOffer !== null || failure !== null;

  // --- keys (spec §2) -----------------------------------------------------------------------------
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
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
      // A dialog or panel open: its own keys first (Escape closes it).
      if (panel !== "none" && action.type !== "escape" && target?.closest('[role="menu"], aside, dialog'))
        return;
      event.preventDefault();
      reveal();
      const el = videoRef.current;
      switch (action.type) {
        case "toggle-play":
          return togglePlay();
        case "toggle-mute":
          return setMuted((m) => !m);
        case "toggle-fullscreen":
          return toggleFullscreen();
        case "escape":
          if (panel !== "none") return setPanel("none");
          if (document.fullscreenElement) void document.exitFullscreen().catch(() => {});
          return;
        case "seek-by":
          return el && seekTo(el.currentTime + action.seconds);
        case "volume-by":
          setMuted(false);
          return setVolume((v) => clampVolume(v + action.delta));
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  });

  // --- next episode countdown ---------------------------------------------------------------------
  useEffect(() => {
    // -1: offered without a countdown (autoplay is off in the member's settings).
    if (nextCountdown === null || nextCountdown < 0 || !nextEpisode) return;
    if (nextCountdown === 0) {
      setNextCountdown(null);
      onEpisodeChange(nextEpisode);
      return;
    }
    const timer = setTimeout(() => setNextCountdown((n) => (n === null ? null : n - 1)), 1000);
    return () => clearTimeout(timer);
  }, [nextCountdown, nextEpisode, onEpisodeChange]);

  const label = episode ? fr.player.episodeLabel(episode.seasonNumber, episode.episodeNumber) : null;
  const pipAvailable = typeof document !== "undefined" && document.pictureInPictureEnabled === true;

  return (
    <PlayerGuard onBlock={() => videoRef.current?.pause()}>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: pointer movement only reveals the controls; keys do the same through the window listener */}
      <div
        ref={rootRef}
        className={`fixed inset-0 z-50 bg-black text-fg select-none ${showControls ? "player-controls-shown" : "cursor-none"}`}
        onMouseMove={() => reveal()}
        onTouchStart={() => reveal(true)}
      >
        {/* biome-ignore lint/a11y/useMediaCaption: the WebVTT tracks are the captions, added below */}
        <video
          ref={videoRef}
          src={ticket.url}
          preload="auto"
          playsInline
          autoPlay={resumeAt === null}
          onClick={togglePlay}
          onDoubleClick={toggleFullscreen}
          onLoadedMetadata={(e) => {
            setDuration(e.currentTarget.duration);
            setLoaded(true);
            applyRestore(e.currentTarget);
          }}
          onLoadedData={() => setLoaded(true)}
          onDurationChange={(e) => setDuration(e.currentTarget.duration)}
          onTimeUpdate={(e) => setTime(e.currentTarget.currentTime)}
          onProgress={(e) => {
            const b = e.currentTarget.buffered;
            setBufferedEnd(b.length > 0 ? b.end(b.length - 1) : 0);
          }}
          onPlaying={onPlaying}
          onPause={() => {
            setPlaying(false);
            saveNow();
          }}
          onWaiting={() => setBuffering(true)}
          onCanPlay={() => setBuffering(false)}
          onEnded={() => {
            setPlaying(false);
            saveNow();
            if (nextEpisode) setNextCountdown(preferences.autoplay ? NEXT_EPISODE_SECONDS : -1);
          }}
          onError={() => void onMediaError()}
          className="absolute inset-0 size-full bg-black object-contain"
        >
          {ticket.subtitles.map((track) => (
            <track
              key={track.id}
              id={track.id}
              kind="subtitles"
              src={track.url}
              srcLang={track.language}
              label={track.languageName}
              default={track.id === subtitle}
            />
          ))}
        </video>

        {(buffering || !loaded) && !failure && (
          <div role="status" className="pointer-events-none absolute inset-0 grid place-items-center">
            <Spinner className="size-14" />
            <span className="sr-only">{fr.player.loading}</span>
          </div>
        )}

        {failure && (
          <div
            role="alert"
            className="absolute inset-0 z-20 grid place-items-center bg-black/80 px-6 text-center"
          >
            <div className="max-w-md">
              <TriangleAlert className="mx-auto size-10 text-accent" aria-hidden="true" />
              <h2 className="mt-4 text-2xl font-bold">{fr.player.errors.title}</h2>
              <p className="mt-2 text-muted">{playbackErrorMessage(failure)}</p>
              <div className="mt-6 flex justify-center gap-3">
                <button type="button" className={buttonStyles()} onClick={() => window.location.reload()}>
                  {fr.player.retry}
                </button>
                <button
                  type="button"
                  className={buttonStyles({ variant: "outline" })}
                  onClick={() => navigate(-1)}
                >
                  {fr.player.back}
                </button>
              </div>
            </div>
          </div>
        )}

        {/* Top bar: back, title, season/episode label, episodes, favourite, rate. */}
        <div
          className={`absolute inset-x-0 top-0 z-10 flex items-center gap-3 bg-gradient-to-b from-black/85 to-transparent px-4 pt-4 pb-10 transition-opacity duration-300 sm:px-6 ${showControls ? "opacity-100" : "pointer-events-none opacity-0"}`}
        >
          <IconButton label={fr.player.back} onClick={() => navigate(-1)}>
            <ArrowLeft />
          </IconButton>
          <div className="min-w-0 flex-1">
            <h1 className="truncate text-lg font-bold sm:text-xl">{video.title}</h1>
            {label && (
              <p className="truncate text-sm text-fg/75">
                {label} · {episode?.title}
              </p>
            )}
          </div>
          {episodes.length > 0 && (
            <IconButton
              label={fr.player.episodes}
              pressed={panel === "episodes"}
              onClick={() => setPanel(panel === "episodes" ? "none" : "episodes")}
            >
              <ListVideo />
            </IconButton>
          )}
          <FavoriteButton video={video} variant="icon" className={iconButtonClass} />
          <IconButton label={fr.player.rate} pressed={panel === "rate"} onClick={() => setPanel("rate")}>
            <Star />
          </IconButton>
        </div>

        {resumeOffer !== null && !failure && (
          <div className="absolute bottom-28 left-4 z-20 w-[min(24rem,calc(100vw-2rem))] animate-fade-in rounded-2xl border border-white/10 bg-surface/95 p-5 shadow-2xl backdrop-blur-md sm:left-6">
            <h2 className="text-lg font-bold">{fr.player.resumeTitle}</h2>
            <p className="mt-1 text-sm text-muted">{fr.player.resumeAt(formatClock(resumeOffer))}</p>
            <div className="mt-4 flex gap-3">
              <button
                type="button"
                // biome-ignore lint/a11y/noAutofocus: the player's one question; Enter answers it
                autoFocus
                className={buttonStyles({ size: "sm" })}
                onClick={() => {
                  seekTo(resumeOffer);
                  play();
                }}
              >
                <Play className="fill-current" aria-hidden="true" />
                {fr.player.resume}
              </button>
              <button
                type="button"
                className={buttonStyles({ variant: "outline", size: "sm" })}
                onClick={() => {
                  seekTo(0);
                  play();
                }}
              >
                <RotateCcw aria-hidden="true" />
                {fr.player.restart}
              </button>
            </div>
          </div>
        )}

        {nextCountdown !== null && nextEpisode && (
          <div className="absolute right-4 bottom-28 z-20 w-[min(22rem,calc(100vw-2rem))] animate-fade-in rounded-2xl border border-white/10 bg-surface/95 p-5 shadow-2xl sm:right-6">
            <p className="text-xs font-bold tracking-[0.14em] text-muted uppercase">
              {fr.player.nextEpisode}
            </p>
            <p className="mt-1 font-semibold">
              {fr.player.episodeLabel(nextEpisode.seasonNumber, nextEpisode.episodeNumber)} ·{" "}
              {nextEpisode.title}
            </p>
            {nextCountdown >= 0 && (
              <p role="timer" aria-live="polite" className="mt-1 text-sm text-muted">
                {fr.player.nextIn(nextCountdown)}
              </p>
            )}
            <div className="mt-4 flex gap-3">
              <button
                type="button"
                className={buttonStyles({ size: "sm" })}
                onClick={() => onEpisodeChange(nextEpisode)}
              >
                {fr.player.playNow}
              </button>
              <button
                type="button"
                className={buttonStyles({ variant: "outline", size: "sm" })}
                onClick={() => setNextCountdown(null)}
              >
                {fr.player.cancel}
              </button>
            </div>
          </div>
        )}

        {/* Bottom bar: seek with buffered range, play/pause, ±10 s, mute, volume, time, menus, fullscreen. */}
        <div
          className={`absolute inset-x-0 bottom-0 z-10 bg-gradient-to-t from-black/90 to-transparent px-4 pt-12 pb-4 transition-opacity duration-300 sm:px-6 ${showControls ? "opacity-100" : "pointer-events-none opacity-0"}`}
        >
          <SeekBar time={time} duration={duration} bufferedEnd={bufferedEnd} onSeek={seekTo} />
          <div className="mt-2 flex items-center gap-1 sm:gap-2">
            <IconButton label={playing ? fr.player.pause : fr.player.play} onClick={togglePlay}>
              {playing ? <Pause className="fill-current" /> : <Play className="fill-current" />}
            </IconButton>
            <IconButton label={fr.player.back10} onClick={() => seekTo(time - 10)}>
              <RotateCcw />
            </IconButton>
            <IconButton label={fr.player.forward10} onClick={() => seekTo(time + 10)}>
              <RotateCw />
            </IconButton>
            <IconButton
              label={muted || volume === 0 ? fr.player.unmute : fr.player.mute}
              onClick={() => setMuted((m) => !m)}
            >
              {muted || volume === 0 ? <VolumeX /> : <Volume2 />}
            </IconButton>
            <input
              type="range"
              min={0}
              max={1}
              step={0.1}
              value={muted ? 0 : volume}
              aria-label={fr.player.volume}
              aria-valuetext={`${Math.round((muted ? 0 : volume) * 100)} %`}
              onChange={(e) => {
                setMuted(false);
                setVolume(clampVolume(Number(e.target.value)));
              }}
              className="hidden w-24 accent-[var(--color-accent)] sm:block"
            />
            <span className="ml-2 text-sm text-fg/85 tabular-nums">
              {formatClock(time)} / {formatClock(duration)}
            </span>
            <span className="flex-1" />
            {ticket.subtitles.length > 0 && (
              <IconButton
                label={fr.player.subtitles}
                pressed={panel === "subtitles"}
                onClick={() => setPanel(panel === "subtitles" ? "none" : "subtitles")}
              >
                <Captions />
              </IconButton>
            )}
            <IconButton
              label={fr.player.speed}
              pressed={panel === "speed"}
              onClick={() => setPanel(panel === "speed" ? "none" : "speed")}
            >
              <Gauge />
            </IconButton>
            {pipAvailable && (
              <IconButton
                label={fr.player.pip}
                onClick={() => void videoRef.current?.requestPictureInPicture().catch(() => {})}
              >
                <PictureInPicture2 />
              </IconButton>
            )}
            <IconButton
              label={fullscreen ? fr.player.exitFullscreen : fr.player.fullscreen}
              onClick={toggleFullscreen}
            >
              {fullscreen ? <Minimize /> : <Maximize />}
            </IconButton>
          </div>
        </div>

        {panel === "speed" && (
          <SpeedPanel
            value={speed}
            onChoose={(s) => {
              setSpeed(s);
              setPanel("none");
            }}
            onClose={() => setPanel("none")}
          />
        )}
        {panel === "subtitles" && (
          <SubtitlePanel
            tracks={ticket.subtitles}
            value={subtitle}
            onChoose={(id) => {
              setSubtitle(id);
              setPanel("none");
            }}
            onClose={() => setPanel("none")}
          />
        )}
        {panel === "episodes" && (
          <EpisodePanel
            episodes={episodes}
            currentId={episode?.id}
            onChoose={(e) => {
              setPanel("none");
              if (e.id !== episode?.id) onEpisodeChange(e);
            }}
            onClose={() => setPanel("none")}
          />
        )}
        {panel === "rate" && <RateDialog video={video} onClose={() => setPanel("none")} />}
      </div>
    </PlayerGuard>
  );
}

const iconButtonClass =
  "grid size-11 shrink-0 place-items-center rounded-full text-fg transition-colors hover:bg-white/12 aria-pressed:bg-white/16 [&_svg]:size-5 sm:[&_svg]:size-6";

function IconButton({
  label,
  pressed,
  onClick,
  children,
}: {
  label: string;
  pressed?: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      aria-pressed={pressed}
      onClick={onClick}
      className={iconButtonClass}
    >
      {children}
    </button>
  );
}

/** The seek bar: a native range (keyboard and screen readers for free) over the buffered range. */
function SeekBar({
  time,
  duration,
  bufferedEnd,
  onSeek,
}: {
  time: number;
  duration: number;
  bufferedEnd: number;
  onSeek: (seconds: number) => void;
}) {
  const total = Number.isFinite(duration) && duration > 0 ? duration : 0;
  const played = total > 0 ? (time / total) * 100 : 0;
  const buffered = total > 0 ? (Math.min(bufferedEnd, total) / total) * 100 : 0;
  return (
    <div className="group/seek relative h-4">
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
        aria-label={fr.player.seek}
        aria-valuetext={fr.player.seekValue(formatClock(time), formatClock(total))}
        onChange={(e) => onSeek(Number(e.target.value))}
        className="absolute inset-0 w-full cursor-pointer opacity-0"
      />
    </div>
  );
}

/** spec §2 Player: the rating dialog (the info view's stars, in a native modal). */
function RateDialog({ video, onClose }: { video: VideoDetail; onClose: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      className="m-auto w-[min(26rem,calc(100vw-2rem))] rounded-2xl border border-white/10 bg-surface p-6 text-fg backdrop:bg-black/60"
    >
      <div className="flex items-start justify-between gap-4">
        <h2 id={titleId} className="text-lg font-bold">
          {fr.player.rateTitle(video.title)}
        </h2>
        <button
          type="button"
          onClick={onClose}
          aria-label={fr.player.close}
          className="grid size-9 place-items-center rounded-full hover:bg-white/10"
        >
          <X className="size-5" aria-hidden="true" />
        </button>
      </div>
      <RatingStars video={video} />
    </dialog>
  );
}
