import { useQuery } from "@tanstack/react-query";
import { Film, Play, TriangleAlert } from "lucide-react";
import { type ReactNode, useEffect, useRef } from "react";
import { Link } from "react-router";
import type { VideoSummary } from "#contract/catalogue";
import { SIMILAR_SHOWN, type VideoDetail } from "#contract/video-detail";
import { BackdropImage } from "#web/components/ui/backdrop-image.tsx";
import { buttonStyles } from "#web/components/ui/button-styles.ts";
import { StateMessage } from "#web/components/ui/state-message.tsx";
import { TypeBadge } from "#web/components/ui/type-badge.tsx";
import { VideoFacts } from "#web/components/ui/video-facts.tsx";
import { homeText } from "#web/i18n/catalogue.ts";
import { commonText, videoText } from "#web/i18n/common.ts";
import { infoText } from "#web/i18n/video-info.ts";
import { isApiRequestError } from "#web/lib/api.ts";
import { useFadeIn } from "#web/lib/first-screen.ts";
import { formatCompactViews, formatInteger, formatRating } from "#web/lib/format.ts";
import { useFirstAnswerDeferred } from "#web/lib/use-first-answer-deferred.ts";
import { similarVideosOptions, videoDetailOptions } from "../api/detail-queries.ts";
import { ShareButton } from "./share-button.tsx";
import { VideoCardWide, VideoCardWideSkeleton } from "./video-card-wide.tsx";

/** spec §2 Info modal: 'first 6 episodes for series'. */
const EPISODES_SHOWN = 6;

/**
 * What the screen puts in the info view (docs/decisions/010): the member's actions after Lecture
 * (Ma liste, J'aime) and their rating under the description.
 */
export interface InfoSlots {
  actions?: ((video: VideoDetail) => ReactNode) | undefined;
  rating?: ((video: VideoDetail) => ReactNode) | undefined;
}

/**
 * The info view of a video (spec §2 "Video card and info modal"), shared by the /info/{id} page
 * and the modal opened from a card: hero with Lecture, the screen's actions (favourite, J'aime) and
 * share; description; the member's stars; the first 6 episodes of a series; the info panel (year,
 * views, creator…); genres; 3 similar titles. Every box is sized before its data arrives (no
 * layout shift).
 */
export function InfoView({
  id,
  titleId,
  headingLevel,
  slots = {},
}: {
  id: string;
  titleId: string;
  headingLevel: 1 | 2;
  slots?: InfoSlots | undefined;
}) {
  const detail = useQuery(videoDetailOptions(id));
  const video = useFirstAnswerDeferred(detail.data);

  if (detail.isError) {
    // 400 (not an id) and 404 (no such video) are the same to a visitor: it does not exist.
    const notFound =
      isApiRequestError(detail.error) && (detail.error.status === 404 || detail.error.status === 400);
    return (
      <div className="p-6 sm:p-10">
        <StateMessage
          alert
          headingLevel={headingLevel}
          headingId={titleId}
          icon={notFound ? Film : TriangleAlert}
          title={notFound ? infoText.notFoundTitle : infoText.errorTitle}
          text={notFound ? infoText.notFoundText : `${detail.error.message} ${homeText.errorHint}`}
          action={
            notFound ? (
              <Link to="/" className={buttonStyles()}>
                {infoText.backHome}
              </Link>
            ) : (
              <button type="button" className={buttonStyles()} onClick={() => detail.refetch()}>
                {commonText.retry}
              </button>
            )
          }
        />
      </div>
    );
  }
  if (!video) return <InfoViewSkeleton />;
  return <InfoContent video={video} titleId={titleId} headingLevel={headingLevel} slots={slots} />;
}

function InfoContent({
  video,
  titleId,
  headingLevel,
  slots,
}: {
  video: VideoDetail;
  titleId: string;
  headingLevel: 1 | 2;
  slots: InfoSlots;
}) {
  const Title = headingLevel === 1 ? "h1" : "h2";
  const fadeIn = useFadeIn();
  // A similar title opened from inside the modal: the focus waited on the dialog while this one
  // loaded (components/ui/dialog.tsx); it goes to the title now that it is drawn.
  const titleRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    const title = titleRef.current;
    const dialog = title?.closest("dialog");
    if (!title || !dialog || document.activeElement !== dialog) return;
    title.tabIndex = -1;
    title.dataset.pageFocus = "";
    title.focus({ preventScroll: true });
  }, []);

  return (
    <article className={fadeIn}>
      <div className="relative isolate">
        <Backdrop image={video.backdrop ?? video.thumbnail} />
        <div className="relative -mt-24 px-5 pb-2 sm:-mt-40 sm:px-10">
          <div className="mb-3 flex items-center gap-3">
            <TypeBadge type={video.type} />
            <span className="rounded border border-white/25 px-1.5 py-0.5 text-[0.7rem] font-bold text-fg/90">
              {infoText.maturity[video.maturity]}
            </span>
          </div>
          <Title
            ref={titleRef}
            id={titleId}
            className="max-w-3xl text-[clamp(1.9rem,4.4vw,3.4rem)] leading-[1.05] font-black tracking-[-0.02em] text-balance drop-shadow-[0_2px_24px_rgb(0_0_0/0.5)]"
          >
            {video.title}
          </Title>
          <VideoFacts video={video} className="mt-3" />
          <div className="mt-6 flex flex-wrap items-center gap-3">
            <Link to={`/video/${video.id}`} className={buttonStyles({ size: "lg" })}>
              <Play className="fill-current" aria-hidden="true" />
              {infoText.play}
            </Link>
            {slots.actions?.(video)}
            <ShareButton video={video} />
          </div>
        </div>
      </div>

      <div className="grid gap-10 px-5 pt-6 pb-8 sm:px-10 md:grid-cols-[minmax(0,1fr)_17rem]">
        <div className="min-w-0">
          <p className="max-w-2xl text-base leading-relaxed text-pretty text-fg/85 sm:text-lg">
            {video.description}
          </p>
          {slots.rating?.(video)}
          {video.type === "series" && <EpisodeList video={video} />}
        </div>
        <InfoPanel video={video} />
      </div>

      <SimilarVideos id={video.id} />
    </article>
  );
}

function Backdrop({ image }: { image: string | null }) {
  return (
    <div
      aria-hidden="true"
      className="relative -z-10 aspect-video max-h-[28rem] w-full overflow-hidden bg-surface-2"
    >
      {image && <BackdropImage src={image} />}
      <div className="absolute inset-0 bg-gradient-to-t from-surface via-surface/40 to-transparent" />
    </div>
  );
}

function InfoPanel({ video }: { video: VideoDetail }) {
  const t = infoText.facts;
  const rows: [string, ReactNode][] = [
    [t.year, video.year],
    [
      t.views,
      <span key="v" title={videoText.views(video.views, formatInteger(video.views))}>
        {formatCompactViews(video.views)}
      </span>,
    ],
    [t.creator, video.creator ?? infoText.noCreator],
    [t.language, video.language],
    video.type === "series"
      ? [t.seasons, formatInteger(video.totalSeasons)]
      : [t.duration, video.duration || "—"],
    [
      t.rating,
      video.totalRatings > 0
        ? infoText.averageOf(
            formatRating(video.averageRating),
            video.totalRatings,
            formatInteger(video.totalRatings),
          )
        : videoText.unrated,
    ],
    // « J'aime » is its own count, never part of the rating (docs/decisions/040).
    [t.likes, infoText.likesOf(video.likes, formatInteger(video.likes))],
  ];
  return (
    <aside aria-label={infoText.about} className="text-sm">
      <h3 className="text-xs font-bold tracking-[0.14em] text-muted uppercase">{infoText.about}</h3>
      <dl className="mt-3 divide-y divide-white/8 rounded-xl border border-line bg-surface-2/40">
        {rows.map(([label, value]) => (
          <div key={label} className="flex items-baseline justify-between gap-4 px-4 py-2.5">
            <dt className="text-muted">{label}</dt>
            <dd className="text-right font-medium text-fg tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
      {video.category.length > 0 && (
        <>
          <h3 className="mt-5 text-xs font-bold tracking-[0.14em] text-muted uppercase">{t.genres}</h3>
          <ul className="mt-2 flex flex-wrap gap-2">
            {video.category.map((name) => (
              <li key={name}>
                <Link
                  to={`/categories?genre=${encodeURIComponent(name)}`}
                  className="inline-flex h-8 items-center rounded-full border border-white/15 px-3 text-sm font-medium text-fg/90 transition-colors hover:border-white/35 hover:bg-white/6"
                >
                  {name}
                </Link>
              </li>
            ))}
          </ul>
        </>
      )}
    </aside>
  );
}

function EpisodeList({ video }: { video: VideoDetail }) {
  const shown = video.episodes.slice(0, EPISODES_SHOWN);
  return (
    <section aria-labelledby="info-episodes" className="mt-8">
      <h3 id="info-episodes" className="text-lg font-bold tracking-tight">
        {infoText.episodes}
      </h3>
      {shown.length === 0 ? (
        <p className="mt-3 rounded-xl border border-line bg-surface-2/40 px-4 py-5 text-muted">
          {infoText.noEpisodes}
        </p>
      ) : (
        <ol className="mt-3 divide-y divide-white/8 overflow-hidden rounded-xl border border-line">
          {shown.map((episode) => (
            <li key={episode.id}>
              <Link
                to={`/video/${video.id}?episode=${episode.id}`}
                className="group flex items-start gap-4 px-4 py-3.5 transition-colors hover:bg-white/5 focus-visible:bg-white/5"
              >
                <span className="w-14 shrink-0 pt-0.5 text-sm font-bold text-muted tabular-nums">
                  {infoText.episodeLabel(episode.seasonNumber, episode.episodeNumber)}
                </span>
                <span className="min-w-0 flex-1">
                  <span className="flex items-baseline justify-between gap-3">
                    <span className="truncate font-semibold text-fg group-hover:text-accent">
                      {episode.title}
                    </span>
                    <span className="shrink-0 text-sm text-muted tabular-nums">{episode.duration}</span>
                  </span>
                  {episode.description && (
                    <span className="mt-0.5 line-clamp-2 text-sm text-muted">{episode.description}</span>
                  )}
                </span>
              </Link>
            </li>
          ))}
        </ol>
      )}
      {video.episodes.length > EPISODES_SHOWN && (
        <Link to={`/video/${video.id}`} className={`${buttonStyles({ variant: "ghost", size: "sm" })} mt-3`}>
          {infoText.allEpisodes(video.episodes.length, formatInteger(video.episodes.length))}
        </Link>
      )}
    </section>
  );
}

function SimilarVideos({ id }: { id: string }) {
  const similar = useQuery(similarVideosOptions(id));
  const items: VideoSummary[] = similar.data?.items.slice(0, SIMILAR_SHOWN) ?? [];
  if (similar.isSuccess && items.length === 0) {
    return (
      <section aria-labelledby="info-similar" className="px-5 pb-10 sm:px-10">
        <h3 id="info-similar" className="text-lg font-bold tracking-tight">
          {infoText.similar}
        </h3>
        <p className="mt-2 text-muted">{infoText.noSimilar}</p>
      </section>
    );
  }
  if (similar.isError) return null;
  return (
    <section aria-labelledby="info-similar" className="px-5 pb-10 sm:px-10">
      <h3 id="info-similar" className="text-lg font-bold tracking-tight">
        {infoText.similar}
      </h3>
      <ul className="mt-4 grid grid-cols-1 gap-5 sm:grid-cols-3">
        {similar.isPending
          ? Array.from({ length: SIMILAR_SHOWN }, (_, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
              <li key={index}>
                <VideoCardWideSkeleton />
              </li>
            ))
          : items.map((video) => (
              <li key={video.id}>
                <VideoCardWide video={video} />
              </li>
            ))}
      </ul>
    </section>
  );
}

/** The info view's boxes while the video loads. */
export function InfoViewSkeleton() {
  return (
    <div role="status" aria-busy="true">
      <span className="sr-only">{infoText.loading}</span>
      <div aria-hidden="true">
        <div className="aspect-video max-h-[28rem] w-full bg-surface-2" />
        <div className="relative -mt-24 px-5 sm:-mt-40 sm:px-10">
          <div className="skeleton h-5 w-28 rounded-md" />
          <div className="skeleton mt-3 h-[clamp(1.9rem,4.4vw,3.4rem)] w-3/5 rounded-xl" />
          <div className="skeleton mt-3 h-5 w-2/5 rounded-md" />
          <div className="mt-6 flex gap-3">
            <div className="skeleton h-12 w-36 rounded-full" />
            <div className="skeleton h-12 w-48 rounded-full" />
            <div className="skeleton size-12 rounded-full" />
          </div>
        </div>
        <div className="space-y-2.5 px-5 pt-8 sm:px-10">
          <div className="skeleton h-4 w-full max-w-2xl rounded" />
          <div className="skeleton h-4 w-11/12 max-w-2xl rounded" />
          <div className="skeleton h-4 w-2/3 max-w-2xl rounded" />
        </div>
      </div>
    </div>
  );
}
