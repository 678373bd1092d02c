import { type ReactNode, useEffect, useRef, useState } from "react";
import type { TicketResponse } from "#contract/stream";
import type { EpisodeSummary, VideoDetail } from "#contract/video-detail";
import { Spinner } from "#web/components/ui/spinner.tsx";
import { playerText } from "#web/i18n/player.ts";
import { useGoBack } from "#web/lib/use-go-back.ts";
import { useAutoHide } from "../hooks/use-auto-hide.ts";
import { useFullscreen } from "../hooks/use-fullscreen.ts";
import { useHlsSource } from "../hooks/use-hls-source.ts";
import { useMedia } from "../hooks/use-media.ts";
import {
  DEFAULT_PREFERENCES,
  type PlaybackPreferences,
  useMediaSettings,
} from "../hooks/use-media-settings.ts";
import { nextEpisodeOf, useNextEpisode } from "../hooks/use-next-episode.ts";
import { usePlaybackFailure } from "../hooks/use-playback-failure.ts";
import { usePlayerKeys } from "../hooks/use-player-keys.ts";
import { type ProgressSink, useProgressSaving } from "../hooks/use-progress-saving.ts";
import { useTicketRenewal } from "../hooks/use-ticket-renewal.ts";
import { useViewCount } from "../hooks/use-view-count.ts";
import { NextEpisodeOffer } from "./next-episode-offer.tsx";
import { PlaybackError } from "./playback-error.tsx";
import { PlayerControls } from "./player-controls.tsx";
import { PlayerGuard } from "./player-guard.tsx";
import { OpenPanel, type Panel } from "./player-panels.tsx";
import { PlayerTopBar } from "./player-top-bar.tsx";
import { ResumeOffer } from "./resume-offer.tsx";

/**
 * The full-screen player (spec §2 Player): every control and key of the spec, controls that hide
 * after 3 s of stillness while playing, the loading / buffering / error states with the spec's
 * French texts, episodes by season with the next one offered at the end, WebVTT subtitles, speeds,
 * picture-in-picture, resume within the spec's window, progress saved (spec §5) and one view per
 * load on first play. Each concern is a hook of ../hooks; the screen fills `actions` (Ma liste)
 * and `rating` (the member's stars).
 */
export function Player({
  video,
  episode,
  ticket,
  resumeAt,
  startAt = null,
  progress,
  onEpisodeChange,
  onStreamRejected,
  preferences = DEFAULT_PREFERENCES,
  actions,
  rating,
}: {
  video: VideoDetail;
  episode: EpisodeSummary | undefined;
  ticket: TicketResponse;
  /** Where the member stopped, inside the resume window (spec §5), or null. */
  resumeAt: number | null;
  /** Seconds to start at, asked by the address (`?t=`, a line of dialogue: decision 050), or null. */
  startAt?: number | null;
  progress: ProgressSink;
  onEpisodeChange: (episode: EpisodeSummary) => void;
  /** The stream refused the ticket (expired or revoked): ask for a new one once. */
  onStreamRejected: () => void;
  /** The member's playback settings: volume, subtitles, and autoplay of the next episode. */
  preferences?: PlaybackPreferences;
  /** The screen's buttons at the end of the top bar (Ma liste; style: playerIconButtonClass). */
  actions?: ReactNode;
  /** What the 'Noter' dialog holds (the member's stars), filled by the screen. */
  rating?: ReactNode;
}) {
  const rootRef = useRef<HTMLDivElement>(null);
  const videoRef = useRef<HTMLVideoElement>(null);
  const [panel, setPanel] = useState<Panel>("none");
  const [resumeOffer, setResumeOffer] = useState(resumeAt);
  // Applied once, when the first source knows its duration.
  const pendingStart = useRef(startAt);
  // A control reached with the keyboard keeps the controls shown while it has the focus (a focus
  // ring on faded controls showed nothing); read from the page when the wait ends, so a control
  // gone with its focus (the resume offer's « Reprendre ») holds nothing.
  const controls = useAutoHide(() => {
    const focused = document.activeElement;
    return (
      focused instanceof HTMLElement &&
      focused !== videoRef.current &&
      rootRef.current?.contains(focused) === true &&
      focused.matches(":focus-visible")
    );
  });
  const screen = useFullscreen(rootRef);
  const next = useNextEpisode({
    next: nextEpisodeOf(video.episodes, episode),
    autoplay: preferences.autoplay,
    onEpisodeChange,
  });
  const countView = useViewCount(video.id, ticket.token);
  const media = useMedia(videoRef, {
    play: () => setResumeOffer(null),
    playing: countView,
    pause: () => saveNow(),
    ended: () => {
      saveNow();
      next.offer();
    },
    loadedMetadata: (el) => {
      const start = pendingStart.current;
      if (start !== null) {
        pendingStart.current = null;
        el.currentTime = Number.isFinite(el.duration) ? Math.min(start, el.duration) : start;
      }
      restore(el);
    },
  });
  const settings = useMediaSettings(videoRef, preferences, ticket.subtitles, media.loaded);
  const failures = usePlaybackFailure({ loaded: media.loaded, url: ticket.url, onStreamRejected });
  const restore = useTicketRenewal(videoRef, ticket.url, failures.clear);
  const source = useHlsSource(videoRef, ticket, (code) => void failures.onMediaError(code));
  const { saveNow } = useProgressSaving({
    mediaRef: videoRef,
    videoId: video.id,
    episodeId: episode?.id ?? null,
    playing: media.playing,
    sink: progress,
  });
  // The button a panel was opened from takes the focus back when it closes (Escape, « Fermer le
  // panneau », a choice made): the focus fell to the page otherwise.
  const opener = useRef<HTMLElement | null>(null);
  const openPanel = (name: Exclude<Panel, "none">) => {
    if (panel === "none" && document.activeElement instanceof HTMLElement)
      opener.current = document.activeElement;
    setPanel(name);
  };
  const toggle = (name: Exclude<Panel, "none">) => (panel === name ? setPanel("none") : openPanel(name));
  const closePanel = () => setPanel("none");
  useEffect(() => {
    if (panel !== "none") return;
    const from = opener.current;
    opener.current = null;
    const lost = document.activeElement === null || document.activeElement === document.body;
    if (from?.isConnected && lost) from.focus();
  }, [panel]);
  usePlayerKeys(
    {
      togglePlay: media.togglePlay,
      toggleMute: settings.toggleMute,
      toggleFullscreen: screen.toggle,
      escape: () => (panel !== "none" ? closePanel() : screen.exit()),
      seekBy: media.seekBy,
      volumeBy: settings.volumeBy,
      onKey: () => controls.reveal(),
    },
    panel !== "none",
  );

  const failure = failures.failure;
  const showControls =
    controls.visible || !media.playing || panel !== "none" || resumeOffer !== null || failure !== null;
  const pipAvailable = typeof document !== "undefined" && document.pictureInPictureEnabled === true;
  const back = useGoBack();
  // On a touch screen, the tap that brings hidden controls back only shows them (a phone player's
  // habit); the next tap on the picture plays or pauses.
  const tapOnlyReveals = useRef(false);

  return (
    <PlayerGuard onBlock={() => videoRef.current?.pause()}>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: pointer movement only reveals the controls; keys do the same through the window listener */}
      <div
        ref={rootRef}
        className={`scheme-dark fixed inset-0 z-50 bg-black text-fg select-none ${showControls ? "player-controls-shown" : "cursor-none"}`}
        onMouseMove={() => controls.reveal()}
        onPointerDown={(event) => {
          tapOnlyReveals.current = event.pointerType === "touch" && !showControls;
        }}
        onTouchStart={() => controls.reveal(true)}
        onFocus={(event) => {
          // Tab onto a control brings them back.
          const target = event.target as HTMLElement;
          if (target !== videoRef.current && target.matches(":focus-visible")) controls.reveal();
        }}
      >
        <video
          ref={videoRef}
          src={ticket.hls ? undefined : ticket.url}
          preload="auto"
          playsInline
          autoPlay={resumeAt === null}
          onClick={() => {
            if (tapOnlyReveals.current) tapOnlyReveals.current = false;
            else media.togglePlay();
          }}
          onDoubleClick={screen.toggle}
          {...media.events}
          onError={() => void failures.onMediaError(videoRef.current?.error?.code ?? 0)}
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
              default={track.id === settings.subtitle}
            />
          ))}
        </video>

        {(media.buffering || !media.loaded) && !failure && (
          <div role="status" className="pointer-events-none absolute inset-0 grid place-items-center">
            <Spinner className="size-14" />
            <span className="sr-only">{playerText.loading}</span>
          </div>
        )}
        {failure && (
          <PlaybackError failure={failure} onRetry={() => window.location.reload()} onBack={back} />
        )}

        <PlayerTopBar
          title={video.title}
          episode={episode}
          visible={showControls}
          hasEpisodes={video.episodes.length > 0}
          panel={panel}
          onBack={back}
          onEpisodes={() => toggle("episodes")}
          onRate={() => openPanel("rate")}
          actions={actions}
        />

        {resumeOffer !== null && !failure && (
          <ResumeOffer
            at={resumeOffer}
            onResume={() => {
              media.seekTo(resumeOffer);
              media.play();
            }}
            onRestart={() => {
              media.seekTo(0);
              media.play();
            }}
          />
        )}
        {next.countdown !== null && next.next && (
          <NextEpisodeOffer
            episode={next.next}
            countdown={next.countdown}
            onPlayNow={() => next.next && onEpisodeChange(next.next)}
            onCancel={next.cancel}
          />
        )}

        <PlayerControls
          visible={showControls}
          playing={media.playing}
          time={media.time}
          duration={media.duration}
          bufferedEnd={media.bufferedEnd}
          volume={settings.volume}
          silent={settings.silent}
          fullscreen={screen.fullscreen}
          hasSubtitles={ticket.subtitles.length > 0}
          hasQualities={source.choosable && ticket.qualities.length > 1}
          trickplay={ticket.trickplay}
          panel={panel}
          onSeek={media.seekTo}
          onTogglePlay={media.togglePlay}
          onToggleMute={settings.toggleMute}
          onVolume={settings.setVolume}
          onPanel={toggle}
          onPip={
            pipAvailable ? () => void videoRef.current?.requestPictureInPicture().catch(() => {}) : undefined
          }
          onToggleFullscreen={screen.toggle}
        />

        <OpenPanel
          panel={panel}
          video={video}
          episode={episode}
          tracks={ticket.subtitles}
          settings={settings}
          rating={rating}
          quality={{
            heights: ticket.qualities.map((q) => q.height),
            choice: source.choice,
            playingHeight: source.playingHeight,
            choose: source.choose,
          }}
          onEpisodeChange={onEpisodeChange}
          onClose={closePanel}
        />
      </div>
    </PlayerGuard>
  );
}
