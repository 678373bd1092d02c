import { useQuery } from "@tanstack/react-query";
import { Film, Lock, LogIn, TriangleAlert } from "lucide-react";
import { useCallback, useRef, useState } from "react";
import { Link, Navigate, useParams, useSearchParams } from "react-router";
import type { EpisodeSummary, VideoDetail } from "#contract/video-detail";
import { buttonStyles } from "#web/components/ui/button-styles.ts";
import { Spinner } from "#web/components/ui/spinner.tsx";
import { useSession } from "#web/features/auth/hooks/use-session.ts";
import { useResume } from "#web/features/history/hooks.ts";
import { useSettings } from "#web/features/member/hooks.ts";
import { useProgressSink } from "#web/features/player/api/progress-sink.ts";
import { useStreamSession } from "#web/features/player/api/stream-session.ts";
import { Player } from "#web/features/player/components/player.tsx";
import { PlayerMessage } from "#web/features/player/components/player-message.tsx";
import { PlansPanel } from "#web/features/subscription/components/plans-panel.tsx";
import { videoDetailOptions } from "#web/features/video-info/api/detail-queries.ts";
import { isVideoId } from "#web/features/video-info/info-link.ts";
import { fr } from "#web/i18n/fr.ts";
import { isApiRequestError } from "#web/lib/api.ts";
import { useDocumentTitle } from "#web/lib/use-document-title.ts";

function PlayerLoading() {
  return (
    <div role="status" className="grid min-h-dvh place-items-center bg-black">
      <div className="flex flex-col items-center gap-4">
        <Spinner className="size-12" />
        <p className="text-muted">{fr.player.loading}</p>
      </div>
    </div>
  );
}

function NotFound() {
  return (
    <PlayerMessage icon={Film} title={fr.player.notFoundTitle} text={fr.player.notFoundText} alert>
      <Link to="/" className={buttonStyles()}>
        {fr.player.backHome}
      </Link>
    </PlayerMessage>
  );
}

/** spec §4/§6: the player refuses a visitor with 'Authentification requise'. */
function SignInRequired() {
  return (
    <PlayerMessage icon={LogIn} title={fr.player.authTitle} text={fr.player.authText} alert>
      <Link to="/login" className={buttonStyles()}>
        {fr.player.signIn}
      </Link>
    </PlayerMessage>
  );
}

/** spec §2 Subscription guard: the premium paywall offering plans or a return home. */
function Paywall() {
  return (
    <PlayerMessage icon={Lock} title={fr.player.paywallTitle} text={fr.player.paywallText}>
      <div className="text-left">
        <PlansPanel headingLevel={2} />
      </div>
      <Link to="/" replace className={`${buttonStyles({ variant: "outline" })} mt-8`}>
        {fr.player.backHome}
      </Link>
    </PlayerMessage>
  );
}

/** /video/:id — spec §2 "Player" (issue #5); the header is hidden here. */
export default function VideoRoute() {
  const { id = "" } = useParams();
  const valid = isVideoId(id);
  const session = useSession();
  const detail = useQuery({ ...videoDetailOptions(id), enabled: valid });
  useDocumentTitle(detail.data?.title ?? fr.screens.player);

  if (!valid) return <NotFound />;
  if (detail.isPending || session.isPending) return <PlayerLoading />;
  if (detail.isError) {
    if (isApiRequestError(detail.error) && detail.error.status === 404) return <NotFound />;
    return (
      <PlayerMessage icon={TriangleAlert} title={fr.player.errors.title} text={detail.error.message} alert>
        <button type="button" className={buttonStyles()} onClick={() => detail.refetch()}>
          {fr.player.retry}
        </button>
      </PlayerMessage>
    );
  }
  if (!session.user) return <SignInRequired />;
  if (detail.data.type === "series" && detail.data.episodes.length === 0) {
    return <PlayerMessage icon={Film} title={fr.player.noEpisodes} text={detail.data.title} />;
  }
  return <PlayerLoader video={detail.data} />;
}

/** Chooses the episode (the address's, else the one last watched, else the first) and the resume point. */
function PlayerLoader({ video }: { video: VideoDetail }) {
  const [params, setParams] = useSearchParams();
  const requested = params.get("episode");
  const requestedEpisode = video.episodes.find((e) => e.id === requested);
  const resume = useResume(video.id, requestedEpisode?.id ?? null);
  // A failed resume lookup plays from the start rather than keeping the member waiting.
  if (resume.isPending && !resume.isError) return <PlayerLoading />;
  const last = resume.data?.episodeId
    ? video.episodes.find((e) => e.id === resume.data.episodeId)
    : undefined;
  const episode = video.type === "series" ? (requestedEpisode ?? last ?? video.episodes[0]) : undefined;
  const resumeAt =
    resume.data && (video.type === "movie" || resume.data.episodeId === episode?.id)
      ? resume.data.position
      : null;
  return (
    <StreamedPlayer
      key={episode?.id ?? video.id}
      video={video}
      episode={episode}
      resumeAt={resumeAt}
      onEpisodeChange={(next) => setParams({ episode: next.id })}
    />
  );
}

function StreamedPlayer({
  video,
  episode,
  resumeAt,
  onEpisodeChange,
}: {
  video: VideoDetail;
  episode: EpisodeSummary | undefined;
  resumeAt: number | null;
  onEpisodeChange: (episode: EpisodeSummary) => void;
}) {
  const [attempt, setAttempt] = useState(0);
  const renewed = useRef(false);
  const { user } = useSession();
  // The member's playback settings (from this device's copy at once, then the server's).
  const settings = useSettings(user?.id ?? "");
  const saved = settings.data?.settings;
  const preferences = saved
    ? { volume: saved.volume, autoplay: saved.autoplay, subtitles: saved.subtitles }
    : undefined;
  const stream = useStreamSession(video.id, episode?.id, true, attempt);
  const progress = useProgressSink();
  // An expired or revoked ticket gets one new one; a second refusal is shown as an error.
  const onStreamRejected = useCallback(() => {
    if (renewed.current) return;
    renewed.current = true;
    setAttempt((n) => n + 1);
  }, []);

  if (stream.status === "loading" || (settings.isPending && !settings.isError)) return <PlayerLoading />;
  if (stream.status === "error") {
    const { code, message } = stream.error;
    if (code === "UNAUTHENTICATED") return <SignInRequired />;
    if (code === "SUBSCRIPTION_REQUIRED") return <Paywall />;
    if (code === "TOO_MANY_STREAMS") return <Navigate to="/error/TOO_MANY_STREAMS" replace />;
    if (code === "VIDEO_NOT_FOUND" || code === "NOT_FOUND") return <NotFound />;
    return (
      <PlayerMessage icon={TriangleAlert} title={fr.player.errors.title} text={message} alert>
        <button type="button" className={buttonStyles()} onClick={() => setAttempt((n) => n + 1)}>
          {fr.player.retry}
        </button>
      </PlayerMessage>
    );
  }
  return (
    <Player
      video={video}
      episode={episode}
      ticket={stream.ticket}
      resumeAt={resumeAt}
      progress={progress}
      onEpisodeChange={onEpisodeChange}
      onStreamRejected={onStreamRejected}
      {...(preferences ? { preferences } : {})}
    />
  );
}
