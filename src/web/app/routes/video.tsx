import { useQuery } from "@tanstack/react-query";
import { Film, Lock, LogIn, TriangleAlert } from "lucide-react";
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from "react";
import { Link, Navigate, useParams, useSearchParams } from "react-router";
import type { EpisodeSummary, VideoDetail } from "#contract/video-detail";
import { buttonStyles } from "#web/components/ui/button-styles.ts";
import { Spinner } from "#web/components/ui/spinner.tsx";
import { useResume, useSaveProgress } from "#web/features/history/hooks/use-history.ts";
import { FavoriteButton, RatingStars } from "#web/features/library/components/video-actions.tsx";
import { useSettings } from "#web/features/member/hooks/use-member.ts";
import { useStreamSession } from "#web/features/player/api/stream-session.ts";
import { playerIconButtonClass } from "#web/features/player/components/icon-button.tsx";
import { Player } from "#web/features/player/components/player.tsx";
import { PlayerMessage } from "#web/features/player/components/player-message.tsx";
import type { ProgressSink } from "#web/features/player/hooks/use-progress-saving.ts";
import { videoDetailOptions } from "#web/features/video-info/api/detail-queries.ts";
import { screenTitles } from "#web/i18n/common.ts";
import { playerText } from "#web/i18n/player.ts";
import { isApiRequestError } from "#web/lib/api.ts";
import { isVideoId } from "#web/lib/info-link.ts";
import { useSession } from "#web/lib/session/use-session.ts";
import { useDocumentTitle } from "#web/lib/use-document-title.ts";

function PlayerLoading() {
  return (
    <div role="status" className="scheme-dark grid min-h-dvh place-items-center bg-black">
      <div className="flex flex-col items-center gap-4">
        <Spinner className="size-12" />
        <p className="text-muted">{playerText.loading}</p>
      </div>
    </div>
  );
}

function NotFound() {
  return (
    <PlayerMessage icon={Film} title={playerText.notFoundTitle} text={playerText.notFoundText} alert>
      <Link to="/" className={buttonStyles()}>
        {playerText.backHome}
      </Link>
    </PlayerMessage>
  );
}

/** spec §4/§6: the player refuses a visitor with 'Authentification requise'. */
function SignInRequired() {
  return (
    <PlayerMessage icon={LogIn} title={playerText.authTitle} text={playerText.authText} alert>
      <Link to="/login" className={buttonStyles()}>
        {playerText.signIn}
      </Link>
    </PlayerMessage>
  );
}

/**
 * The plans and their checkout (a fifth of the player route's script) only for a member the
 * paywall may stop: a visitor's player, the sign-in screen, loads and runs none of it (issue 14).
 * Asked for as soon as a member opens a player, so it is there when the paywall shows.
 */
const loadPlansPanel = () => import("#web/features/subscription/components/plans-panel.tsx");
const PlansPanel = lazy(() => loadPlansPanel().then((m) => ({ default: m.PlansPanel })));

/** spec §2 Subscription guard: the premium paywall offering plans or a return home. */
function Paywall() {
  return (
    // At the top, « Retour à l'accueil » before the plans: nothing moves when they arrive (the
    // centred message jumped up by half a screen, under the reader's finger).
    <PlayerMessage icon={Lock} title={playerText.paywallTitle} text={playerText.paywallText} top>
      <Link to="/" replace className={buttonStyles({ variant: "outline" })}>
        {playerText.backHome}
      </Link>
      <div className="mt-8 text-left">
        <Suspense fallback={<Spinner className="mx-auto size-8" />}>
          <PlansPanel headingLevel={2} />
        </Suspense>
      </div>
    </PlayerMessage>
  );
}

/**
 * Where the player sends the member's position: the history's saves (spec §5 Watch progress), PUT
 * while the page lives and a beacon when it is hidden or closed; each save carries the moment it
 * was taken, so a late one never moves progress back.
 */
function useProgressSink(): ProgressSink {
  const { save, beaconProgress } = useSaveProgress();
  return useMemo(
    () => ({
      save: (point) => {
        // A failed save is followed by a newer one (30 s, pause, leaving): nothing to show.
        void save(point).catch(() => {});
      },
      beacon: beaconProgress,
    }),
    [save, beaconProgress],
  );
}

/** /video/:id — spec §2 "Player"; the header is hidden here. */
export default function VideoRoute() {
  const { id = "" } = useParams();
  const valid = isVideoId(id);
  const session = useSession();
  const detail = useQuery({ ...videoDetailOptions(id), enabled: valid });
  useDocumentTitle(detail.data?.title ?? screenTitles.player);

  if (!valid) return <NotFound />;
  if (detail.isPending || session.isPending) return <PlayerLoading />;
  if (detail.isError) {
    if (isApiRequestError(detail.error) && detail.error.status === 404) return <NotFound />;
    return (
      <PlayerMessage icon={TriangleAlert} title={playerText.errors.title} text={detail.error.message} alert>
        <button type="button" className={buttonStyles()} onClick={() => detail.refetch()}>
          {playerText.retry}
        </button>
      </PlayerMessage>
    );
  }
  if (!session.user) return <SignInRequired />;
  if (detail.data.type === "series" && detail.data.episodes.length === 0) {
    return <PlayerMessage icon={Film} title={playerText.noEpisodes} text={detail.data.title} />;
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
  // `?t=` (whole seconds; a line of dialogue, decision 050) starts there instead of offering to resume.
  const t = Number(params.get("t") ?? Number.NaN);
  const startAt = Number.isInteger(t) && t >= 0 ? t : null;
  const resumeAt =
    startAt === null && resume.data && (video.type === "movie" || resume.data.episodeId === episode?.id)
      ? resume.data.position
      : null;
  return (
    <StreamedPlayer
      key={episode?.id ?? video.id}
      video={video}
      episode={episode}
      resumeAt={resumeAt}
      startAt={startAt}
      onEpisodeChange={(next) => setParams({ episode: next.id })}
    />
  );
}

function StreamedPlayer({
  video,
  episode,
  resumeAt,
  startAt,
  onEpisodeChange,
}: {
  video: VideoDetail;
  episode: EpisodeSummary | undefined;
  resumeAt: number | null;
  startAt: number | null;
  onEpisodeChange: (episode: EpisodeSummary) => void;
}) {
  const [attempt, setAttempt] = useState(0);
  const renewed = useRef(false);
  // The ticket refused twice, and whether the member asked to try again: until a new ticket
  // arrives, that one is never handed back to the player (it would only be refused once more).
  const [refused, setRefused] = useState<{ token: string; retrying: boolean } | null>(null);
  const current = useRef<string | null>(null);
  const { user } = useSession();
  useEffect(() => {
    if (user) void loadPlansPanel().catch(() => undefined);
  }, [user]);
  // The member's playback settings (from this device's copy at once, then the server's).
  const settings = useSettings(user?.id ?? "");
  const saved = settings.data?.settings;
  const preferences = saved
    ? { volume: saved.volume, autoplay: saved.autoplay, subtitles: saved.subtitles }
    : undefined;
  const stream = useStreamSession(video.id, episode?.id, true, attempt);
  current.current = stream.status === "ready" ? stream.ticket.token : null;
  const progress = useProgressSink();
  // An expired or revoked ticket gets one new one; a second refusal is shown as an error.
  const onStreamRejected = useCallback(() => {
    if (renewed.current) {
      const token = current.current;
      if (token) setRefused({ token, retrying: false });
      return;
    }
    renewed.current = true;
    setAttempt((n) => n + 1);
  }, []);
  const retry = () => {
    renewed.current = false;
    setRefused((r) => r && { ...r, retrying: true });
    setAttempt((n) => n + 1);
  };

  if (stream.status === "loading" || (settings.isPending && !settings.isError)) return <PlayerLoading />;
  if (stream.status === "error") {
    const { code, message } = stream.error;
    if (code === "UNAUTHENTICATED") return <SignInRequired />;
    if (code === "SUBSCRIPTION_REQUIRED") return <Paywall />;
    if (code === "TOO_MANY_STREAMS") return <Navigate to="/error/TOO_MANY_STREAMS" replace />;
    if (code === "VIDEO_NOT_FOUND" || code === "NOT_FOUND") return <NotFound />;
    return (
      <PlayerMessage icon={TriangleAlert} title={playerText.errors.title} text={message} alert>
        <button type="button" className={buttonStyles()} onClick={retry}>
          {playerText.retry}
        </button>
      </PlayerMessage>
    );
  }
  if (refused && stream.ticket.token === refused.token) {
    if (refused.retrying) return <PlayerLoading />;
    return (
      <PlayerMessage
        icon={TriangleAlert}
        title={playerText.errors.title}
        text={playerText.errors.streamRefused}
        alert
      >
        <button type="button" className={buttonStyles()} onClick={retry}>
          {playerText.retry}
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
      startAt={startAt}
      progress={progress}
      onEpisodeChange={onEpisodeChange}
      onStreamRejected={onStreamRejected}
      {...(preferences ? { preferences } : {})}
      actions={<FavoriteButton video={video} variant="icon" className={playerIconButtonClass} />}
      rating={<RatingStars video={video} />}
    />
  );
}
