import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { Link } from "react-router";
import type { VideoSummary, VideoType } from "#contract/catalogue";
import { buttonStyles } from "#web/components/ui/button-styles.ts";
import { homeText, landingText } from "#web/i18n/catalogue.ts";
import { screenTitles } from "#web/i18n/common.ts";
import { useDocumentTitle } from "#web/lib/use-document-title.ts";
import { landingOptions } from "../api/video-queries.ts";
import { useHeroVideo } from "../hooks/use-hero-video.ts";
import { CatalogueEmpty, CatalogueError, RailsScreenSkeleton } from "./catalogue-state.tsx";
import { VideoHero } from "./video-hero.tsx";
import { VideoRail } from "./video-rail.tsx";

const screens = {
  movie: { title: screenTitles.movies, otherHref: "/series" },
  series: { title: screenTitles.series, otherHref: "/movies" },
} as const;

/**
 * /movies and /series — spec §2 Series and Films pages: a hero (random among the 10 newest of the
 * type) and three rows of 10: popular (views), new (year) and best rated; an empty state.
 */
export function LandingScreen({
  type,
  cardActions,
}: {
  type: VideoType;
  /** The screen's actions for each card's overlay (VideoCard `actions`). */
  cardActions?: (video: VideoSummary) => ReactNode;
}) {
  const screen = screens[type];
  const t = landingText[type];
  useDocumentTitle(screen.title);
  const { data, isPending, isError, error, refetch, isRefetching } = useQuery(landingOptions(type));
  const hero = useHeroVideo(data?.hero);

  return (
    <>
      <h1 className="sr-only">{screen.title}</h1>
      {isPending ? (
        <RailsScreenSkeleton rails={3} />
      ) : isError ? (
        <CatalogueError error={error} retrying={isRefetching} onRetry={() => void refetch()} />
      ) : !hero ? (
        <CatalogueEmpty
          title={t.emptyTitle}
          text={t.emptyText}
          action={
            <Link to={screen.otherHref} className={buttonStyles({ variant: "outline" })}>
              {t.emptyLink}
            </Link>
          }
        />
      ) : (
        <>
          <VideoHero video={hero} eyebrow={homeText.featured} />
          <div className="relative space-y-8 pt-4 pb-24 sm:space-y-10 md:-mt-4">
            <VideoRail title={t.popular} videos={data.popular} cardActions={cardActions} />
            <VideoRail title={t.newest} videos={data.newest} cardActions={cardActions} />
            <VideoRail title={t.topRated} videos={data.topRated} cardActions={cardActions} />
          </div>
        </>
      )}
    </>
  );
}
